import Foundation
import MapSDL
import Testing

/// A desktop for pinmap's real window: an Xvfb display, with weston on it
/// (its X11 backend, whose keyboard and pointer make the seat SDL needs)
/// when the test wants Wayland, or weston's headless backend alone (no
/// seat, no X). Screenshots are taken of the X display, which shows what
/// weston composes; keys go through xdotool.
///
///     let desktop = try DesktopSession(weston: .onX11(scale: 1), screen: (640, 400))
///     let app = try desktop.launch(["--no-pins", "--size", "640x400"])
///     let picture = try desktop.screenshot()
final class DesktopSession {
    enum Weston: Equatable {
        case none
        case onX11(scale: Int)
        case headless
    }

    struct Launched {
        let process: Process
        let log: URL

        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    }

    private var xvfb: Process?
    private(set) var display: String?
    private var weston: Process?
    private var apps: [Process] = []
    let folder: URL
    let runtime: URL
    let socket = "pinmap-test-wayland"
    private let screen: (Int, Int)

    init(weston kind: Weston, screen: (Int, Int) = (640, 400)) throws {
        self.screen = screen
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-desktop-\(UUID().uuidString)")
        runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if kind != .headless {
            let scale = if case .onX11(let scale) = kind { scale } else { 1 }
            (xvfb, display) = try XvfbWindow.startDisplay(screen: "\(screen.0 * scale)x\(screen.1 * scale)")
        }
        switch kind {
        case .none: break
        case .onX11(let scale):
            try startWeston(["--backend=x11-backend.so", "--width=\(screen.0)", "--height=\(screen.1)", "--scale=\(scale)"])
        case .headless:
            try startWeston(["--backend=headless-backend.so", "--width=\(screen.0)", "--height=\(screen.1)"])
        }
    }

    deinit {
        for app in apps { XvfbWindow.stop(app) }
        if let weston { XvfbWindow.stop(weston) }
        if let xvfb { XvfbWindow.stop(xvfb, display: display) }
        try? FileManager.default.removeItem(at: folder)
    }

    private func startWeston(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["weston", "--socket=\(socket)", "--shell=kiosk-shell.so", "--use-pixman", "--idle-time=0"] + arguments
        process.environment = environment(wayland: false)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        weston = process
        let path = runtime.appendingPathComponent(socket).path
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: path) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(FileManager.default.fileExists(atPath: path), "weston listens at \(path)")
        Thread.sleep(forTimeInterval: 0.3)
    }

    func environment(wayland: Bool, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "DISPLAY", "SDL_VIDEODRIVER", "GDK_SCALE", "XDG_SESSION_TYPE"] { environment[name] = nil }
        environment["XDG_RUNTIME_DIR"] = runtime.path
        if let display { environment["DISPLAY"] = display }
        if wayland { environment["WAYLAND_DISPLAY"] = socket }
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["PINMAP_OFFLINE"] = "1"
        environment.merge(extra) { $1 }
        return environment
    }

    /// Starts pinmap (`--verbose`), and waits at most 30 s for its first frame or its exit.
    func launch(_ arguments: [String], wayland: Bool, environment extra: [String: String] = [:]) throws -> Launched {
        let process = Process()
        process.executableURL = PinmapCLITests.products.appendingPathComponent("pinmap")
        process.arguments = arguments + ["--verbose"]
        process.environment = environment(wayland: wayland, extra: extra)
        let log = folder.appendingPathComponent("pinmap-\(apps.count).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        apps.append(process)
        let launched = Launched(process: process, log: log)
        for _ in 0..<300 where process.isRunning && !launched.text.contains("first frame drawn") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 1)  // a few more frames: the tiles come in
        return launched
    }

    /// The X display's picture (what weston shows, or the bare X window), of the screen's size at `scale`.
    func screenshot(scale: Int = 1) throws -> Surface {
        let file = folder.appendingPathComponent("shot-\(UUID().uuidString).png")
        try run("import", ["-window", "root", "-crop", "\(screen.0 * scale)x\(screen.1 * scale)+0+0", "+repage", file.path])
        return try Surface.load(path: file.path)
    }

    /// A key pressed on the display, into weston's window (or the one under the pointer).
    func key(_ name: String) throws {
        if weston != nil, let window = try run("xdotool", ["search", "--classname", "weston"]).split(separator: "\n").first {
            try run("xdotool", ["windowfocus", String(window)])
        }
        try run("xdotool", ["mousemove", "\(screen.0 - 1)", "\(screen.1 - 1)"])
        Thread.sleep(forTimeInterval: 0.2)
        try run("xdotool", ["key", name])
    }

    /// The size of pinmap's X window (not under Wayland).
    func x11WindowSize() throws -> (Int, Int) {
        let id = try run("xdotool", ["search", "--classname", "^pinmap$"]).split(separator: "\n").first.map(String.init) ?? ""
        let shell = try run("xdotool", ["getwindowgeometry", "--shell", id])
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        return (values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// Sets a root window property as `xrdb` would (`Xft.dpi`).
    func setResources(_ text: String) throws {
        try run("xprop", ["-root", "-format", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", text])
    }

    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        try XvfbWindow.run(program, arguments, environment: environment(wayland: false))
    }

    /// Waits at most `seconds` for the app to end; whether it did.
    static func waitForExit(_ process: Process, seconds: Double = 5) -> Bool {
        for _ in 0..<Int(seconds * 10) where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        return !process.isRunning
    }
}
