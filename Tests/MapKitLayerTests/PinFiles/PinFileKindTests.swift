import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// A pins path that names a pipe or a folder is refused in words, not read or hung on.
@Suite struct PinFileKindTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pins-kind-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aPinsPathThatIsNotAFileSaysSo() throws {
        let dir = try folder()
        mkfifo(dir + "/pins.geojson", 0o644)
        #expect(throws: PinFileError.unreadable(file: dir + "/pins.geojson",
                                                reason: "it is a named pipe (FIFO), not a regular file")) {
            try PinDocument.load(from: URL(fileURLWithPath: dir + "/pins.geojson"), files: DiskFiles())
        }
        #expect(throws: PinFileError.unreadable(file: dir, reason: "it is a folder, not a file")) {
            try PinDocument.load(from: URL(fileURLWithPath: dir), files: DiskFiles())
        }
    }
}
