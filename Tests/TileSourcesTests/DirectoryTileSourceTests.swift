import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import TileSources

@Suite struct DirectoryTileSourceTests {
    /// A temporary tile folder with the given files (relative path → bytes).
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    @Test func findsLevelsAndReadsTiles() throws {
        let root = try folder(["0/0/0.png": "zero", "2/1/3.png": "two", "3/notes.txt": "x", "attribution.txt": " Me \n"])
        let source = try DirectoryTileSource(root: root)
        #expect(source.levels == 0...2)
        #expect(source.attribution == "Me")
        #expect(try source.data(for: TileID(z: 2, x: 1, y: 3)) == Data("two".utf8))
        #expect(try source.data(for: TileID(z: 2, x: 1, y: 2)) == nil)
        #expect(try source.data(for: TileID(z: 2, x: 9, y: 0)) == nil, "outside the world")
    }

    @Test func tmsRowsCountFromTheSouth() throws {
        let root = try folder(["1/0/0.jpg": "south-west"])
        let source = try DirectoryTileSource(root: root, scheme: .tms)
        #expect(try source.data(for: TileID(z: 1, x: 0, y: 1)) == Data("south-west".utf8))
        #expect(try source.data(for: TileID(z: 1, x: 0, y: 0)) == nil)
    }

    @Test func refusesAMissingFolder() {
        #expect(throws: TileSourceError.notFound(path: "/nonexistent/tiles")) {
            try DirectoryTileSource(root: URL(fileURLWithPath: "/nonexistent/tiles"))
        }
    }

    @Test func refusesAFolderWithoutTiles() throws {
        let root = try folder(["readme.txt": "nothing here", "4/2/readme.txt": "still nothing"])
        #expect(throws: TileSourceError.noTiles(path: root.path)) { try DirectoryTileSource(root: root) }
        #expect(TileSourceError.noTiles(path: "/t").description
                    == "/t: no tiles found (expected {z}/{x}/{y}.png or .jpg below it)")
    }
}
