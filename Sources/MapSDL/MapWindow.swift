import CSDL2
import Foundation
import Logging
import MapEngine
import MapKitLayer

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
@MainActor public final class MapWindow {
    /// The map filling the window.
    public let view: MapView
    /// The map shown: its camera, annotations, overlays and selection.
    public var map: MapController { view.map }
    /// Called once per pass of the loop (about 60 times a second, fewer
    /// when idle, never more often than frames are drawn), before the frame,
    /// with the time in seconds since `run()` began: change the map here
    /// and the frame shows it.
    public var onFrame: ((MapWindow, Double) -> Void)?
    /// Called with the path of each file dropped on the window (from a file
    /// manager, `SDL_DROPFILE`): open it here.
    public var onDropFile: ((MapWindow, String) -> Void)?
    /// Called when the user asks for a file to open (Ctrl+O): show a file
    /// dialog here. Without it, Ctrl+O does nothing.
    public var onOpenFileRequest: ((MapWindow) -> Void)?
    /// Called when the user asks for the view written to a file (Ctrl+E a
    /// PNG, Ctrl+Shift+E a PDF); the app picks the file (`MapView.export`).
    package var onExportRequest: ((MapWindow, ExportFormat) -> Void)?
    /// Called for each thing the user asks of the areas for offline use (the
    /// card of "Download this area"): the app lists, downloads, stops,
    /// updates or deletes them and tells the card (`map.areaPanel`).
    package var onAreaRequest: ((MapWindow, MapAction) -> Void)?
    /// Called when the user asks for one of the recent files (Ctrl+1 … 9; 0 the most recent).
    package var onOpenRecent: ((MapWindow, Int) -> Void)?
    /// The window's title, in the desktop's title bar and window list:
    /// what is open, as desktop apps name a document.
    ///
    ///     window.title = "walk.gpx — Hiking"
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window.pointer)) }
        set { SDL_SetWindowTitle(window.pointer, newValue) }
    }
    /// The renderer that draws the window, and why it was picked.
    package let rendererChoice: WindowRenderer.Choice

    let window: SDLWindow
    let renderer: Renderer
    private var stopRequested = false
    private var startCounter: UInt64 = 0
    private var frames = 0
    /// Frames that took longer to draw and present than `frameInterval`, and the slowest.
    private var slowFrames = 0, slowestFrame = 0.0
    /// Pointer moves handled since the last frame, and the moves that shared a frame with an earlier one.
    private var movesSinceFrame = 0, mergedMoves = 0
    private var typing = false
    /// Frames are paced to about 60 per second when SDL cannot wait for vsync.
    static let frameInterval = 1.0 / 60
    /// The longest the loop sleeps waiting for an event soon after the last
    /// one or the last frame, so work queued on the main queue from other
    /// threads (a location fix, a place's name) runs within about a frame.
    nonisolated static let idleWait = 1.0 / 60
    /// The longest it sleeps once nothing has happened for `restAfter`
    /// seconds: a map left open wakes four times a second, not sixty.
    nonisolated static let restWait = 0.25
    nonisolated static let restAfter = 2.0
    /// When an event last came or a frame was last drawn (the loop's clock).
    private var lastActivity = 0.0
    private let logger: Logger

    /// Opens a window of `options.size` points titled `title`, with the
    /// delegate (kept as long as the window) told of views and selections
    /// from the start. Throws when SDL cannot open a window (no display).
    public convenience init(options: MapOptions = MapOptions(), delegate: MapViewDelegate? = nil,
                            title: String = "pinmap") throws(SDLError) {
        try self.init(options: options, delegate: delegate, title: title, renderer: .auto)
    }

    /// Opens a window drawn by the renderer `preference` picks.
    package init(options: MapOptions, delegate: MapViewDelegate?, title: String,
                 renderer preference: WindowRenderer.Preference) throws(SDLError) {
        logger = options.logger ?? .silent()
        let environment = ProcessInfo.processInfo.environment
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
            let driver = try DesktopDisplay.chooseDriver(environment: environment)
            if let hint = driver.hint { SDL_SetHint(SDL_HINT_VIDEODRIVER, hint) }
            if let note = driver.note {
                if driver.isFallback { logger.warning("\(note)") } else { logger.info("\(note)") }
            }
        }
        try SDLRuntime.start(video: true)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let extra = DesktopDisplay.extraScale(driver: driver, environment: environment) {
            DesktopDisplay.xftDPI(display: environment["DISPLAY"])
        }
        let factor = extra?.scale ?? 1
        // SDL_WINDOWPOS_CENTERED is a C macro Swift cannot import.
        let centered = Int32(bitPattern: 0x2FFF_0000)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let made = SDL_CreateWindow(title, centered, centered, Int32((options.size.width * factor).rounded()),
                                          Int32((options.size.height * factor).rounded()), flags) else {
            throw .last("opening the window")
        }
        window = SDLWindow(owning: made)
        if options.fitsScreen { MapWindow.fitToScreen(made) }
        let (drawer, choice) = try WindowRenderer.create(for: made, preference: preference)
        rendererChoice = choice
        renderer = Renderer(owning: drawer, drawingInto: window)
        logger.info("renderer \(choice)")
        view = try MapView(renderer: renderer, frame: Rect(origin: .zero, size: MapWindow.size(of: made)),
                           options: options, delegate: delegate, extraScale: factor)
        let density = renderer.outputSize.width / max(1, MapWindow.size(of: made).width)
        logger.info("display scale \(TrackFigures.number(view.map.displayScale)) (\(extra?.source ?? (density > 1 ? "\(driver) output scale" : "\(driver), none asked")))")
        view.session.map.buildsClustersInBackground = true
    }

    /// Whether the search's name index was set building: not before the
    /// first frame with its tiles, so that its work does not compete with theirs.
    private var searchIndexStarted = false
    /// The latest the index waits for the first frame's tiles, in seconds of `run()`.
    nonisolated static let searchIndexDelay = 2.0

    /// Starts the search's name index once the first frame is on screen
    /// with its tiles (or after `searchIndexDelay`, or at once when the
    /// search opens).
    private func startSearchIndexWhenDue() {
        guard !searchIndexStarted, frames > 0,
              view.session.frames.tiles.pendingCount == 0 || clock() > MapWindow.searchIndexDelay || view.map.search.isOpen
        else { return }
        searchIndexStarted = true
        logger.info("search index started \(Int((clock() * 1000).rounded())) ms into the run, after the first frame")
        view.session.prepareSearchIndex()
    }

    /// Shrinks the window, title bar and borders included, to the usable
    /// area of its screen (less the desktop's panels), and centres it there.
    private static func fitToScreen(_ window: OpaquePointer) {
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(max(SDL_GetWindowDisplayIndex(window), 0), &usable) == 0, usable.w > 0, usable.h > 0 else { return }
        var (top, left, bottom, right): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        if SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) != 0 {
            // Not known before a window manager decorates it: a title bar's usual height.
            (top, left, bottom, right) = (32, 0, 0, 0)
        }
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        let fitted = (min(width, usable.w - left - right), min(height, usable.h - top - bottom))
        guard fitted != (width, height), fitted.0 >= 320, fitted.1 >= 240 else { return }
        SDL_SetWindowSize(window, fitted.0, fitted.1)
        SDL_SetWindowPosition(window, usable.x + (usable.w - fitted.0 - left - right) / 2 + left,
                              usable.y + (usable.h - fitted.1 - top - bottom) / 2 + top)
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
    /// queue when nothing moves. Call it from synchronous code on the main
    /// thread (a `main.swift`, a command's `run()`); from `async` code, await
    /// `runAsync()` instead, which lets the main actor's other work in.
    @available(*, noasync, message: "await runAsync() in async code, so that the main actor's other work runs")
    public func run() {
        var event = SDL_Event()
        begin()
        defer { end() }
        while !stopRequested {
            let passStart = clock()
            // Idle: block until an event, or until main-queue work or a timer is due.
            if !view.needsDisplay && SDL_WaitEventTimeout(&event, Int32(idleWait() * 1000)) == 1 {
                if handle(event, at: clock()) { return }
            }
            MapWindow.runMainQueue()
            if pass() { return }
            let spent = clock() - passStart
            if spent < MapWindow.frameInterval && (view.map.isAnimating || view.needsDisplay) {
                SDL_Delay(UInt32((MapWindow.frameInterval - spent) * 1000))
            }
        }
    }

    /// Runs as `run()` does, awaiting between passes so that the main
    /// actor's other jobs (tasks, `DispatchQueue.main` blocks) run: for an
    /// `async` main or a `@MainActor` test.
    public func runAsync() async {
        begin()
        defer { end() }
        while !stopRequested {
            let passStart = clock()
            if !view.needsDisplay && SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE {
                try? await Task.sleep(nanoseconds: UInt64(idleWait() * 1e9))
            }
            MapWindow.runDueTimers()
            await Task.yield()
            if pass() { return }
            let spent = clock() - passStart
            if spent < MapWindow.frameInterval && (view.map.isAnimating || view.needsDisplay) {
                try? await Task.sleep(nanoseconds: UInt64((MapWindow.frameInterval - spent) * 1e9))
            }
        }
    }

    /// Seconds since `run()` began.
    private func clock() -> Double {
        Double(SDL_GetPerformanceCounter() - startCounter) / Double(SDL_GetPerformanceFrequency())
    }

    private func begin() {
        startCounter = SDL_GetPerformanceCounter()
        frames = 0
        (slowFrames, slowestFrame, movesSinceFrame, mergedMoves) = (0, 0, 0, 0)
        lastActivity = 0
        typing = false
        stopRequested = false
        // Text arrives only while the search field is open (and a touch
        // keyboard shows then), so `/` typed to open it is not typed into it.
        SDL_StopTextInput()
    }

    private func end() {
        logger.info("\(frames) frames presented in \(String(format: "%.1f", clock())) s")
        logger.info("\(slowFrames) frames over \(Int(MapWindow.frameInterval * 1000)) ms (slowest \(String(format: "%.1f", slowestFrame * 1000)) ms), \(mergedMoves) pointer moves shared a frame")
    }

    /// One pass: the waiting events, the app's `onFrame`, then a frame if
    /// one is needed. True when the loop ends.
    private func pass() -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) == 1 {
            if handle(event, at: clock()) { return true }
        }
        onFrame?(self, clock())
        if view.takeOpenFileRequest() { onOpenFileRequest?(self) }
        if let format = view.takeExportRequest() { onExportRequest?(self, format) }
        if let index = view.takeRecentRequest() { onOpenRecent?(self, index) }
        for request in view.takeAreaRequests() { onAreaRequest?(self, request) }
        if stopRequested || view.quitRequested { return true }
        if view.wantsTextInput != typing {
            typing = view.wantsTextInput
            if typing { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
        if view.needsDisplay {
            let drawStart = clock()
            view.draw(at: drawStart)
            renderer.present()
            frames += 1
            lastActivity = clock()
            let took = lastActivity - drawStart
            if took > MapWindow.frameInterval { slowFrames += 1 }
            slowestFrame = max(slowestFrame, took)
            mergedMoves += max(0, movesSinceFrame - 1)
            movesSinceFrame = 0
        }
        startSearchIndexWhenDue()
        return false
    }

    /// How long an idle loop may sleep: until the next timer, at most a
    /// frame while things are happening, a quarter second once at rest.
    private func idleWait() -> Double {
        MapWindow.idleWait(sinceActivity: clock() - lastActivity,
                           untilTimer: RunLoop.main.limitDate(forMode: .default)?.timeIntervalSinceNow)
    }

    /// The sleep for a loop `sinceActivity` seconds after its last event
    /// or frame, with the next timer due in `untilTimer` seconds (nil: none).
    nonisolated static func idleWait(sinceActivity: Double, untilTimer: Double?) -> Double {
        let longest = sinceActivity < restAfter ? idleWait : restWait
        return min(longest, max(0, untilTimer ?? longest))
    }

    /// Runs the work waiting on the main queue (blocks given to
    /// `DispatchQueue.main`, `@MainActor` tasks) and the timers that are due,
    /// without waiting for more.
    static func runMainQueue() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0))
    }

    /// One pass of this thread's run loop: the timers scheduled on it that
    /// are due. The main actor may run on another thread than the main one
    /// (a test runner's), and its timers are scheduled on that thread.
    static func runDueTimers() {
        _ = RunLoop.current.limitDate(forMode: .default)
    }

    /// Returns true when the event ends the run.
    private func handle(_ event: SDL_Event, at time: Double) -> Bool {
        lastActivity = clock()
        if event.type == SDL_QUIT.rawValue { return true }
        if event.type == SDL_MOUSEMOTION.rawValue || event.type == SDL_FINGERMOTION.rawValue { movesSinceFrame += 1 }
        if event.type == SDL_DROPFILE.rawValue {
            guard let file = event.drop.file else { return false }
            let path = String(cString: file)
            SDL_free(file)
            onDropFile?(self, path)
            return false
        }
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
    package func dumpScene(path: String) throws(HeadlessError) {
        let session = view.session
        try session.writeScene(session.frame(at: view.lastTime), path: path)
    }
}
