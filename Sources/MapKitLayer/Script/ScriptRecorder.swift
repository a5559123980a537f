import Foundation
import MapEngine

/// Writes a script as it happens (`pinmap --record`): the recording's
/// header, then each event as it comes. The file is valid JSON after every
/// event: each one is written together with the closing brackets, over the
/// previous closing brackets, in one write; so a crash or a kill leaves
/// every complete event readable.
///
///     let recorder = try ScriptRecorder(path: "session.json", recording: header)
///     try recorder.record(ScriptEvent(at: 0.4, action: .input(.key(KeyPress("plus")))))
///     recorder.close()
///
/// Not Sendable: one thread (the window's) records.
package final class ScriptRecorder {
    /// The file being written.
    package let path: String
    private var descriptor: Int32
    /// Where the closing brackets start: the next event goes here.
    private var end: off_t
    private var isEmpty = true
    /// How many events have been written.
    package private(set) var eventCount = 0
    private static let closing = Array("\n]}\n".utf8)

    /// Starts a recording at `path` with these settings; throws when the file cannot be written.
    package init(path: String, recording: Script.Recording) throws(ScriptRecorderError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ScriptRecorderError(path: path, errno: errno) }
        let header = Array(("{\"recording\":" + ScriptRecorder.json(recording) + ",\n\"events\":[").utf8)
        end = off_t(header.count)
        try write(header + ScriptRecorder.closing, at: 0)
    }

    /// Appends one event (times in order, as the script format wants).
    package func record(_ event: ScriptEvent) throws(ScriptRecorderError) {
        guard descriptor >= 0 else { return }
        let line = Array(((isEmpty ? "\n" : ",\n") + event.json).utf8)
        try write(line + ScriptRecorder.closing, at: end)
        end += off_t(line.count)
        isEmpty = false
        eventCount += 1
    }

    /// Flushes the file to the disk and closes it; later events are dropped.
    package func close() {
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        _ = Foundation.close(descriptor)
        descriptor = -1
    }

    deinit { close() }

    private func write(_ bytes: [UInt8], at offset: off_t) throws(ScriptRecorderError) {
        var done = 0
        while done < bytes.count {
            let written = bytes[done...].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, offset + off_t(done)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw ScriptRecorderError(path: path, errno: errno)
            }
            done += written
        }
    }

    static func json(_ recording: Script.Recording) -> String {
        "{\"version\":" + ScriptEvent.string(recording.version)
            + ",\"width\":" + ScriptEvent.number(recording.size.width)
            + ",\"height\":" + ScriptEvent.number(recording.size.height)
            + ",\"scale\":" + ScriptEvent.number(recording.scale)
            + ",\"flags\":[" + recording.flags.map(ScriptEvent.string).joined(separator: ",") + "]}"
    }
}

/// A recording that cannot be written, naming the file.
package struct ScriptRecorderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    package let path: String
    /// Why, in words.
    package let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    /// The path and the reason, on one line.
    package var description: String { "\(path): cannot be recorded to: \(reason)" }
}
