import Foundation
import MapEngine
import Synchronization
import Testing
@testable import TileSources

/// Street detail backed by downloaded areas: from the server while it
/// answers (its newer tiles kept in the areas), from the areas when it is
/// away or offline, and where none reaches, said.
@Suite struct AreaBackedTileSourceTests {
    /// Vaduz's box at zooms 12–14.
    static let vaduz = try! AreaPlan(south: 47.12, west: 9.49, north: 47.16, east: 9.55, zooms: 12...14)

    /// An area file in `folder` holding `bytes(tile)` for every tile of `plan`.
    @discardableResult
    static func area(_ name: String, in folder: URL, plan: AreaPlan = vaduz, source: String = "streets", downloaded: String,
                     bytes: (TileID) -> Data) throws -> AreaFile {
        let file = try AreaFile(path: folder.appendingPathComponent("\(name).mbtiles").path)
        try file.add(plan.tiles.map { ($0, bytes($0)) })
        try file.setMetadata(["name": name, "format": "pbf", "minzoom": "\(plan.zooms.lowerBound)", "maxzoom": "\(plan.zooms.upperBound)",
                              "bounds": "\(plan.west),\(plan.south),\(plan.east),\(plan.north)", "pinmap:source": source,
                              "pinmap:downloaded": downloaded, "attribution": "OpenFreeMap"])
        return file
    }

    /// A street server that answers, or is away (throws "not now", or answers from its cache).
    final class Server: TileSource, @unchecked Sendable {
        let state = Mutex((reachable: true, cached: false, asked: 0))
        var levels: ClosedRange<Int> { 0...14 }
        var attribution: String? { "Street server" }
        var content: TileContent { .vector }
        var isReachable: Bool { state.withLock { $0.reachable } }
        func data(for tile: TileID) throws(TileSourceError) -> Data? {
            let (reachable, cached) = state.withLock { value in value.asked += 1; return (value.reachable, value.cached) }
            if reachable { return Data("new \(tile)".utf8) }
            if cached { return Data("cached \(tile)".utf8) }
            throw .unavailable(location: "https://streets.example/\(tile)", reason: "connection refused")
        }
        func location(of tile: TileID) -> String { "https://streets.example/\(tile)" }
        func holds(level: Int) -> Bool { levels.contains(level) }
        func discard(_ tile: TileID) -> Bool { false }
    }

    func areas(in folder: URL) -> OfflineAreas { OfflineAreas(folder: folder, sources: ["streets"]) }

    @Test func offlineTilesComeFromTheNewestAreaThatHoldsThemAndNoneFromElsewhere() throws {
        let folder = try TestTiles.temporaryFolder()
        try Self.area("old", in: folder, downloaded: "2026-01-01T00:00:00Z") { Data("old \($0)".utf8) }
        try Self.area("new", in: folder, downloaded: "2026-06-01T00:00:00Z") { Data("new \($0)".utf8) }
        // An area of another service's tiles, and a file that is not an area, are not drawn with the streets.
        try Self.area("other", in: folder, source: "https://tiles.example/{z}/{x}/{y}.png", downloaded: "2026-12-01T00:00:00Z") { _ in Data("png".utf8) }
        try Data("not sqlite".utf8).write(to: folder.appendingPathComponent("broken.mbtiles"))
        let streets = AreaBackedTileSource(online: nil, areas: areas(in: folder))
        #expect(streets.areas.areas.map(\.name) == ["new", "old"])
        #expect(streets.areas.all.map(\.name) == ["other", "new", "old"], "every area is listed, for updating and deleting")
        let inside = Self.vaduz.tiles.first { $0.z == 14 }!
        #expect(try streets.data(for: inside) == Data("new \(inside)".utf8))
        #expect(try streets.data(for: TileID(z: 14, x: inside.x + 100, y: inside.y)) == nil, "no area there: no data")
        #expect(!streets.isReachable && streets.levels == 0...14)
        #expect(streets.offlineCoverage(of: Coordinate(latitude: 47.14, longitude: 9.52), zoom: 15) == .covered)
        #expect(streets.offlineCoverage(of: Coordinate(latitude: 47.14, longitude: 9.52), zoom: 11) == .elsewhere, "shallower than its zooms")
        #expect(streets.offlineCoverage(of: Coordinate(latitude: 40.7, longitude: -74), zoom: 13) == .elsewhere)
        let empty = AreaBackedTileSource(online: nil, areas: areas(in: try TestTiles.temporaryFolder()))
        #expect(empty.offlineCoverage(of: Coordinate(latitude: 47.14, longitude: 9.52), zoom: 13) == .noAreas)
    }

