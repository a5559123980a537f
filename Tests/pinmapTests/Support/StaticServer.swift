import Foundation
import Testing

/// Python's static file server over a folder, on a free port of 127.0.0.1
/// (or `port`), answering each request after `delay` seconds; stopped when
/// the value goes (no test reaches another address).
final class StaticServer {
    let process = Process()
    /// `http://127.0.0.1:PORT`.
    let base: String
    /// The port it listens on.
    let port: Int

    /// Python's own server, with a wait before each answer and a port of the test's choosing.
    private static let script = """
        import functools, http.server, sys, time
        folder, delay, port = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                time.sleep(delay)
                super().do_GET()
            def log_message(self, *args):
                pass
        http.server.ThreadingHTTPServer.allow_reuse_address = True
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=folder))
        print(f"Serving HTTP on 127.0.0.1 port {server.server_address[1]}", flush=True)
        server.serve_forever()
        """

    init(folder: URL, delay: Double = 0, port: Int = 0) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", "-c", StaticServer.script, folder.path, "\(delay)", "\(port)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123"
        var said = ""
        while !said.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let words = said.split(whereSeparator: \.isWhitespace)
        let port = try #require(words.firstIndex(of: "port").flatMap { Int(words[$0 + 1]) })
        self.port = port
        base = "http://127.0.0.1:\(port)"
    }

    /// Stops it at once, as a crash would.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { Foundation.kill(process.processIdentifier, SIGKILL) }
}
