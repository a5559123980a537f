import CSDL2
import Foundation
import MapEngine
import MapKitLayer

/// A map inside an app's own SDL window, beside the app's own controls: the
/// app keeps its window, its renderer and its event loop, and hands the map
/// the events, the time and a rectangle to draw into (MapKit's `MKMapView`
/// placed in a view hierarchy).
///
///     let map = try MapView(renderer: sdlRenderer, frame: Rect(x: 200, y: 0, width: 600, height: 600),
///                           options: MapOptions(), delegate: myDelegate)
///     while running {
///         while SDL_PollEvent(&event) == 1 {
///             if map.handle(event, at: seconds()) { continue }   // the map used it
///             handleMyOwn(event)
///         }
///         if map.needsDisplay || mySidebarChanged {
///             drawMySidebar()
///             map.draw(at: seconds())
///             SDL_RenderPresent(sdlRenderer)
///         }
///     }
///
/// Like MapKit's views it is used from the main thread only (the thread SDL's
/// window and renderer were made on), and so is everything it hands out: the
/// `map`, its annotations' views and the delegate's calls.
@MainActor public final class MapView {
    /// The map shown: its camera, annotations, overlays and selection.
    public var map: MapController { session.map }
    /// Where the map sits in the window, in the window's units (points; the
    /// mouse's coordinates). Setting it moves or resizes the map.
    public var frame: Rect {
        didSet { if frame.size != oldValue.size { resize() } }
    }
    /// Whether keys and typed text go to the map. Clicking or touching the
    /// map gives it the keyboard and a press elsewhere in the window takes it
    /// away; the app may set it too. True at first.
    public var isFocused = true
    /// True when the map wants the app to turn on SDL's text input
    /// (`SDL_StartTextInput`): its search field is open and has the keyboard
    /// (until a place is picked; then keys move the map again), or the pin
    /// editor is open.
    public var wantsTextInput: Bool { (map.search.isOpen && map.search.isEditing) || map.pinEditor.isOpen }
    /// True when the user asked the map to quit (Ctrl+Q). `MapWindow` ends
    /// its loop on it; an app of its own may ignore it.
    public private(set) var quitRequested = false
    /// True when the user asked for a file to open (Ctrl+O) and the app has
    /// not yet taken the request (`takeOpenFileRequest()`).
    public private(set) var openFileRequested = false
    /// The format the user asked the view to be exported as (Ctrl+E, Ctrl+Shift+E), not yet taken.
    package private(set) var exportRequested: ExportFormat?
    /// The recent file the user asked for (Ctrl+1 … 9; 0 the most recent), not yet taken.
    package private(set) var recentRequested: Int?
    /// What the user asked of the areas for offline use (the card's buttons), in order.
    private var areaRequests: [MapAction] = []

    /// The map's session (tiles, fonts, images, pins files), for pinmap's own app.
    package let session: MapSession
    /// Writes every input event and frame handed to the map (`--record`).
    package var recorder: ScriptRecorder?
    /// The time of the last event handled or frame drawn.
    package private(set) var lastTime = 0.0 {
        didSet { lastTimeSeen = Date() }
    }
    /// When (real time) `lastTime` was last told.
    private var lastTimeSeen = Date()
    /// The app's clock now, as far as the view can tell between the times
    /// it is given: for a tile to ask again while the app sleeps.
    private var estimatedNow: Double { lastTime + max(0, Date().timeIntervalSince(lastTimeSeen)) }

    let renderer: Renderer
    private let window: OpaquePointer?
    private var translator = EventTranslator()
    /// Pointers (0: the mouse, else a finger's id) pressed on the map: their
    /// moves and releases belong to it wherever they go.
    private var captured: Set<Int> = []
    /// True when something happened that the next frame must show.
    var dirty = true

    /// A map drawing with the app's own `SDL_Renderer` into `frame` (window
    /// units) of its window. The renderer must outlive the view. Fonts and
    /// images come from `options.resources` (pinmap's own unless set). The
    /// delegate, told of views and selections from the start, is kept as
    /// long as the view.
    public convenience init(renderer: OpaquePointer, frame: Rect, options: MapOptions = MapOptions(),
                            delegate: MapViewDelegate? = nil) throws(SDLError) {
        try SDLRuntime.start(video: false)  // the app's window started video; fonts and images here
        try self.init(renderer: Renderer(borrowing: renderer), frame: frame, options: options, delegate: delegate)
    }

