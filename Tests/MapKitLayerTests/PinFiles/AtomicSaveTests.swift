import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

@Suite @MainActor struct AtomicSaveTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func savingKeepsThePreviousVersionAsBak() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pins.geojson")
        try Data(PinDocumentTests.sample.utf8).write(to: file)
        let doc = try PinDocument.load(from: file, files: DiskFiles())
        let pins = doc.makeAnnotations()
        pins[1].coordinate = Coordinate(latitude: 51.5, longitude: 0.1)
        try doc.save(pins, to: file, files: DiskFiles())
        #expect(try Data(contentsOf: folder.appendingPathComponent("pins.geojson.bak")) == Data(PinDocumentTests.sample.utf8))
        let saved = try PinDocument.load(from: file, files: DiskFiles())
        #expect(saved.features[1].coordinate == Coordinate(latitude: 51.5, longitude: 0.1))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["pins.geojson", "pins.geojson.bak"], "no temporary files left behind")
    }

    @Test func aFailedSaveLeavesTheFileAsItWas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pins.geojson")
        try Data(PinDocumentTests.sample.utf8).write(to: file)
        // A folder in the backup's place makes the save fail half-way, even for root.
        let blocker = folder.appendingPathComponent("pins.geojson.bak")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: blocker.appendingPathComponent("keep"))
        let doc = try PinDocument.load(from: file, files: DiskFiles())
        let pins = doc.makeAnnotations()
        pins[0].coordinate = Coordinate(latitude: 1, longitude: 1)
        #expect(throws: PinFileError.self) { try doc.save(pins, to: file, files: DiskFiles()) }
        #expect(try Data(contentsOf: file) == Data(PinDocumentTests.sample.utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["pins.geojson", "pins.geojson.bak"], "no temporary files left behind")
    }

    @Test func unreadableFileIsNamed() {
        #expect(throws: PinFileError.unreadable(file: "/nonexistent/pins.geojson", reason: "no such file")) {
            try PinDocument.load(from: URL(fileURLWithPath: "/nonexistent/pins.geojson"), files: DiskFiles())
        }
    }
}
