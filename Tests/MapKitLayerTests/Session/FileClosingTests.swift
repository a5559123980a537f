import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// An opened file leaves the map with Ctrl+W or the menu's "Close": its
/// pins and its lines go, the user's own pins stay, and the file is left as
/// it was on disk.
@Suite @MainActor struct FileClosingTests {
    static let walk = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [7.42, 43.73]},
           "properties": {"title": "Palace"}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[7.41, 43.72], [7.43, 43.74]]},
           "properties": {"title": "Harbour walk"}}]}
        """

    func session() throws -> (map: MapController, policy: SessionPolicy, file: String, own: FeatureAnnotation) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("walk.geojson")
        try Data(Self.walk.utf8).write(to: file)
        let document = try PinDocument.load(from: file, files: DiskFiles())
        let own = try PinDocument.parse(Array(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[7.4,43.7]},"properties":{"title":"Mine"}}]}"#.utf8), file: folder.appendingPathComponent("mine.geojson").path)
        let map = makeAnnotationMap(center: Coordinate(latitude: 43.73, longitude: 7.42), zoom: 12)
        let mine = PinsOnMap(document: own, savingThrough: nil), walk = PinsOnMap(document: document, savingThrough: nil)
        let policy = SessionPolicy(map: map, pins: mine, morePins: [walk], locationProvider: nil, gazetteer: nil,
                                   log: .silent)
        map.addAnnotations(mine.annotations + walk.annotations)
        let drawn = document.overlays(coloring: nil)
        for (overlay, renderer) in drawn { map.addOverlay(overlay, renderer: renderer) }
        policy.note(drawn.map(\.0), of: file.path)
        return (map, policy, file.path, mine.annotations[0])
    }

    @Test func ctrlWClosesTheSelectedPinsFileAndLeavesTheOwnPins() throws {
        let (map, policy, file, own) = try session()
        var closed: [String] = []
        policy.onFileClosed = { closed.append($0) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let palace = try #require(map.annotations.first { $0.title == "Palace" })
        map.selectAnnotation(palace)
        #expect(map.closableFile?() == "walk.geojson")
        _ = policy.handle(.key(KeyPress("w", modifiers: .control)), at: 1)
        #expect(closed == [file])
        #expect(map.annotations.count == 1 && map.annotations.first === own, "the own pins stay")
        #expect(map.overlays.isEmpty, "the file's line went with it")
        #expect(policy.morePinsOnMap.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "the file is left as it was")
    }

    @Test func theMenuOffersToCloseTheFileOfTheSelectionOnly() throws {
        let (map, policy, _, own) = try session()
        map.selectAnnotation(own)
        ContextMenuTests.rightClick(map, at: Point(x: 300, y: 300))
        #expect(map.chrome.menu?.items.contains(.closeFile) == false, "the own pins file is not closed")
        map.handle(.key(KeyPress("escape")), at: 0.2)
        let line = try #require(map.overlays.first)
        map.selectOverlay(line)
        ContextMenuTests.rightClick(map, at: Point(x: 300, y: 300), time: 1)
        let menu = try #require(map.chrome.menu)
        #expect(menu.title(of: .closeFile) == "Close walk.geojson")
        // Chosen with the keyboard, through the session that closes files.
        _ = policy.handle(.key(KeyPress("up")), at: 1.5)  // from none, up is the last item
        #expect(map.chrome.menu?.highlighted == .closeFile)
        let actions = policy.handle(.key(KeyPress("return")), at: 2)
        #expect(actions.contains(.closeFile))
        #expect(map.overlays.isEmpty && map.annotations.count == 1, "closed")
    }
}
