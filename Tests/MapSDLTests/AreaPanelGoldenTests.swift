import Foundation
@testable import MapEngine
@testable import MapKitLayer
import MapSDL
import Testing

/// "Download this area for offline use" as the window draws it: the area's
/// outline over the map, the rest dimmed, and the card with the zooms, the
/// count and size before anything is fetched, and the areas downloaded.
@Suite(.serialized) @MainActor struct AreaPanelGoldenTests {
    let suite = "AreaPanelGoldenTests"

    @Test func theCardAndTheOutlineOfTheAreaOverTheMap() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 47.2, longitude: 8.9), zoom: 5, size: Size(width: 640, height: 480))
        let map = run.session.map
        map.offersAreaDownload = true
        _ = run.session.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        map.areaPanel?.areas = [AreaPanel.Listed(name: "Vaduz", detail: "zooms 12–14 · 1.2 MB · 2026-12-08")]
        assertGolden(try run.renderImage(), named: "choosing", suite: suite)

        var progress = AreaProgress(total: 1_200, alreadyHeld: 0, seconds: 10)
        progress.fetched = 480
        progress.bytes = 8_100_000
        map.areaPanel?.stage = .downloading(name: "Zürich", progress: progress)
        assertGolden(try run.renderImage(), named: "downloading", suite: suite)
    }
}
