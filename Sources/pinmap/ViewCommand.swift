import ArgumentParser
import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import FileAccess

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

    @Option(name: .customLong("style-changes"),
            help: ArgumentHelp("Change the style once the first picture is in (headless): a JSON array of MapLibre "
                                   + "operations, [\"setPaintProperty\", layer, property, value], [\"addLayer\", layer], …",
                               valueName: "file.json"))
    var styleChanges: String?

    @Option(name: .customLong("dump-scene"),
            help: ArgumentHelp("Write the final frame's draw commands as JSON (headless, or a window's at exit).",
                               valueName: "file.json"))
    var dumpScene: String?

    @Option(help: ArgumentHelp("Record the window session (every input event, its time, the frames drawn) as a "
                                   + "script that --headless --script replays; valid JSON however the run ends.",
                               valueName: "file.json"))
    var record: String?

    @Option(name: .customLong("pins-out"),
            help: ArgumentHelp("Save pin changes to this file, a copy of the --pins file made at the start, "
                                   + "instead of the --pins file itself (a replay saves nothing without it).",
                               valueName: "file.geojson"))
    var pinsOut: String?

    @Flag(name: .customLong("save-on-exit"),
          help: ArgumentHelp("On exit, try once more to write moves whose save failed during the run "
                                 + "(every drop already saves the --pins file)."))
    var saveOnExit = false

    @Option(help: ArgumentHelp("The window's renderer: auto picks the accelerated one unless the GL is drawn by the "
                                   + "CPU (llvmpipe, softpipe, swrast), where SDL's software renderer is faster. "
                                   + "SDL_RENDER_DRIVER in the environment wins.",
                               valueName: "auto|software|opengl|opengles2"))
    var renderer = "auto"

    @Flag(help: "Log what pinmap is doing (renderer, tile source, tiles loaded, saves) to stderr.")
    var verbose = false

    /// ArgumentParser calls this on the main thread, where the map lives.
    mutating func run() throws {
        var command = self
        try MainActor.assumeIsolated { try command.runOnMainActor() }
        self = command
    }

    @MainActor
    private mutating func runOnMainActor() throws {
        // The fonts' caches are read while the style and data are.
        FontBook.prepare(FontFiles(), headless: headless)
        ConsoleLogHandler.bootstrap(verbose: verbose)
        try map.absorbFiles()  // files named without a flag become --tiles, --style and --pins
        if saveOnExit && map.pins.isEmpty {
            throw UsageError("--save-on-exit needs --pins FILE to save to")
        }
        let preference = try rendererPreference()
        let logger = Logger(label: "pinmap")
        if headless {
            guard record == nil else { throw UsageError("--record records a window: leave out --headless") }
            let loaded = try script.map(ViewCommand.loadScript)
            // A recording opens the view it was made in, with its own flags.
            let arguments = try loaded?.recording.map { try MapArguments.replaying($0, file: script ?? "") } ?? map
            var options = try arguments.asRecorded { try arguments.options() }
            ViewCommand.logSource(options, tiles: arguments.tiles, to: logger)
            if loaded?.recording != nil { options.savesPins = false }  // a replay never writes the user's file
            // --size counts points: the picture has the scale's pixels for each.
            options.size = Size(width: options.size.width * options.displayScale, height: options.size.height * options.displayScale)
            try writePinsOut(&options, arguments: arguments)
            try runHeadless(options, script: loaded)
        } else {
            guard screenshot == nil, script == nil else {
                throw UsageError("--screenshot and --script need --headless")
            }
            try OutputPaths.check(screenshot: nil, dumpScene: dumpScene, record: record)
            var options = try windowOptions(logger: logger)
            ViewCommand.logSource(options, tiles: map.tiles, to: logger)
            try writePinsOut(&options, arguments: map)
            // ArgumentParser runs commands on the main thread, where SDL's window must live.
            try MainActor.assumeIsolated { try runWindow(options, renderer: preference) }
        }
    }

    /// The window's options: the flags, with what was open last time and the
    /// user's settings where no flag says otherwise. When what those files
    /// name cannot be opened, each is named in one warning and passed
    /// over, and the window opens on the flags alone: the user's own files
    /// never keep pinmap from starting. A bad flag is still an error.
    @MainActor
    private mutating func windowOptions(logger: Logger) throws -> MapOptions {
        let flags = map
        let given = Set(CommandLine.arguments.compactMap { $0.hasPrefix("--") ? $0.split(separator: "=").first.map(String.init) : nil })
        let last = LastSession.load(logger: logger)
        let settings = Settings.load(logger: logger)
        // A window keeps the pins dropped without --pins in the user's own file.
        func attempt(_ arguments: MapArguments) throws -> MapOptions {
            map = arguments
            var options = try map.options(keepingDroppedPins: true, inWindow: true)
            // The default size gives way to a small screen; a size the user gave is theirs.
            options.fitsScreen = !given.contains("--size")
            return options
        }
        if let last {
            do {
                return try attempt(settings.applied(to: flags.restoring(last, logger: logger), given: given))
            } catch let error as UsageError {
                logger.warning("\(LastSession.file().path): what it had open cannot be opened again (\(error.description)); passed over")
            }
        }
        if settings != Settings() {
            do {
                return try attempt(settings.applied(to: flags, given: given))
            } catch let error as UsageError {
                logger.warning("\(Settings.file().path): a setting cannot be used (\(error.description)); passed over")
            }
        }
        return try attempt(flags)
    }

    private func rendererPreference() throws -> WindowRenderer.Preference {
        guard let preference = WindowRenderer.Preference(rawValue: renderer) else {
            throw UsageError("--renderer: \"\(renderer)\" is not one of "
                                 + WindowRenderer.Preference.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return preference
    }

    private static func logSource(_ options: MapOptions, tiles: String?, to logger: Logger) {
        let levels = options.source.levels
        logger.info("tiles \(tiles ?? "embedded world"): levels \(levels.lowerBound)–\(levels.upperBound), deeper zooms enlarged")
    }

    private static func loadScript(_ path: String) throws -> Script {
        do {
            return try Script.load(from: URL(fileURLWithPath: path), files: DiskFiles())
        } catch {
            throw UsageError(error.description)
        }
    }

    /// With --pins-out, the pins file is copied there and saves go to the copy.
    private func writePinsOut(_ options: inout MapOptions, arguments: MapArguments) throws {
        guard let pinsOut else { return }
        guard !arguments.pins.isEmpty, let document = options.pins else {
            throw UsageError("--pins-out needs --pins FILE (or a recording made with one) to copy")
        }
        let url = URL(fileURLWithPath: pinsOut)
        do {
            try AtomicFile.write(document.bytes, to: url.path)
        } catch {
            throw UsageError("--pins-out: \(pinsOut): cannot be written: \(error.reason)")
        }
        do {
            options.pins = try PinDocument.load(from: url, files: DiskFiles())
        } catch {
            throw UsageError(error.description)
        }
        options.savesPins = true
    }

    @MainActor
    private func runHeadless(_ options: MapOptions, script loaded: Script?) throws {
        guard screenshot != nil || script != nil || dumpScene != nil else {
            throw UsageError("--headless needs something to write: --screenshot, --dump-scene or --script")
        }
        try OutputPaths.check(screenshot: screenshot, dumpScene: dumpScene)
        do {
            let changes = try styleChanges.map { file throws(UsageError) in try StyleChanges(file: file) }
            let run = try HeadlessRun(options: options)
            run.session.onCalloutAction = ViewCommand.printCalloutAction
            try run.waitForLocation()
            if let changes {
                _ = try run.renderImage()
                try changes.apply(to: run)
            }
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
            // A file that cannot be written is the user's to fix, as bad input is.
            if case .cannotWrite = error { throw UsageError(error.description) }
            if case .noLocationFix(let seconds) = error, map.locationSource != nil, map.gpsd == nil {
                // The fix was asked of GeoClue, not gpsd: the hint names the service asked.
                throw RunError("--drop-at-location: no location fix within \(Int(seconds)) s (is GeoClue running, and may it "
                                   + "locate this machine? Or give --location LAT,LON)")
            }
            throw RunError(error.description)
        } catch let error as SDLError {
            throw RunError(error.description)
        }
    }

    @MainActor private func runWindow(_ options: MapOptions, renderer preference: WindowRenderer.Preference) throws {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw UsageError("no display to open a window on (DISPLAY is not set); "
                                 + "use --headless --screenshot out.png to render offscreen")
        }
        let window: MapWindow
        do {
            window = try MapWindow(options: options, delegate: nil, title: map.windowTitle, renderer: preference)
        } catch {
            throw RunError("\(error.description) (without a display, use --headless)")
        }
        window.view.session.onCalloutAction = ViewCommand.printCalloutAction
        let opening = FileOpening(arguments: map, options: options, mayReopen: record == nil)
        window.onDropFile = { window, path in opening.open(path, in: window) }
        // The files opened lately, less those open now: the F1 card lists them, Ctrl+1 … 9 open them.
        let open = Set(filesOpened)
        let recent = (LastSession.load(logger: Logger(label: "pinmap"))?.recent ?? []).filter {
            !open.contains($0) && FileManager.default.fileExists(atPath: $0)
        }
        window.map.chrome.recentFiles = recent.map { URL(fileURLWithPath: $0).lastPathComponent }
        window.onOpenRecent = { window, index in
            guard recent.indices.contains(index) else { return }
            opening.open(recent[index], in: window)
        }
        window.view.session.onFileClosed = { [weak window] path in
            guard let window else { return }
            opening.closed(path, in: window)
        }
        window.onOpenFileRequest = { window in
            FileChooser.ask(folder: recent.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }, { [weak window] path in
                guard let window, let path else { return }
                opening.open(path, in: window)
            }, unavailable: { [weak window] in
                window?.map.showMessage("Ctrl+O needs the desktop portal, zenity or kdialog: drop a file on the window, or run pinmap FILE",
                                        isError: false)
            })
        }
        window.onExportRequest = { window, format in WindowExport.save(window, as: format, title: window.title) }
        // Street detail can be downloaded for offline use: the menu's item and Ctrl+D.
        let windowAreas = map.drawsEmbeddedWorld && !map.rasterWorld && map.streetTiles?.lowercased() != "none"
            ? WindowAreas(source: map.streetTiles ?? "streets", areas: StreetDetail.areas(streetTiles: map.streetTiles), cap: map.areaMaxTiles,
                          offline: map.offline || ProcessInfo.processInfo.environment["PINMAP_OFFLINE"] == "1")
            : nil
        windowAreas?.attach(to: window)
        if let record {
            if map.gpsd != nil {
                Logger(label: "pinmap.record").warning("a recording keeps no gpsd fixes: its replay shows no location")
            }
            let pinsCopy = try copyPinsForReplay(options, record: record)
            let header = Script.Recording(version: PinmapVersion.current, size: window.map.camera.viewportSize,
                                          scale: window.map.displayScale,
                                          flags: map.recordedFlags(options, pinsCopy: pinsCopy))
            do {
                window.view.recorder = try ScriptRecorder(path: record, recording: header)
            } catch {
                throw UsageError("--record: \(error.description)")
            }
        }
        window.run()
        withExtendedLifetime(windowAreas) {}
        window.view.recorder?.close()
        keepSession(of: window, opening: opening)
        if let dumpScene {
            do {
                try window.dumpScene(path: dumpScene)
            } catch {
                throw UsageError(error.description)
            }
        }
        try savePins(of: window.view.session)
    }

    /// The files this run opens (named without a flag, or the map and
    /// style named by one), as absolute paths: the recent files to be.
    private var filesOpened: [String] {
        ([map.tiles, map.style].compactMap { $0 } + map.openedPins)
            .filter { !$0.contains("://") && !["light", "dark"].contains($0) }
            .map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// Keeps where the window was and the files opened lately for the next
    /// window (`LastSession`); a failure is a warning, never lost pins.
    @MainActor private func keepSession(of window: MapWindow, opening: FileOpening) {
        let center = window.map.camera.centerCoordinate.wrapped
        let previous = LastSession.load(logger: Logger(label: "pinmap"))
        var session = LastSession(latitude: center.latitude, longitude: center.longitude, zoom: window.map.zoom,
                                  heading: window.map.camera.heading, pitch: window.map.camera.pitch)
        session.recent = (previous ?? session).recent(adding: filesOpened
            + opening.opened.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        do {
            try session.check()
            try session.save()
        } catch {
            Logger(label: "pinmap").warning("\(LastSession.file().path): the session cannot be kept: \(error)")
        }
    }

    /// The pins as the recorded session opened them, beside the recording
    /// (`session.json` → `session.pins.geojson`), for its replay.
    private func copyPinsForReplay(_ options: MapOptions, record: String) throws -> String? {
        guard !map.pins.isEmpty, let document = options.pins else { return nil }
        let url = URL(fileURLWithPath: record)
        let copy = url.deletingPathExtension()
            .appendingPathExtension("pins." + (document.gpx == nil ? "geojson" : "gpx"))
        do {
            try AtomicFile.write(document.bytes, to: copy.path)
        } catch {
            throw UsageError("--record: \(copy.path): cannot be written: \(error.reason)")
        }
        return copy.path
    }

    /// One line per tap on a callout's control, for scripts to read:
    /// `callout-action <annotation-id> <action>`, each value quoted where it
    /// holds a space, a quote or a control character (`ScriptText`), so an
    /// id from a file can never print a line of its own.
    static func printCalloutAction(annotation: String, action: String) {
        // Written straight away, not buffered, so a script sees it at once.
        let line = "callout-action \(ScriptText.field(annotation)) \(ScriptText.field(action))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// With --save-on-exit, writes pins whose save during the run failed
    /// once more; pins saved at their drop are not written again, so the
    /// .bak keeps the version before the last move.
    @MainActor
    private func savePins(of session: MapSession) throws {
        guard saveOnExit, session.hasUnsavedMoves else { return }
        do {
            try session.savePins()
        } catch {
            throw RunError(error.description)
        }
    }
}
