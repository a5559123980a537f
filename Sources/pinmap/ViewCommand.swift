import ArgumentParser
import Foundation
import MapCore
import MapSDL
import PinmapResources

/// `pinmap [options]`: the map in a window, or rendered offscreen with --headless.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open the map in a window (the default), or render it offscreen with --headless."
    )

    @OptionGroup var map: MapArguments

    @Flag(help: "Render offscreen without a display (needs --screenshot, --dump-scene or --script).")
    var headless = false

    @Option(help: ArgumentHelp("Write the final frame as a PNG (headless).", valueName: "file.png"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Replay a JSON script of events on a virtual 60 fps clock (headless).",
                               valueName: "file.json"))
    var script: String?

    @Option(name: .customLong("dump-scene"),
            help: ArgumentHelp("Write the final frame's draw commands as JSON (headless).", valueName: "file.json"))
    var dumpScene: String?

    @Flag(name: .customLong("save-on-exit"),
          help: ArgumentHelp("On exit, try once more to write moves whose save failed during the run "
                                 + "(every drop already saves the --pins file)."))
    var saveOnExit = false

    @Flag(help: "Log what pinmap is doing (tile loads and such) to stderr.")
    var verbose = false

    func run() throws {
        ConsoleLogHandler.bootstrap(verbose: verbose)
        if saveOnExit && map.pins == nil {
            throw UsageError("--save-on-exit needs --pins FILE to save to")
        }
        let options = try map.options()
        if headless {
            try runHeadless(options)
        } else {
            guard screenshot == nil, script == nil, dumpScene == nil else {
                throw UsageError("--screenshot, --script and --dump-scene need --headless")
            }
            try runWindow(options)
        }
    }

    private func runHeadless(_ options: MapOptions) throws {
        guard screenshot != nil || script != nil || dumpScene != nil else {
            throw UsageError("--headless needs something to write: --screenshot, --dump-scene or --script")
        }
        var loaded: Script?
        if let script {
            do {
                loaded = try Script.load(from: URL(fileURLWithPath: script))
            } catch {
                throw UsageError(error.description)
            }
        }
        do {
            let run = try HeadlessRun(options: options)
            run.session.onCalloutAction = ViewCommand.printCalloutAction
            try run.waitForLocation()
            if let loaded {
                try run.play(loaded)
            } else if map.dropAtLocation {
                // No script to wait in: let the pin land and the map centre on it.
                run.advance(to: run.now + 1)
            }
            if let screenshot { try run.screenshot(path: screenshot) }
            if let dumpScene { try run.dumpScene(path: dumpScene) }
            try savePins(of: run.session)
        } catch let error as HeadlessError {
            throw RunError(error.description)
        } catch let error as SDLError {
            throw RunError(error.description)
        }
    }

    private func runWindow(_ options: MapOptions) throws {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw UsageError("no display to open a window on (DISPLAY is not set); "
                                 + "use --headless --screenshot out.png to render offscreen")
        }
        let window: MapWindow
        do {
            window = try MapWindow(options: options, title: "pinmap")
        } catch {
            throw RunError("\(error.description) (without a display, use --headless)")
        }
        window.session.onCalloutAction = ViewCommand.printCalloutAction
        window.run()
        try savePins(of: window.session)
    }

    /// One line per tap on a callout's control, for scripts to read:
    /// `callout-action <annotation-id> <action>`.
    static func printCalloutAction(annotation: String, action: String) {
        // Written straight away, not buffered, so a script sees it at once.
        FileHandle.standardOutput.write(Data("callout-action \(annotation) \(action)\n".utf8))
    }

    /// With --save-on-exit, writes pins whose save during the run failed
    /// once more; pins saved at their drop are not written again, so the
    /// .bak keeps the version before the last move.
    private func savePins(of session: MapSession) throws {
        guard saveOnExit, session.hasUnsavedMoves else { return }
        do {
            try session.savePins()
        } catch {
            throw RunError(error.description)
        }
    }
}