    /// A map drawing with one of pinmap's renderers (a `MapWindow`'s).
    /// `extraScale` is what the desktop asks beyond the window's pixel
    /// density (`DesktopDisplay.extraScale`: `GDK_SCALE` or `Xft.dpi` on X11):
    /// the map draws its pins, text and controls that much larger.
    init(renderer: Renderer, frame: Rect, options: MapOptions, delegate: MapViewDelegate?,
         extraScale: Double = 1) throws(SDLError) {
        self.renderer = renderer
        self.frame = frame
        window = SDL_RenderGetWindow(renderer.pointer)
        var sized = options
        let ratio = MapView.pixelsPerPoint(renderer: renderer, window: window)
        pixelsPerUnit = ratio
        sized.displayScale = ratio * (extraScale.isFinite ? min(max(extraScale, 1), 4) : 1)
        sized.size = Size(width: (frame.width * ratio).rounded(), height: (frame.height * ratio).rounded())
        translator.windowSize = MapView.windowSize(window) ?? frame.size
        session = try MapSession(renderer: renderer, options: sized)
        if let delegate {
            keptDelegate = delegate
            map.delegate = delegate
        }
    }

    /// The delegate given at construction, kept as long as the view (the
    /// map itself holds its delegate weakly, as MapKit does).
    private var keptDelegate: MapViewDelegate?

    /// Screen pixels per window unit: 2 on a high-density screen.
    private static func pixelsPerPoint(renderer: Renderer, window: OpaquePointer?) -> Double {
        guard let points = windowSize(window), points.width > 0 else { return 1 }
        return max(1, (renderer.outputSize.width / points.width).rounded())
    }

