import Foundation
import MapEngine
import MapKitLayer
import VectorRaster

/// Renders a map offscreen, optionally replaying a script on a virtual clock
/// of 60 frames per second, and writes screenshots and scene dumps. Every
/// capture waits until its tiles have loaded, so two runs of the same input
/// write the same bytes.
///
///     let run = try HeadlessRun(options: options)
///     try run.play(script)                 // screenshots and dumps as scripted
///     try run.screenshot(path: "out.png")  // the final frame
@MainActor
package final class HeadlessRun {
    /// The map and what draws it.
    package let session: MapSession
    let canvas: OffscreenCanvas
    /// Virtual time of the last frame.
    package private(set) var now: Double = 0
    /// A document's title (its first file's name, or the place shown).
    package var title = "pinmap"

    /// A run drawing offscreen with `options` (their size is in pixels); throws when SDL, the fonts
    /// or the tiles cannot be opened.
    package init(options: MapOptions) throws(SDLError) {
        try SDLRuntime.start(video: false)
        canvas = try OffscreenCanvas(size: options.size)
        var options = options
        // Screenshots come out the same on every machine with the same packages.
        if options.resources.fonts.fallback == .automatic { options.resources.fonts.fallback = .pinnedNoto }
        session = try MapSession(renderer: canvas.renderer, options: options)
    }

    /// Hands an input to the session; the first key or text waits for the
    /// search's name index, so every run searches alike whatever the
    /// machine's speed (runs without keys never build it).
    private func deliver(_ input: InputEvent, at time: Double) -> [MapAction] {
        switch input {
        case .key, .text: session.waitForSearchIndex()
        default: break
        }
        return session.handle(input, at: time)
    }

    /// With `dropsPinAtLocation`, blocks until the location source gives its
    /// first fix (at most `timeout` seconds of real time), so the run drops
    /// its pin at the first frame whatever the source's speed.
    package func waitForLocation(timeout: Double = 10) throws(HeadlessError) {
        guard session.map.userLocation.dropsPinAtFirstFix else { return }
        guard session.waitForFirstFix(timeout: timeout) else {
            throw .noLocationFix(seconds: timeout)
        }
    }

    /// Replays a script to its last event (or its quit event).
    package func play(_ script: Script) throws(HeadlessError) {
        if script.recording != nil { return try replay(script) }
        var playback = ScriptPlayback(script: script)
        while !playback.isFinished {
            let (time, events) = playback.nextFrame()
            now = time
            for event in events {
                switch event.action {
                case .input(let input):
                    if deliver(input, at: now).contains(.quit) { return }
                case .screenshot(let path):
                    try screenshot(path: path)
                case .dumpScene(let path):
                    try dumpScene(path: path)
                case .quit:
                    return
                case .frame:
                    break  // a plain script's frames come 60 times a second
                }
            }
            _ = session.frame(at: now)
            if !session.map.isAnimating { playback.skipIdleFrames() }
        }
    }

    /// Replays a window's recording as it happened: each event at its own
    /// time and a frame wherever the window drew one, so everything that
    /// moves with time (glides, a long press, a drag's auto-pan) moves as
    /// it did in the window.
    private func replay(_ script: Script) throws(HeadlessError) {
        for event in script.events {
            now = max(now, event.at)
            switch event.action {
            case .input(let input):
                if deliver(input, at: now).contains(.quit) { return }
            case .frame: _ = session.frame(at: now)
            case .screenshot(let path): try screenshot(path: path)
            case .dumpScene(let path): try dumpScene(path: path)
            case .quit: return
            }
        }
    }

    /// Runs frames at 60 per second of virtual time up to `time`, so a test
    /// can stop an animation at a chosen instant.
    package func advance(to time: Double) {
        while now + 1 / ScriptPlayback.framesPerSecond <= time + 1e-9 {
            now += 1 / ScriptPlayback.framesPerSecond
            _ = session.frame(at: now)
        }
        now = max(now, time)
    }

    /// Hands one input event to the map at the current virtual time.
    @discardableResult
    package func send(_ input: InputEvent) -> [MapAction] {
        deliver(input, at: now)
    }

    /// Draws the frame at the current virtual time and writes it as its
    /// name says: PDF or SVG (shapes and text, `SceneDocument`), else PNG.
    package func screenshot(path: String) throws(HeadlessError) {
        let scene = try settled()
        if let format = SceneDocument.Format(rawValue: (path as NSString).pathExtension.lowercased()) {
            return try session.writeDocument(scene, as: format, path: path, title: title)
        }
        session.draw(scene)
        do {
            try canvas.savePNG(path: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Writes the frame at the current virtual time as JSON.
    package func dumpScene(path: String) throws(HeadlessError) {
        try session.writeScene(try settled(), path: path)
    }

    /// The pixels of the frame at the current virtual time, once its tiles
    /// are in (waiting at most `tileTimeout` seconds for one).
    package func renderImage(tileTimeout: Double = MapSession.tileWait) throws(HeadlessError) -> Surface {
        let scene = try settled(tileTimeout: tileTimeout)
        session.draw(scene)
        do {
            return try canvas.renderer.readPixels()
        } catch {
            throw .rendering(error)
        }
    }

    private func settled(tileTimeout: Double = MapSession.tileWait) throws(HeadlessError) -> Scene {
        do {
            return try session.settledFrame(at: now, tileTimeout: tileTimeout)
        } catch {
            throw .capture(error)
        }
    }
}

/// Why a headless run could not finish.
package enum HeadlessError: Error, Equatable, CustomStringConvertible {
    /// A screenshot, dump or recording could not be written at `path`.
    case cannotWrite(path: String, reason: String)
    /// SDL could not draw or read the frame.
    case rendering(SDLError)
    /// The capture could not wait for what it shows (place names still looked up).
    case capture(CaptureError)
    /// No location fix came within `seconds` (`--drop-at-location`).
    case noLocationFix(seconds: Double)

    /// What went wrong, on one line.
    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "\(path): cannot be written: \(reason)"
        case .rendering(let error): return error.description
        case .capture(let error): return error.description
        case .noLocationFix(let seconds):
            return "--drop-at-location: no location fix within \(Int(seconds)) s (is gpsd running and does the receiver have a fix?)"
        }
    }
}
