import Foundation
import MapEngine

/// Reads the files people hand pinmap (pins, scripts, layouts, tiles, the
/// gazetteer) without trusting them: only a regular file is read, never
/// more than a limit, and a FIFO, a device or a socket is refused before
/// anything could block on it. Every failure says what the path is and
/// why, in plain words.
///
///     let bytes = try FileReader.read("pins.geojson", limit: 512 << 20)
package enum FileReader {
    /// Reads a whole regular file of at most `limit` bytes. Symbolic links
    /// are followed; a loop of them is an error.
    package static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let (descriptor, info) = try openRegular(path)
        defer { close(descriptor) }
        let size = Int(info.st_size)
        guard size <= limit else { throw FileReadError(path: path, problem: .tooLarge(size: size, limit: limit)) }
        // One byte of room past the stated size notices a file that grows,
        // without making room (and copying) when it does not: a grown
        // buffer held the file one and a half times over. A large file's
        // stated size is read in parts at once (copying 100 MB out of the
        // page cache took a core 150 ms), then read on from there as any.
        var filled = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            filled = size >= parallelAbove ? readInParts(descriptor, into: buffer, size: size) : 0
            // Left unread (a small file, or one that shrank under us): read from the top.
            if filled < size { filled = 0 }
            buffer.baseAddress!.advanced(by: filled).initialize(repeating: 0, count: size + 1 - filled)
            initialized = size + 1
        }
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else {
                    throw FileReadError(path: path, problem: .tooLarge(size: bytes.count, limit: limit))
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count / 2)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(filled))
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileReadError(path: path, errno: errno)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Files at least this large are read in parts at once.
    static let parallelAbove = 8 << 20

    /// Reads `0..<size` with one `pread` loop per core (`SplitWork`), each
    /// into its own part of `buffer`; returns `size`, or 0 when any part
    /// came up short (the file shrank, or a read failed: the caller reads
    /// it again in one piece and meets the same failure there).
    private static func readInParts(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                    size: Int) -> Int {
        let base = SplitWork.Output(base: buffer.baseAddress!)
        let shortParts = Mailbox<Range<Int>>()
        SplitWork.run(size) { part in
            var at = part.lowerBound
            while at < part.upperBound {
                let n = pread(descriptor, base.base + at, part.upperBound - at, off_t(at))
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n > 0 else { return shortParts.post(part) }
                at += n
            }
        }
        return shortParts.takeAll().isEmpty ? size : 0
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter),
    /// with the same checks as `read`: enough to tell what a file is.
    package static func readPrefix(_ path: String, count: Int) throws(FileReadError) -> [UInt8] {
        let (descriptor, _) = try openRegular(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, count - filled)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileReadError(path: path, errno: errno)
            }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// Opens a regular file for reading, refusing anything else before it
    /// could block; the caller closes the descriptor.
    private static func openRegular(_ path: String) throws(FileReadError) -> (Int32, stat) {
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileReadError(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = FileReadError(path: path, errno: errno)
            close(descriptor)
            throw error
        }
        if let kind = FileReadError.Problem.notRegular(mode: info.st_mode) {
            close(descriptor)
            throw FileReadError(path: path, problem: kind)
        }
        return (descriptor, info)
    }

    /// What kind of thing is at `path` when it is not a readable regular
    /// file, or nil when it is one (or does not exist: `read` says so).
    package static func problem(at path: String) -> FileReadError? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? nil : FileReadError(path: path, errno: errno)
        }
        return FileReadError.Problem.notRegular(mode: info.st_mode).map { FileReadError(path: path, problem: $0) }
    }
}

extension FileReadError {
    /// An error reading `path` for the system's error `code`.
    package init(path: String, errno code: Int32) {
        let problem: Problem
        switch code {
        case ENOENT: problem = .missing
        case ENOTDIR: problem = .missing
        case EISDIR: problem = .folder
        case ELOOP: problem = .linkLoop
        case EACCES, EPERM: problem = .denied
        case ENXIO: problem = .fifo  // O_NONBLOCK open of a FIFO or socket with nobody on the other end
        default: problem = .system(String(cString: strerror(code)).lowercased())
        }
        self.init(path: path, problem: problem)
    }
}

extension FileReadError.Problem {
    /// What a file of `mode` is when it is not a regular file; nil for one.
    package static func notRegular(mode: mode_t) -> FileReadError.Problem? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .folder
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .device
        }
    }
}
