import Foundation
import Testing
@testable import FileAccess
import MapEngine

/// Files people hand pinmap that are not plain files, or not small.
@Suite struct FileReaderTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func reason(_ path: String, limit: Int = 1 << 20) -> String {
        do {
            _ = try FileReader.read(path, limit: limit)
            return "read"
        } catch {
            return error.reason
        }
    }

    /// A large file is read in parts at once; every byte lands in its place,
    /// and the limit still holds.
    @Test func aLargeFileReadInPartsIsReadWhole() throws {
        let path = try folder() + "/large.bin"
        var random = SeededGenerator(seed: 21)
        let size = FileReader.parallelAbove + 12_345
        let block = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) }
        // Every 64 KB different, so a part read into the wrong place shows.
        let content = (0..<size).map { block[$0 & 0xFFFF] ^ UInt8(truncatingIfNeeded: $0 >> 16) }
        try Data(content).write(to: URL(fileURLWithPath: path))
        #expect(try FileReader.read(path, limit: 64 << 20) == content)
        #expect(reason(path, limit: size - 1).hasPrefix("it is 8 MB, more than"))
    }

    @Test func eachKindOfNonFileHasItsOwnPlainReason() throws {
        let dir = try folder()
        #expect(reason(dir) == "it is a folder, not a file")
        #expect(reason(dir + "/missing.geojson") == "no such file")
        symlink("loop", dir + "/loop")
        #expect(reason(dir + "/loop") == "its symbolic links form a loop and lead to no file")
        mkfifo(dir + "/fifo", 0o644)
        #expect(reason(dir + "/fifo") == "it is a named pipe (FIFO), not a regular file", "and it did not block")
        #expect(reason("/dev/null") == "it is a device, not a regular file")
        _ = FileManager.default.createFile(atPath: dir + "/big", contents: Data(count: 3 << 20))
        #expect(reason(dir + "/big") == "it is 3 MB, more than the 1 MB allowed")
        _ = FileManager.default.createFile(atPath: dir + "/ok", contents: Data("hello".utf8))
        #expect(try FileReader.read(dir + "/ok", limit: 10) == Array("hello".utf8))
    }
}
