import Foundation
import Testing

/// Python's static file server over a folder, on a free port of 127.0.0.1,
/// stopped when the value goes (no test reaches another address).
final class StaticServer {
    let process = Process()
    /// `http://127.0.0.1:PORT`.
    let base: String

    init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var said = ""
        while !said.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let words = said.split(separator: " ")
        let port = try #require(words.firstIndex(of: "port").map { words[$0 + 1] })
        base = "http://127.0.0.1:\(port)"
    }

    deinit { kill(process.processIdentifier, SIGKILL) }
}
