import Foundation
import MapEngine
import MapKitLayer

/// The lines of a pipe, read as they come; nil at its end.
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let more = handle.availableData
            guard !more.isEmpty else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer.append(more)
            // A line longer than this is no signal of GeoClue's: drop it.
            if buffer.count > 1 << 20 { buffer.removeAll() }
        }
    }
}
