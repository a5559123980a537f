import Foundation
import Testing

/// pinmap's real window on its own Xvfb display, driven with xdotool as a
/// person's mouse and keyboard would (`make test` installs xvfb and
/// xdotool). Coordinates are window pixels.
///
///     let window = try XvfbWindow(arguments: ["--pins", pins.path, "--size", "800x600"])
///     try window.press(at: (400, 276)); try window.move(to: (450, 300)); try window.release()
///     try window.quit()
final class XvfbWindow {
    private let xvfb: Process
    private let display: String
    private let app: Process
    private var id = ""
    private let extraEnvironment: [String: String]
    private var left = 0, top = 0

    /// Where the window keeps its own files (`XDG_DATA_HOME`): a fresh temporary folder unless given.
    let dataHome: URL

    /// `environment` adds to or replaces the test's own (a `PATH` with stand-in programs).
    /// `screen` is the display's size (WIDTHxHEIGHT).
    init(arguments: [String], dataHome: URL? = nil, environment extra: [String: String] = [:], screen: String = "1280x900") throws {
        self.extraEnvironment = extra
        self.dataHome = dataHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-window-\(UUID().uuidString)")
        (xvfb, display) = try XvfbWindow.startDisplay(screen: screen)
        app = Process()
        do {
            try launch(arguments)
        } catch {
            XvfbWindow.stop(xvfb, display: display)
            throw error
        }
    }

    deinit {
        XvfbWindow.stop(app)
        XvfbWindow.stop(xvfb, display: display)
    }

    var isRunning: Bool { app.isRunning }

    func moveMouse(to point: (Int, Int)) throws {
        try xdotool(["mousemove", "\(left + point.0)", "\(top + point.1)"])
    }

    func press(at point: (Int, Int)) throws {
        try moveMouse(to: point)
        Thread.sleep(forTimeInterval: 0.2)
        try xdotool(["mousedown", "1"])
    }

    func release() throws { try xdotool(["mouseup", "1"]) }

    /// A right click (press and release without moving) at a point.
    func rightClick(at point: (Int, Int)) throws {
        try moveMouse(to: point)
        Thread.sleep(forTimeInterval: 0.2)
        try xdotool(["click", "3"])
    }

    /// Wheel notches up (zoom in) at a point.
    func scrollUp(at point: (Int, Int)) throws {
        try moveMouse(to: point)
        try xdotool(["click", "4"])
    }

    func key(_ name: String) throws { try xdotool(["key", "--window", id, name]) }

    /// The window's title, as the desktop shows it.
    func title() throws -> String { try xdotool(["getwindowname", id]).trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The title as window managers read it: `_NET_WM_NAME`, UTF-8 (`xprop`'s line for it).
    func netWMName() throws -> String { try run("xprop", ["-id", id, "_NET_WM_NAME"]) }

    /// SIGKILL: the app ends at once, with no chance to tidy up.
    func killNow() {
        Foundation.kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
    }

    /// Ctrl+Q, then waits (at most 5 s) for the app to exit.
    func quit() throws {
        try key("ctrl+q")
        for _ in 0..<50 where app.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!app.isRunning, "ctrl+q closed the window")
    }

    private func launch(_ arguments: [String]) throws {
        app.executableURL = PinmapCLITests.products.appendingPathComponent("pinmap")
        app.arguments = arguments + ["--verbose"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // The window's own pins file (without --pins) and remembered state go to a folder of the test's, never the user's.
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["XDG_STATE_HOME"] = dataHome.appendingPathComponent("state").path
        environment["PINMAP_OFFLINE"] = "1"  // no test reaches another address
        environment.merge(extraEnvironment) { $1 }
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        let log = Pipe()
        app.standardError = log
        try app.run()
        // Wait for the window's first frame (it says so with --verbose), however busy the machine.
        let drawn = DispatchSemaphore(value: 0)
        let reader = log.fileHandleForReading
        DispatchQueue.global().async {
            var seen = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                seen += chunk
                if String(decoding: seen, as: UTF8.self).contains("first frame drawn") {
                    drawn.signal()
                    // Keep draining so the app never blocks on a full pipe.
                    while !reader.availableData.isEmpty {}
                    return
                }
            }
        }
        #expect(drawn.wait(timeout: .now() + 30) == .success, "the window drew its first frame")
        for _ in 0..<100 where id.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            // By its class: xdotool matches names of Latin-1 titles only, and pinmap's title is UTF-8 ("walk.gpx — pinmap").
            id = try xdotool(["search", "--classname", "^pinmap$"]).split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(!id.isEmpty, "the window opened")
        Thread.sleep(forTimeInterval: 0.5)  // a few more frames: the tiles come in
        let geometry = try xdotool(["getwindowgeometry", "--shell", id])
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            return (String(parts[0]), value)
        })
        left = values["X"] ?? 0
        top = values["Y"] ?? 0
    }

    /// Runs xdotool with arguments on this display, waiting for it; its standard output.
    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String { try run("xdotool", arguments) }

    /// An X client of the display (xdotool, xprop): what it printed.
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        return try XvfbWindow.run(program, arguments, environment: environment)
    }

    /// A program run to its end in `environment`: what it printed.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> String {
        String(decoding: try output(program, arguments, environment: environment), as: UTF8.self)
    }

    /// A program run to its end in `environment`: the bytes it printed.
    static func output(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// One display server at a time across all suites: a killed Xvfb
    /// leaves its socket and lock file, and removing them while another
    /// server takes the same number would cut that one off.
    private static let oneAtATime = DispatchSemaphore(value: 1)

    /// Starts Xvfb on a display it picks itself (`-displayfd`); `stop` with
    /// the display lets the next one start.
    static func startDisplay(screen: String = "1280x900") throws -> (Process, String) {
        oneAtATime.wait()
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xvfb.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", screen + "x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        xvfb.standardOutput = out
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var text = ""
        while !text.hasSuffix("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            stop(xvfb, display: nil)
            oneAtATime.signal()
            throw CocoaError(.featureUnsupported)
        }
        return (xvfb, ":\(number)")
    }

    /// Drops a pin at (300, 200) through the map's menu: a right-click
    /// opens it there, and its first item, "Drop a pin here", drops one.
    func dropPinThroughMenu() throws {
        try rightClick(at: (300, 200))
        Thread.sleep(forTimeInterval: 0.5)
        try press(at: (400, 222))
        try release()
        Thread.sleep(forTimeInterval: 1)
    }

    /// The window's pixels as X has them, red, green and blue bytes row by
    /// row (ImageMagick's `import`), with its size.
    func pixels() throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let (width, height) = try size()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let data = try XvfbWindow.output("import", ["-window", id, "-depth", "8", "rgb:-"], environment: environment)
        return (width, height, [UInt8](data))
    }

    /// The window's size, as X has it.
    func size() throws -> (width: Int, height: Int) {
        let geometry = try xdotool(["getwindowgeometry", "--shell", id])
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            return (String(parts[0]), value)
        })
        return (values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// SIGTERM, then SIGKILL if it has not gone within two seconds; for a
    /// display server, its socket and lock file go too (a killed one
    /// cannot remove them).
    static func stop(_ process: Process, display: String? = nil) {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGTERM)
            for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
            for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        }
        if let number = display?.dropFirst() {
            // Only this server's own leftovers (its pid is in the lock file).
            let lock = "/tmp/.X\(number)-lock"
            let owner = (try? String(contentsOfFile: lock, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if owner == process.processIdentifier {
                unlink("/tmp/.X11-unix/X\(number)")
                unlink(lock)
            }
            oneAtATime.signal()
        }
    }
}
