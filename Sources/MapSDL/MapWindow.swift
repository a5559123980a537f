import CSDL2
import Foundation
import Logging
import MapCore

/// The interactive map: a resizable window, its event loop and frame pacing.
/// Input goes to the core; the window draws what the core's scene says.
///
///     let window = try MapWindow(options: options, title: "pinmap")
///     window.run()   // until the window is closed or Ctrl+Q
public final class MapWindow {
    let window: SDLWindow
    let renderer: Renderer
    public let session: MapSession
    var translator = EventTranslator()
    /// Frames are paced to about 60 per second when SDL cannot wait for vsync.
    static let frameInterval = 1.0 / 60
    private let logger = Logger(label: "pinmap.window")
    /// Writes every input event and frame of the session (`--record`).
    public var recorder: ScriptRecorder?
    /// The time of the last event handled or frame drawn, in seconds from the start.
    public private(set) var lastTime = 0.0

    /// The renderer that draws the window, and why it was picked.
    public let rendererChoice: WindowRenderer.Choice

    public init(options: MapOptions, title: String, renderer preference: WindowRenderer.Preference = .auto)
        throws(SDLError) {
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
        var sized = options
        sized.size = renderer.outputSize
        // On a high-density screen the renderer has more pixels than the
        // window has units: draw annotation images from their 2x files.
        var windowWidth: Int32 = 0, windowHeight: Int32 = 0
        SDL_GetWindowSize(made, &windowWidth, &windowHeight)
        sized.displayScale = windowWidth > 0 ? max(1, (sized.size.width / Double(windowWidth)).rounded()) : 1
        translator.windowSize = Size(width: Double(windowWidth), height: Double(windowHeight))
        session = try MapSession(renderer: renderer, options: sized)
        session.map.buildsClustersInBackground = true
        session.prepareSearchIndex()
    }

    /// Runs until the user quits. Draws only when something changed, and
    /// sleeps on the event queue when nothing moves.
    public func run() {
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        func now() -> Double { Double(SDL_GetPerformanceCounter() - start) / frequency }
        var event = SDL_Event()
        var dirty = true
        var frames = 0
        // Text arrives only while the search field is open (and a touch
        // keyboard shows then), so `/` typed to open it is not typed into it.
        var typing = false
        SDL_StopTextInput()
        var tilesLoaded = 0, tilesSince = 0.0
        defer { logger.info("\(frames) frames presented in \(String(format: "%.1f", now())) s") }
        while true {
            let frameStart = now()
            let busy = dirty || session.map.needsDisplay || session.map.isAnimating || session.tiles.pendingCount > 0
            // Idle: block until an event, waking now and then for tile loads.
            if !busy && SDL_WaitEventTimeout(&event, 100) == 1 {
                if handle(event, at: now()) { return }
                dirty = true
            }
            while SDL_PollEvent(&event) == 1 {
                if handle(event, at: now()) { return }
                dirty = true
            }
            if session.map.search.isOpen != typing {
                typing = session.map.search.isOpen
                if typing { SDL_StartTextInput() } else { SDL_StopTextInput() }
            }
            let loaded = session.tiles.pump()
            if loaded > 0 || session.tiles.retryIsDue { dirty = true }
            if (session.overlays?.pump() ?? 0) > 0 { dirty = true }
            tilesLoaded += loaded
            if tilesLoaded > 0, now() - tilesSince >= 1 {
                let seconds = now() - tilesSince
                logger.info("\(tilesLoaded) tiles loaded in \(String(format: "%.1f", seconds)) s")
                (tilesLoaded, tilesSince) = (0, now())
            } else if tilesLoaded == 0 {
                tilesSince = now()
            }
            if dirty || session.map.needsDisplay || session.map.isAnimating {
                let time = now()
                record(ScriptEvent(at: time, action: .frame))
                session.draw(session.frame(at: time))
                frames += 1
                dirty = false
            }
            let spent = now() - frameStart
            if spent < MapWindow.frameInterval && (session.map.isAnimating || session.tiles.pendingCount > 0) {
                SDL_Delay(UInt32((MapWindow.frameInterval - spent) * 1000))
            }
        }
    }

    /// Returns true when the event ends the run.
    private func handle(_ event: SDL_Event, at time: Double) -> Bool {
        for input in translator.translate(event) {
            var input = input.scaled(by: session.map.displayScale)
            if case .resize = input {
                // Use pixels, not window units, so high-DPI screens stay sharp.
                input = .resize(renderer.outputSize)
            }
            record(ScriptEvent(at: time, action: .input(input)))
            if session.handle(input, at: time).contains(.quit) { return true }
        }
        return false
    }

    private func record(_ event: ScriptEvent) {
        lastTime = max(lastTime, event.at)
        guard let recorder else { return }
        do {
            try recorder.record(event)
        } catch {
            logger.error("\(error.description); recording stopped after \(recorder.eventCount) events")
            self.recorder = nil
        }
    }

    /// Writes the scene as the session left it (`--dump-scene` in a
    /// window): the frame at the last moment recorded, as a replay of the
    /// recording ends on.
    public func dumpScene(path: String) throws(HeadlessError) {
        let scene = session.frame(at: lastTime)
        do {
            try SceneDump(scene: scene, annotations: session.map.annotationSummaries(), overlays: session.map.overlayLayer.summaries()).jsonData()
                .write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
