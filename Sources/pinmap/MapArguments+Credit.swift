import Foundation
import MapEngine
import MapKitLayer
import PinmapResources

/// The credit line a map shows: its data's sources, and GeoNames' where its names are shown.
extension MapArguments {
    /// The tiles' credit line, with the place names' source added where
    /// the map shows GeoNames' names (the embedded world), as its licence
    /// asks; a map of other data names its own sources alone.
    static func credit(tiles: String?, showsWorld: Bool) -> String? {
        let line = [tiles, showsWorld ? "Place names: GeoNames" : nil].compactMap { $0 }.joined(separator: " · ")
        return line.isEmpty ? nil : line
    }

    /// Whether the map is the embedded world itself: no `--tiles`, and no
    /// style or a bundled one ("light", "dark"), or the raster world.
    var drawsEmbeddedWorld: Bool {
        guard tiles == nil else { return false }
        guard let style else { return true }
        return rasterWorld || PinmapResources.worldStyle(style) != nil && !FileManager.default.fileExists(atPath: style)
    }

    /// Whether the map shows the embedded world, itself or under a raster
    /// tile set, whose names are GeoNames'.
    func showsEmbeddedWorld(_ source: TileSource) -> Bool {
        source is UnderlaidTileSource || drawsEmbeddedWorld
    }
}