    private static func windowSize(_ window: OpaquePointer?) -> Size? {
        guard let window else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// The renderer's pixels per window unit (2 on a Wayland output of scale 2; 1 on X11).
    private let pixelsPerUnit: Double
    private var scale: Double { pixelsPerUnit }

    private func resize() {
        let pixels = Size(width: (frame.width * scale).rounded(), height: (frame.height * scale).rounded())
        deliver(.resize(pixels), at: lastTime)
    }

    /// Where `coordinate` is in the window (window units), on the copy of
    /// the world nearest the map's centre; it may lie outside `frame`.
    public func point(for coordinate: Coordinate) -> Point {
        frame.origin + map.point(for: coordinate)
    }

    /// The coordinate under a point of the window (window units).
    public func coordinate(at point: Point) -> Coordinate {
        map.coordinate(at: point - frame.origin)
    }

    /// Adds or replaces a named image while the map is open (PNG or JPEG
    /// bytes): the next frame draws it wherever a view names it.
    public func addImage(named name: String, data: Data) {
        session.images.addImage(named: name, source: .data(data))
        dirty = true
    }

    // MARK: Events

    /// Hands one SDL event to the map, at `time` seconds of the app's clock
    /// (any clock that never runs backwards). Returns true when the map used
    /// it: a press, move or wheel over the map (or a press that began on it),
    /// a key or text while it has the keyboard. Other events are the app's.
    @discardableResult
    public func handle(_ event: SDL_Event, at time: Double) -> Bool {
        lastTime = max(lastTime, time)
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return false
        case SDL_WINDOWEVENT:
            if let size = MapView.windowSize(window) { translator.windowSize = size }
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST:
                captured.removeAll()
                deliver(.focusLost, at: time)
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MOVED:
                // Uncovered, shown or moved: without a compositor (Xfce, i3, VNC) the window's pixels are gone until drawn again.
                dirty = true
            default:
                break
            }
            return false
        case SDL_KEYDOWN, SDL_TEXTINPUT:
            guard isFocused else { return false }
            let inputs = translator.translate(event)
            for input in inputs { deliver(input, at: time) }
            return !inputs.isEmpty
        default:
            break
        }
        var used = false
        for input in translator.translate(event) {
            guard let local = claim(input) else { continue }
            used = true
            deliver(local, at: time)
        }
        return used
    }

    /// The event in the map's pixels when it belongs to the map; nil when it
    /// is the app's. Presses on the map capture their pointer until released.
    private func claim(_ input: InputEvent) -> InputEvent? {
        switch input {
        case .pointer(var pointer):
            let inside = frame.contains(pointer.location)
            switch pointer.phase {
            case .down:
                if pointer.kind == .mouse || captured.isEmpty { isFocused = inside }
                guard inside else { return nil }
                captured.insert(pointer.id)
            case .move:
                guard inside || captured.contains(pointer.id) else { return nil }
            case .up, .cancel:
                guard captured.remove(pointer.id) != nil else { return nil }
            }
            pointer.location = (pointer.location - frame.origin) * scale
            return .pointer(pointer)
        case .wheel(let at, let dx, let dy):
            guard frame.contains(at) else { return nil }
            return .wheel(at: (at - frame.origin) * scale, dx: dx, dy: dy)
        default:
            return nil
        }
    }

    /// Whether the user asked for a file to open since the last call: the
    /// app shows its file dialog once per Ctrl+O.
    public func takeOpenFileRequest() -> Bool {
        defer { openFileRequested = false }
        return openFileRequested
    }

    /// The recent file the user asked for since the last call.
    package func takeRecentRequest() -> Int? {
        defer { recentRequested = nil }
        return recentRequested
    }

    /// What the user asked of the areas for offline use since the last call
    /// (`.showAreas`, `.downloadArea`, `.stopAreaDownload`, `.updateArea`, `.deleteArea`).
    package func takeAreaRequests() -> [MapAction] {
        defer { areaRequests.removeAll() }
        return areaRequests
    }

    /// The export the user asked for since the last call, once per key press.
    package func takeExportRequest() -> ExportFormat? {
        defer { exportRequested = nil }
        return exportRequested
    }

    /// Hands an input in map pixels to the session, recording it.
    func deliver(_ input: InputEvent, at time: Double) {
        record(ScriptEvent(at: time, action: .input(input)))
        let actions = session.handle(input, at: time)
        if actions.contains(.quit) { quitRequested = true }
        if actions.contains(.openFile) { openFileRequested = true }
        for case .export(let format) in actions { exportRequested = format }
        for case .openRecent(let index) in actions { recentRequested = index }
        areaRequests += actions.filter {
            switch $0 {
            case .showAreas, .downloadArea, .stopAreaDownload, .updateArea, .deleteArea: true
            default: false
            }
        }
        for case .copyText(let text) in actions { SDL_SetClipboardText(text) }
        if actions.contains(.paste), SDL_HasClipboardText() == SDL_TRUE, let clipboard = SDL_GetClipboardText() {
            let text = String(cString: clipboard)
            SDL_free(clipboard)
            if !text.isEmpty { deliver(.text(text), at: time) }  // recorded as typed, so a replay needs no clipboard
        }
        if actions.contains(.toggleFullScreen), let window {
            // The desktop's own full screen: the display keeps its mode, the window takes all of it.
            let full = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            SDL_SetWindowFullscreen(window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        }
        dirty = true
    }

    // MARK: Frames

    /// True when the map has something new to show: an event changed it,
    /// it moves on its own (a glide, a pin landing), or tiles are loading.
    /// Draw a frame when it is; an app idle otherwise may then sleep.
    public var needsDisplay: Bool {
        dirty || map.needsDisplay || map.isAnimating || session.frames.wantsFrame(at: estimatedNow)
    }

    /// Draws the map at `time` into its frame of the window, clipped to
    /// it. The app presents the renderer afterwards (`SDL_RenderPresent`),
    /// with whatever else it drew.
    public func draw(at time: Double) {
        lastTime = max(lastTime, time)
        record(ScriptEvent(at: time, action: .frame))
        session.draw(session.frame(at: time), into: viewport)
        dirty = false
    }

    /// The frame in the renderer's pixels, on whole pixels.
    private var viewport: Rect {
        Rect(origin: Point(x: (frame.minX * scale).rounded(), y: (frame.minY * scale).rounded()),
             size: map.camera.viewportSize)
    }

    /// Draws as `draw(at:)` does, once every tile, overlay and label the
    /// frame shows is in (waiting up to `timeout` seconds of real time for a
    /// slow source): for a screenshot of the app that must not depend on the
    /// disk's speed.
    public func drawWhenLoaded(at time: Double, timeout: Double = 20) throws(CaptureError) {
        lastTime = max(lastTime, time)
        session.draw(try session.settledFrame(at: time, tileTimeout: timeout), into: viewport)
        dirty = false
    }

    private func record(_ event: ScriptEvent) {
        guard let recorder else { return }
        do {
            try recorder.record(event)
        } catch {
            session.logger.error("\(error.description); recording stopped after \(recorder.eventCount) events")
            self.recorder = nil
        }
    }
}
