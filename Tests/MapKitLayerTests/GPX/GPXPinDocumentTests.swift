import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// A GPX file's waypoints as pins: moved, deleted and dropped pins are
/// written back changing nothing else.
@Suite @MainActor struct GPXPinDocumentTests {
    static let text = GPXDocumentTests.garmin

    static func document() throws -> PinDocument {
        try PinDocument.parse(Array(text.utf8), file: "ride.gpx")
    }

    @Test func waypointsArePinsWithTheirTexts() throws {
        let document = try Self.document()
        #expect(document.gpx?.tracks.count == 1)
        #expect(document.features.map(\.title) == ["Zurich & lake", "Winterthur"])
        #expect(document.features.map(\.subtitle) == ["Start <here>", "Coffee"])
        #expect(document.features[0].properties == [PinFeature.Property(key: "sym", value: "Flag, Blue"),
                                                   PinFeature.Property(key: "ele", value: "408 m")])
        #expect(document.features.allSatisfy { $0.isDraggable })
        let green = try PinDocument.parse(Array("<gpx><wpt lat='1' lon='2'><sym>Flag, Green</sym></wpt></gpx>".utf8), file: "g.gpx")
        #expect(green.features[0].symbol == .pin(.green))
    }

    @Test func aMovedWaypointChangesOnlyItsLatAndLon() throws {
        let document = try Self.document()
        let pins = document.makeAnnotations()
        pins[1].coordinate = Coordinate(latitude: 47.5, longitude: 8.75)
        let saved = String(decoding: document.encoded(pins), as: UTF8.self)
        #expect(saved == Self.text.replacingOccurrences(of: "<wpt lon='8.7241' lat='47.4988'>",
                                                         with: "<wpt lon='8.75' lat='47.5'>"))
        let reread = try PinDocument.parse(Array(saved.utf8), file: "ride.gpx")
        #expect(reread.features[1].coordinate == Coordinate(latitude: 47.5, longitude: 8.75))
        #expect(reread.gpx?.tracks == document.gpx?.tracks)
    }

    @Test func deletedAndDroppedPinsAreWaypointsCutAndAdded() throws {
        let document = try Self.document()
        let pins = document.makeAnnotations()
        let dropped = PointAnnotation(coordinate: Coordinate(latitude: 46, longitude: 7), title: "Fish & chips")
        let saved = String(decoding: document.encoded(pins, deleted: [pins[0]], added: [dropped]), as: UTF8.self)
        let reread = try PinDocument.parse(Array(saved.utf8), file: "ride.gpx")
        #expect(reread.features.map(\.title) == ["Winterthur", "Fish & chips"])
        #expect(reread.features[1].coordinate == Coordinate(latitude: 46, longitude: 7))
        #expect(saved.contains("\n  <wpt lon='8.7241' lat='47.4988'><name>Winterthur</name><cmt>Coffee</cmt></wpt>\n"
                               + "  <wpt lat=\"46\" lon=\"7\"><name>Fish &amp; chips</name><sym>Flag, Purple</sym></wpt>\n  <rte>"))
        #expect(reread.gpx?.routes == document.gpx?.routes && reread.gpx?.tracks == document.gpx?.tracks)
    }

    @Test func aDroppedPinInATrackOnlyFileGoesBeforeTheTrack() throws {
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n  <trk><trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk>\n</gpx>\n"
        let document = try PinDocument.parse(Array(text.utf8), file: "t.gpx")
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 2, longitude: 3))
        let saved = String(decoding: document.encoded([], added: [pin]), as: UTF8.self)
        #expect(saved == "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n  <wpt lat=\"2\" lon=\"3\"><sym>Flag, Purple</sym></wpt>\n"
                + "  <trk><trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk>\n</gpx>\n")
    }

    @Test func savingKeepsABakAndWritesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpx-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ride.gpx")
        try Data(Self.text.utf8).write(to: url)
        let file = PinFile(document: try PinDocument.load(from: url, files: DiskFiles()), files: DiskFiles())
        let pins = file.document.makeAnnotations()
        pins[0].coordinate = Coordinate(latitude: 47.25, longitude: 8.5)
        #expect(try file.save(pins) == .saved)
        #expect(try String(contentsOf: folder.appendingPathComponent("ride.gpx.bak"), encoding: .utf8) == Self.text)
        #expect(try PinDocument.load(from: url, files: DiskFiles()).features[0].coordinate == Coordinate(latitude: 47.25, longitude: 8.5))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["ride.gpx", "ride.gpx.bak"])
    }
}
