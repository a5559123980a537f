import Foundation
import Testing

/// The real window under Xvfb, driven with xdotool as a person's mouse: a
/// pin carried out of the window and let go there goes home unsaved; one
/// let go inside is saved. (`make test` installs xvfb and xdotool.)
@Suite(.serialized) struct WindowDragTests {
    let cli = PinmapCLITests()

    /// Runs `tool` with arguments, waiting for it; its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], display: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts Xvfb on a display it picks itself (`-displayfd`).
    func startDisplay() throws -> (Process, String) {
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xvfb.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x900x24", "-nolisten", "tcp"]
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
            throw CocoaError(.featureUnsupported)
        }
        return (xvfb, ":\(number)")
    }

    /// SIGTERM, then SIGKILL if it has not gone within two seconds; for a
    /// display server, its socket and lock file go too (a killed one
    /// cannot remove them).
    func stop(_ process: Process, display: String? = nil) {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for _ in 0..<20 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        }
        if let number = display?.dropFirst() {
            unlink("/tmp/.X11-unix/X\(number)")
            unlink("/tmp/.X\(number)-lock")
        }
    }

    /// Opens pinmap on `pins` centred on the pin, carries it from its head
    /// along `path` (window pixels), lets go, quits; the file afterwards.
    func drag(along path: [(Int, Int)], pins: URL) throws -> String {
        let (xvfb, display) = try startDisplay()
        defer { stop(xvfb, display: display) }
        let app = Process()
        app.executableURL = PinmapCLITests.products.appendingPathComponent("pinmap")
        app.arguments = ["--pins", pins.path, "--center", "48.8566,2.3522", "--zoom", "5", "--size", "800x600",
                         "--verbose"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        let log = Pipe()
        app.standardError = log
        try app.run()
        defer { stop(app) }
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
        var window = ""
        for _ in 0..<100 where window.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            window = try run("xdotool", ["search", "--name", "^pinmap$"], display: display)
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(!window.isEmpty, "the window opened")
        Thread.sleep(forTimeInterval: 0.5)  // a few more frames: the tiles come in
        let geometry = try run("xdotool", ["getwindowgeometry", "--shell", window], display: display)
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            return (String(parts[0]), value)
        })
        let left = values["X"] ?? 0, top = values["Y"] ?? 0
        // The pin's tip is at the window's centre, its head 24 px above.
        try run("xdotool", ["mousemove", "\(left + 400)", "\(top + 276)"], display: display)
        Thread.sleep(forTimeInterval: 0.2)
        try run("xdotool", ["mousedown", "1"], display: display)
        for (x, y) in path {
            try run("xdotool", ["mousemove", "\(left + x)", "\(top + y)"], display: display)
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)
        try run("xdotool", ["mouseup", "1"], display: display)
        Thread.sleep(forTimeInterval: 1)
        try run("xdotool", ["mousemove", "\(left + 400)", "\(top + 300)"], display: display)
        try run("xdotool", ["key", "--window", window, "ctrl+q"], display: display)
        for _ in 0..<50 where app.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!app.isRunning, "ctrl+q closed the window")
        return try String(contentsOf: pins, encoding: .utf8)
    }

    static let pinsText = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}, "properties": {"title": "Paris"}}
    ]}

    """

    @Test func aPinLetGoOutsideTheWindowGoesHomeUnsaved() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(WindowDragTests.pinsText.utf8).write(to: pins)
        // Down through the bottom edge and 200 px past it, where auto-pan
        // would have run to the pole before.
        let after = try drag(along: [(400, 290), (400, 320), (400, 400), (400, 500), (400, 600), (400, 700), (400, 800)],
                             pins: pins)
        #expect(after == WindowDragTests.pinsText)
        #expect(!FileManager.default.fileExists(atPath: pins.path + ".bak"), "nothing was saved")
    }

    @Test func aPinLetGoInsideTheWindowIsSaved() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(WindowDragTests.pinsText.utf8).write(to: pins)
        let after = try drag(along: [(410, 280), (450, 300), (500, 330)], pins: pins)
        #expect(after != WindowDragTests.pinsText && after.contains("\"paris\""))
    }
}
