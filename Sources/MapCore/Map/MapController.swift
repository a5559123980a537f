/// The map: its camera, how it answers input, and the scene it shows at a
/// given moment. It reads no clock: every call carries `now` in seconds.
///
///     let map = MapController(camera: camera, levels: source.levels, attribution: "Natural Earth")
///     map.handle(.wheel(at: cursor, dx: 0, dy: 1), at: now)
///     let scene = map.scene(at: now, tiles: loader, text: fonts)
public final class MapController {
    public internal(set) var camera: Camera
    /// The view `0` returns to.
    public let home: Camera
    /// Tile levels the source holds.
    public let levels: ClosedRange<Int>
    public let attribution: String?

    /// Screen pixels per point: 2 on high-density screens, where annotation
    /// images are drawn from their double-resolution files.
    public var displayScale: Double = 1 {
        didSet { needsDisplay = true }
    }
    /// Hears about annotation views: makes them, and learns of selections.
    public weak var delegate: MapViewDelegate?
    /// True when something changed that the next frame must show; building a
    /// scene clears it.
    public var needsDisplay = true

    var animation: CameraAnimation?
    /// The gestures and controls pointers go to, and the router that
    /// hands each event to the right one (see `makeInteractions`).
    lazy var carryInteraction = CarryInteraction(map: self)
    lazy var locateInteraction = LocateButtonInteraction(map: self)
    lazy var pressInteraction = MapPressInteraction(map: self)
    lazy var router = InteractionRouter(makeInteractions())
    /// Fingers go through their own gestures before the router.
    lazy var fingers = FingerGestures(map: self)
    lazy var keyboard = KeyboardInteraction(map: self)
    lazy var wheel = WheelZoom(map: self)
    let annotationLayer: AnnotationLayer
    let dragController = DragController()
    /// A message on screen and when it goes.
    var message: (text: String, until: Double, isError: Bool)?
    let callouts = CalloutPresenter()
    /// The panel listing a pin's details, when open.
    var detailsPanel: DetailsPanel?
    /// The latest time the map was told of, for animations a delegate starts.
    var clock = 0.0
    /// The details panel as the last layout placed it.
    var detailsLayout: (frame: Rect, commands: [DrawCommand])?
    /// The time of the last `prepareFrame`.
    var frameTime = 0.0
    /// Actions raised outside of `handle` (a delegate deleting a pin from a
    /// callout button), returned by the next `handle`.
    var pendingActions: [MapAction] = []
    /// Names placemark annotations (see `geocoder`).
    let placemarks = PlacemarkNamer()
    /// The user's location and the pins dropped there.
    let location = UserLocation()
    /// Draws a disc under every finger (`--show-touches`), for screenshots.
    public var showsTouches = false {
        didSet { needsDisplay = true }
    }

    public init(camera: Camera, levels: ClosedRange<Int>, attribution: String?) {
        self.camera = camera
        self.home = camera
        self.levels = levels
        self.attribution = attribution
        annotationLayer = AnnotationLayer { annotation in PinAnnotationView(annotation: annotation) }
        annotationLayer.makeView = { [unowned self] annotation in
            if let view = delegate?.mapView(self, viewFor: annotation) { return view }
            // The default pins have a queue of their own, apart from any the delegate made.
            return annotationLayer.dequeue(identifier: MapController.defaultViewIdentifier)
                ?? PinAnnotationView(annotation: annotation, reuseIdentifier: MapController.defaultViewIdentifier)
        }
        annotationLayer.onChange = { [unowned self] annotation, change in
            if change == .calloutInfo { callouts.invalidate(annotation) }
            if change == .coordinate, annotation.isPlacemark { placemarks.noteMove(of: annotation) }
            needsDisplay = true
        }
        annotationLayer.onNeedsDisplay = { [unowned self] in needsDisplay = true }
        annotationLayer.onDragStateChange = { [unowned self] view, old in
            delegate?.mapView(self, annotationView: view, didChange: view.dragState, fromOldState: old)
        }
    }

