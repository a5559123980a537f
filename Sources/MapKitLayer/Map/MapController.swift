import MapEngine

/// The map: its camera, how it answers input, and the scene it shows at a
/// given moment. It reads no clock: every call carries `now` in seconds.
///
///     let map = MapController(camera: camera, levels: source.levels, attribution: "Natural Earth")
///     map.handle(.wheel(at: cursor, dx: 0, dy: 1), at: now)
///     let scene = FrameComposer.scene(of: map, at: now, tiles: loader, text: fonts)
@MainActor public final class MapController {
    /// Where the map looks. Setting it jumps there (any glide stops).
    public var camera: Camera {
        get { rig.camera }
        set { rig.jump(to: newValue); needsDisplay = true }
    }
    /// The view `0` returns to.
    public let home: Camera
    /// Tile levels the source holds.
    public let levels: ClosedRange<Int>
    /// The vector map's labels, placed for the whole view each frame (`prepareLabels`).
    package internal(set) var labels = LabelLayer()
    /// The raised areas (3D buildings) of the tiles that came in.
    package internal(set) var buildings = BuildingLayer()
    /// Where the frames' base picture lies (see `BasePlane`).
    package private(set) var basePlane = BasePlaneAnchor()
    /// The base plane's commands as last built (see `BasePlaneMemo`).
    package let basePlaneMemo = BasePlaneMemo()
    /// The vector style's icons, for labels with `icon-image`.
    package var sprite: SpriteSheet? {
        get { labels.sprite }
        set { labels.sprite = newValue }
    }
    /// The credit line drawn in the lower right corner, if any.
    public let attribution: String?

    /// Screen pixels per point: 2 on high-density screens, where annotation
    /// images are drawn from their double-resolution files.
    public var displayScale: Double = 1 {
        didSet { needsDisplay = true }
    }
    /// Hears about annotation views: makes them, and learns of selections.
    public weak var delegate: MapViewDelegate?
    /// True when something changed that the next frame must show;
    /// `prepareFrame` clears it.
    public private(set) var needsDisplay = true
    /// Draws a disc under every finger (`--show-touches`), for screenshots.
    public var showsTouches = false {
        didSet { needsDisplay = true }
    }

    // The parts of the map, each owning its own state.
    let rig: CameraRig
    let annotationLayer: AnnotationLayer
    let dragController = DragController()
    let callouts = CalloutPresenter()
    /// Names placemark annotations (give it a `geocoder`).
    package let placemarks = PlacemarkNamer()
    /// Finding a place by name (give it a `finder`).
    package let search = SearchBox()
    /// The zoom buttons, the scale bar, the position readout, the menu and the card of keys.
    package let chrome = MapChrome()
    /// The user's location and the pins dropped there (MapKit's `userLocation`).
    public let userLocation = UserLocation()
    let detailsPanel = DetailsPanelInteraction()
    /// Whether the app downloads areas for offline use: the menu offers it, Ctrl+D opens its card.
    package var offersAreaDownload = false
    /// The most tiles an area may have (the app's setting).
    package var areaTileCap = AreaPlan.mostTiles
    /// The pin editor (a pin's name and note), and what opens and saves it.
    package let pinEditor = PinEditor()
    private(set) lazy var naming = PinNaming(map: self)
    private(set) lazy var clusters = ClusterPresenter(layer: annotationLayer)
    let messages = MessageBoard()
    /// The lines and areas over the map (see `addOverlay`), and the one selected.
    package let overlayLayer = OverlayLayer()
    private(set) lazy var dropper = PinDropper(map: self)
    private(set) lazy var history = EditHistory(map: self)
    private(set) lazy var selection = Selection(map: self)
    /// The gestures and controls, and the router between them.
    private(set) lazy var input = MapInput(map: self, rig: rig, drag: dragController, details: detailsPanel,
                                           callouts: callouts)

    /// The latest time the map was told of, for animations a delegate starts.
    private(set) var clock = 0.0
    /// The time of the last `prepareFrame`.
    private(set) var frameTime = 0.0
    /// Actions raised outside of `handle` (a delegate deleting a pin from a
    /// callout button), returned by the next `handle`.
    private var pendingActions: [MapAction] = []

    /// A map looking through `camera` (also where `0` returns to), over a
    /// source holding `levels`, crediting `attribution` in its corner.
    public init(camera: Camera, levels: ClosedRange<Int>, attribution: String?) {
        self.rig = CameraRig(camera)
        self.home = camera
        self.levels = levels
        self.attribution = attribution.map(AttributionOverlay.bounded)
        annotationLayer = AnnotationLayer { annotation in PinAnnotationView(annotation: annotation) }
        MapWiring.connect(self)
    }