    @Test func whenTheServerIsAwayTheAreasAnswerAndItIsStillAskedSoItIsFoundBack() throws {
        let folder = try TestTiles.temporaryFolder()
        try Self.area("vaduz", in: folder, downloaded: "2026-06-01T00:00:00Z") { Data("area \($0)".utf8) }
        let server = Server()
        server.state.withLock { $0.reachable = false }
        let streets = AreaBackedTileSource(online: server, areas: areas(in: folder))
        let inside = Self.vaduz.tiles.last!
        #expect(try streets.data(for: inside) == Data("area \(inside)".utf8))
        #expect(throws: TileSourceError.self, "outside every area: not now, asked again later") {
            try streets.data(for: TileID(z: 14, x: inside.x + 100, y: inside.y))
        }
        server.state.withLock { $0.cached = true }
        #expect(try streets.data(for: inside) == Data("area \(inside)".utf8), "the area's copy before the server's cache")
        #expect(try streets.data(for: TileID(z: 14, x: inside.x + 100, y: inside.y)) == Data("cached \(TileID(z: 14, x: inside.x + 100, y: inside.y))".utf8))
        #expect(server.state.withLock { $0.asked } == 4, "the server is asked every time: its backoff decides")
        server.state.withLock { $0.reachable = true }
        #expect(try streets.data(for: inside) == Data("new \(inside)".utf8), "back online: the server's tile")
    }

    @Test func onlineTheServersNewerTileReplacesTheAreasCopy() throws {
        let folder = try TestTiles.temporaryFolder()
        try Self.area("vaduz", in: folder, downloaded: "2026-06-01T00:00:00Z") { Data("area \($0)".utf8) }
        let streets = AreaBackedTileSource(online: Server(), areas: areas(in: folder))
        let tile = Self.vaduz.tiles[3]
        #expect(try streets.data(for: tile) == Data("new \(tile)".utf8))
        let reopened = try MBTilesSource(path: folder.appendingPathComponent("vaduz.mbtiles").path)
        #expect(try reopened.data(for: tile) == Data("new \(tile)".utf8), "kept in the area")
        #expect(try reopened.data(for: Self.vaduz.tiles[4]) == Data("area \(Self.vaduz.tiles[4])".utf8), "tiles not shown stay as they were")
        #expect(streets.areas.refresh(tile, with: Data("new \(tile)".utf8)) == 0, "the same bytes are not written again")
    }

    @Test func anAreaDownloadedWhileTheMapRunsIsFoundAndADeletedOneIsGone() throws {
        let folder = try TestTiles.temporaryFolder()
        let areas = areas(in: folder)
        #expect(areas.isEmpty)
        try Self.area("vaduz", in: folder, downloaded: "2026-06-01T00:00:00Z") { Data("area \($0)".utf8) }
        areas.reload()
        #expect(areas.areas.map(\.name) == ["vaduz"])
        #expect(areas.data(for: Self.vaduz.tiles[0]) != nil)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("vaduz.mbtiles"))
        areas.reload()
        #expect(areas.isEmpty && areas.data(for: Self.vaduz.tiles[0]) == nil)
    }

    @Test func tileWorkersRefreshingAnAreaSideBySideEachKeepTheirTile() throws {
        let folder = try TestTiles.temporaryFolder()
        try Self.area("vaduz", in: folder, downloaded: "2026-06-01T00:00:00Z") { Data("area \($0)".utf8) }
        let areas = areas(in: folder)
        let tiles = Array(Self.vaduz.tiles.prefix(32))
        DispatchQueue.concurrentPerform(iterations: tiles.count) { index in
            areas.refresh(tiles[index], with: Data("new \(tiles[index])".utf8))
        }
        for tile in tiles { #expect(areas.data(for: tile) == Data("new \(tile)".utf8), "tile \(tile)") }
    }
}
