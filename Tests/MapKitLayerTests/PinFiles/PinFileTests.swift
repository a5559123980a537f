import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// Saving the user's pins file when the disk does not hold still: links,
/// owners, killed runs and other programs editing the same file.
@Suite @MainActor struct PinFileTests {
    static let text = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "a", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}, "properties": {"title": "A"}},
      {"type": "Feature", "id": "b", "geometry": {"type": "Point", "coordinates": [13.4, 52.52]}, "properties": {"title": "B"}},
      {"type": "Feature", "id": "c", "geometry": {"type": "Point", "coordinates": [-0.12, 51.5]}, "properties": {"title": "C"}}
    ]}

    """

    /// A fresh folder with `pins.geojson` in it.
    func folder(_ contents: String = text) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pinfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: dir.appendingPathComponent("pins.geojson"))
        return dir
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func open(_ path: URL) throws -> (PinFile, [FeatureAnnotation]) {
        let document = try PinDocument.load(from: path, files: DiskFiles())
        return (PinFile(document: document, files: DiskFiles()), document.makeAnnotations())
    }

    func idsAndCoordinates(_ text: String) throws -> [String: Coordinate] {
        let document = try PinDocument.parse(Array(text.utf8), file: "x")
        return Dictionary(uniqueKeysWithValues: document.features.map { ($0.id, $0.coordinate) })
    }

    @Test func aSymlinkedFileIsWrittenThroughAndStaysALink() throws {
        let dir = try folder()
        let real = dir.appendingPathComponent("pins.geojson")
        let link = dir.appendingPathComponent("link.geojson")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "pins.geojson")
        let (file, pins) = try open(link)
        pins[1].coordinate = Coordinate(latitude: 50, longitude: 10)
        #expect(try file.save(pins) == .saved)
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link is still a link")
        #expect(try idsAndCoordinates(read(real))["b"] == Coordinate(latitude: 50, longitude: 10), "the real file moved")
        #expect(try read(dir.appendingPathComponent("pins.geojson.bak")) == PinFileTests.text)
    }

    @Test func aSymlinkLoopIsNamedPlainly() throws {
        let dir = try folder()
        let loop = dir.appendingPathComponent("loop.geojson")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.geojson")
        #expect(throws: PinFileError.unreadable(file: loop.path,
                                                reason: "its symbolic links form a loop and lead to no file")) {
            try PinDocument.load(from: loop, files: DiskFiles())
        }
    }

    @Test func modeOwnerAndGroupAreKept() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        chmod(path.path, 0o640)
        let root = geteuid() == 0
        if root { chown(path.path, 1234, 5678) }
        let (file, pins) = try open(path)
        pins[0].coordinate = Coordinate(latitude: 1, longitude: 2)
        _ = try file.save(pins)
        var info = stat()
        stat(path.path, &info)
        #expect(info.st_mode & 0o7777 == 0o640)
        if root { #expect(info.st_uid == 1234 && info.st_gid == 5678, "a root save keeps the user's ownership") }
    }

    @Test func stagingFilesOfKilledRunsAreRemovedAndLiveOnesKept() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        // A process id that is surely not running, and our own.
        let dead: Int32 = 4_000_000
        for name in [".pins.geojson.pinmap-\(dead).tmp", ".pins.geojson.pinmap-\(dead).bak-tmp",
                     ".pins.geojson.tmp-\(dead)", ".pins.geojson.pinmap-\(getpid()).tmp", ".other.pinmap-\(dead).tmp"] {
            try Data("x".utf8).write(to: dir.appendingPathComponent(name))
        }
        let (file, _) = try open(path)
        #expect(file.removeStaleTemporaries() == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".other.pinmap-\(dead).tmp", ".pins.geojson.pinmap-\(getpid()).tmp", "pins.geojson"])
    }

    @Test func aSaveLeavesNoStagingFileBehind() throws {
        let dir = try folder()
        let (file, pins) = try open(dir.appendingPathComponent("pins.geojson"))
        for i in 0..<5 {
            pins[0].coordinate = Coordinate(latitude: Double(i), longitude: 0)
            _ = try file.save(pins)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["pins.geojson", "pins.geojson.bak"])
    }

    @Test func anotherProgramsEditOfOtherPinsIsKept() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        let (file, pins) = try open(path)
        pins[0].coordinate = Coordinate(latitude: 10, longitude: 10)
        #expect(try file.save(pins) == .saved)
        // An editor moves C and adds D.
        var edited = try read(path).replacingOccurrences(of: "[-0.12, 51.5]", with: "[-3.7, 40.4]")
        edited = edited.replacingOccurrences(of: "\"title\": \"C\"}}\n", with: """
            "title": "C"}},
              {"type": "Feature", "id": "d", "geometry": {"type": "Point", "coordinates": [12.5, 41.9]}, "properties": {}}

            """)
        try Data(edited.utf8).write(to: path)
        pins[1].coordinate = Coordinate(latitude: 20, longitude: 20)
        #expect(try file.save(pins) == .merged)
        let saved = try idsAndCoordinates(read(path))
        #expect(saved["a"] == Coordinate(latitude: 10, longitude: 10))
        #expect(saved["b"] == Coordinate(latitude: 20, longitude: 20), "our move landed")
        #expect(saved["c"] == Coordinate(latitude: 40.4, longitude: -3.7), "their move is kept")
        #expect(saved["d"] == Coordinate(latitude: 41.9, longitude: 12.5), "their new pin is kept")
        #expect(try read(dir.appendingPathComponent("pins.geojson.bak")) == edited, "the backup is their version")
        // Later saves go on from the merged file.
        pins[0].coordinate = Coordinate(latitude: 30, longitude: 30)
        _ = try file.save(pins)
        let again = try idsAndCoordinates(read(path))
        #expect(again["a"] == Coordinate(latitude: 30, longitude: 30) && again["d"] != nil && again["b"] != nil)
    }

    @Test func anEditOfTheSamePinConflictsAndNothingIsLost() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        let (file, pins) = try open(path)
        let theirs = PinFileTests.text.replacingOccurrences(of: "[13.4, 52.52]", with: "[13.5, 52.6]")
        try Data(theirs.utf8).write(to: path)
        pins[1].coordinate = Coordinate(latitude: 20, longitude: 20)
        #expect(throws: PinFileError.conflict(file: path.path, savedAs: path.path + ".pinmap-conflict",
                                              reason: "a pin you changed was changed there too")) {
            try file.save(pins)
        }
        #expect(try read(path) == theirs, "their file is left as it is")
        let ours = try idsAndCoordinates(read(URL(fileURLWithPath: file.conflictFile)))
        #expect(ours["b"] == Coordinate(latitude: 20, longitude: 20))
    }

    @Test func theMapGetsAShortMessageWithoutFolders() {
        let conflict = PinFileError.conflict(file: "/home/ann/maps/pins.geojson",
                                             savedAs: "/home/ann/maps/pins.geojson.pinmap-conflict", reason: "x")
        #expect(conflict.shortDescription
                == "pins.geojson was changed elsewhere, that pin too: yours is in pins.geojson.pinmap-conflict")
        #expect(PinFileError.unwritable(file: "/a/b/pins.geojson", reason: "disk full").shortDescription
                == "pins.geojson: cannot be written: disk full")
    }

    @Test func aRemovedFileIsNotQuietlyRecreated() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        let (file, pins) = try open(path)
        try FileManager.default.removeItem(at: path)
        pins[0].coordinate = Coordinate(latitude: 5, longitude: 5)
        #expect(throws: PinFileError.self) { try file.save(pins) }
        #expect(!FileManager.default.fileExists(atPath: path.path))
        #expect(try idsAndCoordinates(read(URL(fileURLWithPath: file.conflictFile)))["a"]
                == Coordinate(latitude: 5, longitude: 5))
    }

    @Test func deletionsAndDropsAreLaidOntoAnEditedFile() throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("pins.geojson")
        let (file, pins) = try open(path)
        try Data(PinFileTests.text.replacingOccurrences(of: "\"title\": \"A\"", with: "\"title\": \"A2\"").utf8)
            .write(to: path)
        let dropped = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 1), title: "Dropped Pin",
                                      identifier: "dropped-1", isPlacemark: true)
        #expect(try file.save([pins[0], pins[2]], deleted: [pins[1]], added: [dropped]) == .merged)
        let text = try read(path)
        let saved = try idsAndCoordinates(text)
        #expect(Set(saved.keys) == ["a", "c", "dropped-1"])
        #expect(text.contains("\"A2\""))
    }
}