    /// True while the camera moves on its own (a flight, a fling, an
    /// animated zoom) or two fingers pinch it: not the time to redraw tiles
    /// sharp at the size they have on screen.
    public var cameraIsMoving: Bool { rig.isMoving || input.fingers.isPinching }

    /// True while something moves on its own (the camera, a view's
    /// animation, a drag near an edge), so the caller keeps drawing frames.
    public var isAnimating: Bool {
        rig.isMoving || annotationLayer.hasAnimations || dragController.needsFrames(viewport: camera.viewportSize)
            || messages.isShowing || callouts.isAnimating || placemarks.awaitsNames
            || userLocation.hasReports || clusters.isBuilding || input.nudges.isOpen
            || input.press.longPress.isWaiting || labels.isFading || labels.isBehind
    }

    /// Asks for a new frame: something the map draws changed.
    func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Shows a message across the top of the map for a few seconds: red for
    /// an error (a save that failed), dark grey for news (a pin deleted).
    /// Without `now`, from the moment of the event being handled: for a
    /// delegate answering a tap, which is told of no time of its own.
    public func showMessage(_ text: String, at now: Double? = nil, isError: Bool = true) {
        messages.show(text, at: now ?? clock, isError: isError)
    }

    /// The name of the opened file the selection belongs to, when it can be
    /// closed (the session that opened the files answers); nil otherwise.
    package var closableFile: (() -> String?)?

    /// Opens the map's menu at a point of the view (a right-click, a long
    /// press, the Menu key); from the keyboard its first item is highlighted.
    func openMenu(at point: Point, byKeyboard: Bool) {
        chrome.menu = ContextMenu(anchor: point, coordinate: camera.coordinate(at: point).wrapped, dropsPins: input.switches.pinDrop,
                                  closableFile: closableFile?(), downloadsAreas: offersAreaDownload)
        if byKeyboard, let first = chrome.menu?.items.first { chrome.menu?.highlighted = first }
        setNeedsDisplay()
    }

    /// Takes down the message shown, if any (before the view is exported: a
    /// notice is news for the window, not part of the map).
    package func clearMessage() {
        messages.clear()
    }

    /// Brings animations, a long press and a drag's auto-pan up to `now`.
    public func advance(to now: Double) {
        guard now.isFinite else { return }
        clock = max(clock, now)
        rig.advance(to: now)
        input.carry.advance(to: now, rig: rig)
        if let point = input.press.longPress.due(at: now) {
            input.press.reset(at: now)  // the open menu has the finger from now on
            openMenu(at: point, byKeyboard: false)
        }
        if let move = input.nudges.finish(at: now) { history.keep(move) }
        dropper.follow(at: now)
        annotationLayer.advanceAnimations(to: now)
        placemarks.update(at: now, on: self)
    }

    /// Everything a frame needs that changes with time or layout, brought
    /// up to `now`: animations, timeouts and glides (`advance(to:)`), the
    /// message's expiry, which views show, where the callout and the details
    /// panel stand. Hit testing reads the layout made here, so it holds
    /// whether or not a frame was built from it; `makeScene` then only reads.
    package func prepareFrame(at now: Double, text: TextMeasuring) {
        advance(to: now)
        needsDisplay = false
        messages.expire(at: now)
        updateClusters(at: now)
        annotationLayer.metrics = text
        annotationLayer.update(camera: camera, scale: displayScale, now: now)
        layoutCallouts(at: now, metrics: text)
        if let pin = pinEditor.pin, !contains(pin) { pinEditor.close() }  // deleted, or its file closed
        detailsPanel.layOut(viewport: camera.viewportSize, metrics: text)
        basePlane.follow(camera, scale: displayScale, atRest: !cameraIsMoving)
        frameTime = now
    }

    /// Reacts to one input event; returns what the surrounding program must do.
    @discardableResult
    package func handle(_ event: InputEvent, at now: Double) -> [MapAction] {
        // A clock that jumps back or reads NaN must not run animations backwards.
        let now = now.isFinite ? max(now, clock) : clock
        advance(to: now)
        let actions = EffectApplier.apply(input.effects(of: event.clamped(), at: now), to: self, at: now)
        return actions + takePendingActions()
    }

    /// Actions raised outside of `handle` (a pin dropped at the first fix),
    /// for a program that draws frames without events to take them.
    package func takePendingActions() -> [MapAction] {
        defer { pendingActions.removeAll() }
        return pendingActions
    }

    /// Queues an action for the program, returned by the next `handle`.
    func raise(_ action: MapAction) { pendingActions.append(action) }
}

/// The map is what its interactions read.
extension MapController: InteractionHost {}
