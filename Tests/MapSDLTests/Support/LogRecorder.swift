import Foundation
import Logging

/// Keeps what a logger was told, so tests can check a warning was given
/// exactly once and named the right file.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    func add(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.add("\(event.level): \(event.message)")
        }
    }
}