    /// True while something moves on its own (the camera, a view's
    /// animation, a drag near an edge), so the caller keeps drawing frames.
    public var isAnimating: Bool {
        animation != nil || annotationLayer.hasAnimations || dragController.needsFrames(viewport: camera.viewportSize)
            || message != nil || callouts.isAnimating || awaitsPlaceNames
            || location.hasReports
    }

    /// Shows a message across the top of the map for a few seconds: red for
    /// an error (a save that failed), dark grey for news (a pin deleted).
    public func showMessage(_ text: String, at now: Double, isError: Bool = true) {
        message = (text, now + MessageOverlay.duration, isError)
        needsDisplay = true
    }

    /// Shows a message from the moment of the event being handled: for a
    /// delegate answering a tap, which is told of no time of its own.
    public func showMessage(_ text: String, isError: Bool) {
        showMessage(text, at: clock, isError: isError)
    }

    /// Brings animations, a long press and a drag's auto-pan up to `now`.
    public func advance(to now: Double) {
        guard now.isFinite else { return }
        clock = max(clock, now)
        if let running = animation {
            camera = running.camera(at: now)
            if running.isFinished(at: now) { animation = nil }
        }
        advanceDrag(to: now)
        updateLocation(at: now)
        annotationLayer.advanceAnimations(to: now)
        updatePlacemarks(at: now)
    }

    /// Reacts to one input event; returns what the surrounding program must do.
    @discardableResult
    public func handle(_ event: InputEvent, at now: Double) -> [MapAction] {
        // A clock that jumps back or reads NaN must not run animations backwards.
        let now = now.isFinite ? max(now, clock) : clock
        let actions = react(to: event.clamped(), at: now)
        return actions + takePendingActions()
    }

    /// Actions raised outside of `handle` (a pin dropped at the first fix),
    /// for a program that draws frames without events to take them.
    public func takePendingActions() -> [MapAction] {
        defer { pendingActions.removeAll() }
        return pendingActions
    }

    private func react(to event: InputEvent, at now: Double) -> [MapAction] {
        advance(to: now)
        switch event {
        case .pointer(let pointer):
            return handlePointer(pointer, at: now)
        case .wheel(let location, _, let dy):
            wheel.scroll(at: location, notches: dy, at: now)
        case .key(let key):
            return keyboard.handle(key, at: now)
        case .resize(let size):
            animation = nil
            camera.resize(to: size)
        case .focusLost:
            letGoOfPresses(at: now)
            fingers.reset()
        case .quit:
            return [.quit]
        }
        return []
    }

    /// Ends whatever the pointers were doing, in one place for every reason
    /// (focus lost, a second finger): a carried view falls back home, and a
    /// press on a pin, a button or the map is let go without acting.
    func letGoOfPresses(at now: Double) {
        router.reset(at: now)
        needsDisplay = true
    }

    func animate(_ motion: CameraAnimation.Motion, at now: Double, duration: Double) {
        animation = CameraAnimation(from: camera, motion: motion, start: now, duration: duration)
    }

    /// Pans (animated) until the centre is at a unit world point, the short
    /// way round the world.
    func glide(toWorld target: Point, at now: Double, duration: Double) {
        let dx = WebMercator.shortWay(target.x - camera.center.x)
        animate(.pan(toWorld: Point(x: camera.center.x + dx, y: target.y)), at: now, duration: duration)
    }

    /// Puts the camera back where the map opened, keeping the window size.
    func resetToHome() {
        animation = nil
        var camera = home
        camera.resize(to: self.camera.viewportSize)
        self.camera = camera
    }
}

extension MapController {
    /// Button and double-click zooms change a whole level, a little slower so
    /// the eye can follow.
    static let stepZoomDuration = 0.3
    static let keyPanDistance = 128.0
    static let centerDuration = 0.4
    static let keyPanDuration = 0.2
    /// The colour beyond the poles, and behind everything a renderer draws.
    public static let backgroundColor = Color(hex: 0xDCD9D3)
    /// The reuse identifier of the red pins shown when the delegate gives no view.
    static let defaultViewIdentifier = "pinmap.default-pin"
}
