import CSDL2
import Foundation
import Logging
import MapCore

/// The easy way to show a map: a resizable window of its own and its event
/// loop, with frame pacing. The loop also runs the main queue's work between
/// frames, so `DispatchQueue.main`, `Timer`s and `@MainActor` tasks of the
/// app run while the window is open, and `onFrame` hears every pass.
///
///     let window = try MapWindow(options: MapOptions(), delegate: pins)
///     window.map.addAnnotation(cafe)
///     window.onFrame = { window, time in bus.advance(to: time) }
///     window.run()   // until the window is closed, Ctrl+Q or `stop()`
///
/// To put the map beside controls of your own in a window you own, use
/// `MapView` instead.
@MainActor
public final class MapWindow {
    /// The map filling the window.
    public let view: MapView
    /// The map shown: its camera, annotations, overlays and selection.
    public var map: MapController { view.map }
    /// Called once per pass of the loop (about 60 times a second, fewer
    /// when idle, never more often than frames are drawn), before the frame,
    /// with the time in seconds since `run()` began: change the map here
    /// and the frame shows it.
    public var onFrame: ((MapWindow, Double) -> Void)?
    /// The renderer that draws the window, and why it was picked.
    public let rendererChoice: WindowRenderer.Choice

    let window: SDLWindow
    let renderer: Renderer
    private var stopRequested = false
    /// Frames are paced to about 60 per second when SDL cannot wait for vsync.
    static let frameInterval = 1.0 / 60
    /// The longest the loop sleeps waiting for an event, so work queued on
    /// the main queue from other threads runs within about a frame.
    static let idleWait = 1.0 / 60
    private let logger: Logger

    /// Opens a window of `options.size` points titled `title`, with the
    /// delegate (kept weakly, as MapKit does) told of views and selections
    /// from the start. Throws when SDL cannot open a window (no display).
    public init(options: MapOptions = MapOptions(), delegate: MapViewDelegate? = nil, title: String = "pinmap",
                renderer preference: WindowRenderer.Preference = .auto,
                logger: Logger = Logger(label: "pinmap.window")) throws(SDLError) {
        self.logger = logger
        try SDLRuntime.start(video: true)
        // SDL_WINDOWPOS_CENTERED is a C macro Swift cannot import.
        let centered = Int32(bitPattern: 0x2FFF_0000)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let made = SDL_CreateWindow(title, centered, centered, Int32(options.size.width),
                                          Int32(options.size.height), flags) else {
            throw .last("opening the window")
        }
        window = SDLWindow(owning: made)
        let (drawer, choice) = try WindowRenderer.create(for: made, preference: preference)
        rendererChoice = choice
        renderer = Renderer(owning: drawer, drawingInto: window)
        logger.info("renderer \(choice)")
        view = try MapView(renderer: renderer, frame: Rect(origin: .zero, size: MapWindow.size(of: made)),
                           options: options, delegate: delegate)
        view.session.map.buildsClustersInBackground = true
        view.session.prepareSearchIndex()
    }

    private static func size(of window: OpaquePointer) -> Size {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// Ends `run()` after the pass under way; callable from `onFrame`, a
    /// delegate method or main-queue work.
    public func stop() {
        stopRequested = true
    }

    /// Runs until the user closes the window (or presses Ctrl+Q) or `stop()`
    /// is called. Draws only when something changed, and sleeps on the event
    /// queue when nothing moves.
    public func run() {
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        func now() -> Double { Double(SDL_GetPerformanceCounter() - start) / frequency }
        var event = SDL_Event()
        var frames = 0
        // Text arrives only while the search field is open (and a touch
        // keyboard shows then), so `/` typed to open it is not typed into it.
        var typing = false
        SDL_StopTextInput()
        stopRequested = false
        defer { logger.info("\(frames) frames presented in \(String(format: "%.1f", now())) s") }
        while !stopRequested {
            let frameStart = now()
            // Idle: block until an event, or until main-queue work or a timer is due.
            if !view.needsDisplay && SDL_WaitEventTimeout(&event, Int32(idleWait() * 1000)) == 1 {
                if handle(event, at: now()) { return }
            }
            while SDL_PollEvent(&event) == 1 {
                if handle(event, at: now()) { return }
            }
            MapWindow.runMainQueue()
            onFrame?(self, now())
            if stopRequested || view.quitRequested { return }
            if view.wantsTextInput != typing {
                typing = view.wantsTextInput
                if typing { SDL_StartTextInput() } else { SDL_StopTextInput() }
            }
            if view.needsDisplay {
                view.draw(at: now())
                renderer.present()
                frames += 1
            }
            let spent = now() - frameStart
            if spent < MapWindow.frameInterval && (view.map.isAnimating || view.needsDisplay) {
                SDL_Delay(UInt32((MapWindow.frameInterval - spent) * 1000))
            }
        }
    }

    /// How long an idle loop may sleep: until the next timer, at most a frame.
    private func idleWait() -> Double {
        let next = RunLoop.main.limitDate(forMode: .default)?.timeIntervalSinceNow ?? MapWindow.idleWait
        return min(MapWindow.idleWait, max(0, next))
    }

    /// Runs the work waiting on the main queue (blocks given to
    /// `DispatchQueue.main`, `@MainActor` tasks) and the timers that are due,
    /// without waiting for more.
    static func runMainQueue() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0))
    }

    /// Returns true when the event ends the run.
    private func handle(_ event: SDL_Event, at time: Double) -> Bool {
        if event.type == SDL_QUIT.rawValue { return true }
        if event.type == SDL_WINDOWEVENT.rawValue,
           SDL_WindowEventID(rawValue: UInt32(event.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED {
            view.frame = Rect(origin: .zero, size: MapWindow.size(of: window.pointer))
        }
        view.handle(event, at: time)
        return view.quitRequested
    }

    /// Writes the scene as the session left it (`--dump-scene` in a
    /// window): the frame at the last moment recorded, as a replay of the
    /// recording ends on.
    @_spi(PinmapApp) public func dumpScene(path: String) throws(HeadlessError) {
        let session = view.session
        let scene = session.frame(at: view.lastTime)
        do {
            try SceneDump(scene: scene, annotations: session.map.annotationSummaries(), overlays: session.map.overlayLayer.summaries()).jsonData()
                .write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
