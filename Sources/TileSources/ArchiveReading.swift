import Foundation
import MapEngine
import FileAccess

/// Where a PMTiles archive's bytes come from: a file read with `pread`
/// (`LocalArchive`), or a file on a web server read with HTTP range
/// requests (`RemoteArchive`). Safe to call from the tile workers at once.
package protocol ArchiveReading: Sendable {
    /// The archive's path or URL, for messages.
    var name: String { get }
    /// Exactly `length` bytes from `offset`; throws when the archive has
    /// fewer or cannot be read.
    func read(offset: UInt64, length: UInt64) throws(TileSourceError) -> [UInt8]
    /// Whether reading a run of parts costs about as much as reading one
    /// (a request to a server): the reader then asks for a tile's neighbours with it.
    var mergesNeighbours: Bool { get }
    /// The part at `offset`, `length` bytes, read together with `run`
    /// (parts stored right before and after it, it among them), which are
    /// kept for when they are asked for.
    func read(offset: UInt64, length: UInt64, storedWith run: [(offset: UInt64, length: UInt64)]) throws(TileSourceError) -> [UInt8]
}

extension ArchiveReading {
    /// A file's parts are read one by one.
    package var mergesNeighbours: Bool { false }

    package func read(offset: UInt64, length: UInt64, storedWith run: [(offset: UInt64, length: UInt64)]) throws(TileSourceError) -> [UInt8] {
        try read(offset: offset, length: length)
    }
}

/// A PMTiles archive on the disk, read with `pread` at absolute offsets
/// (no shared position for the workers to race on).
package final class LocalArchive: ArchiveReading, @unchecked Sendable {
    // Unchecked: `file` is only read with pread, and nothing else changes after init.
    package let name: String
    private let file: FileHandle

    /// Opens `path` for reading: a regular file only (a FIFO or a device
    /// would block the open, or a read, forever).
    package init(path: String) throws(TileSourceError) {
        if let problem = FileReader.problem(at: path) { throw .unreadable(path: path, reason: problem.reason) }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw FileManager.default.fileExists(atPath: path) ? .unreadable(path: path, reason: "it cannot be opened") : .notFound(path: path)
        }
        name = path
        self.file = file
    }

    deinit { try? file.close() }

    package func read(offset: UInt64, length: UInt64) throws(TileSourceError) -> [UInt8] {
        guard length <= UInt64(Int32.max), offset <= UInt64(Int64.max) else {
            throw .unreadable(path: name, reason: "it points \(offset) bytes in for \(length) bytes, which no file holds")
        }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(file.fileDescriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw .unreadable(path: name, reason: got == 0 ? "it ends before byte \(offset + length) that its directory points to" : String(cString: strerror(errno)))
            }
            done += got
        }
        return bytes
    }
}
