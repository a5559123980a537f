import Foundation
import MapEngine
import MapKitLayer
import Testing
import TileSources
@testable import pinmap

/// The window's card of areas for offline use, as the app serves it: the
/// list, a download beside the map (from a server on 127.0.0.1) that the
/// card follows to its end, a deletion; nothing fetched offline.
@Suite(.serialized) @MainActor struct WindowAreasTests {
    let cli = PinmapCLITests()

    func setUp(offline: Bool = false) throws -> (MapController, WindowAreas, StaticServer, URL) {
        let server = try StaticServer(folder: DownloadCLITests.tiles)
        let folder = try cli.temporaryFolder().appendingPathComponent("areas")
        let template = "\(server.base)/{z}/{x}/{y}.png"
        let areas = WindowAreas(source: template, areas: OfflineAreas(folder: folder, sources: [template], format: nil), cap: 1_000, offline: offline)
        let map = MapController(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1, viewportSize: Size(width: 800, height: 600)),
                                levels: 0...5, attribution: nil)
        areas.attach(to: map)
        return (map, areas, server, folder)
    }

    @Test func theCardsDownloadRunsBesideTheMapToItsEndAndADeletionTakesTheAreaAway() async throws {
        let (map, areas, server, folder) = try setUp()
        defer { withExtendedLifetime(server) {} }
        for action in map.handle(.key(KeyPress("d", modifiers: .control)), at: 0) { areas.handle(action, on: map) }
        #expect(map.areaPanel?.areas == [], "no area yet")
        let plan = try AreaPlan(south: -60, west: -120, north: 60, east: 120, zooms: 0...2)
        areas.handle(.downloadArea(plan), on: map)
        #expect(areas.isDownloading && map.areaPanel?.isDownloading == true)
        var waited = 0
        while areas.isDownloading && waited < 400 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited += 1
        }
        guard case .finished(let name, let done) = map.areaPanel?.stage else {
            Issue.record("the card shows no finished download: \(String(describing: map.areaPanel?.stage))")
            return
        }
        #expect(done.total == plan.tileCount && done.done == done.total && done.failed == 0)
        let file = folder.appendingPathComponent("\(name).mbtiles")
        #expect(try AreaFile(path: file.path).tiles().count == plan.tileCount)
        #expect(map.areaPanel?.areas.map(\.name) == [name], "listed once done")

        areas.handle(.deleteArea(name), on: map)
        #expect(!FileManager.default.fileExists(atPath: file.path) && map.areaPanel?.areas == [])
    }

    @Test func offlineNothingIsFetched() throws {
        let (map, areas, server, folder) = try setUp(offline: true)
        defer { withExtendedLifetime(server) {} }
        for action in map.handle(.key(KeyPress("d", modifiers: .control)), at: 0) { areas.handle(action, on: map) }
        areas.handle(.downloadArea(try AreaPlan(south: -60, west: -120, north: 60, east: 120, zooms: 0...2)), on: map)
        #expect(!areas.isDownloading)
        #expect(map.areaPanel?.stage == .failed("pinmap runs offline (--offline): nothing is fetched"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
