import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources

/// A session on `source` alone (no pins), for tests that ask its tile store for tiles by hand.
@MainActor
func tileSession(_ source: TileSource, budgetBytes: Int = 64 << 20, logger: Logger? = nil,
                 size: Size = Size(width: 256, height: 256)) throws -> MapSession {
    var options = MapOptions(source: source, center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: size,
                             attribution: nil, resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                             tileCacheBytes: budgetBytes, pins: nil)
    options.logger = logger
    return try HeadlessRun(options: options).session
}

@MainActor
extension MapSession {
    /// Asks the store for the map's `tiles` at their own size, as a frame would.
    func request(_ tiles: [TileID], at now: Double = 0) {
        self.tiles.request(tiles.map { TileKey(tile: $0) }, at: now)
    }

    /// Waits until none of the map's `tiles` is loading.
    func waitUntilSettled(_ tiles: [TileID], timeout: Double, at now: Double = 0) -> Bool {
        settle(tiles.map { TileKey(tile: $0) }, timeout: timeout, at: now)
    }
}
