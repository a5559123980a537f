import Foundation
import Logging
import MapEngine
import PinmapKit
import PinmapResources
import TileSources

/// The map a run draws: `--tiles` (backed by the areas downloaded from a
/// server), a style, or the embedded world with its street detail.
extension MapArguments {
    /// The source `--tiles` names (the embedded world without it) and its
    /// credit line. An MBTiles file or a tile server is laid over the
    /// embedded world, which shows where they have no tiles (zoomed out past
    /// their shallowest level), so the map is never blank.
    func tileSource() throws -> (TileSource, String?, StyleLoader?) {
        let embedded: DirectoryTileSource
        do {
            embedded = try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        } catch {
            throw UsageError("the embedded tiles: \(error.description)")
        }
        var settings = TileSourceOpener.Options()
        settings.logger = Logger(label: "pinmap.tiles.http")
        settings.tms = tms
        settings.subdomains = tileSubdomains
        settings.serverMaxZoom = tileMaxZoom
        settings.cacheLimitBytes = tileCacheDiskMB << 20
        if let streetTiles, streetTiles.lowercased() != "none",
           !["http://", "https://"].contains(where: { streetTiles.lowercased().hasPrefix($0) }) {
            throw UsageError("--street-tiles: \"\(streetTiles)\" is not an http(s) address of a TileJSON or of {z}/{x}/{y} tiles, or none")
        }
        if rasterWorld && (tiles != nil || style != nil) {
            throw UsageError("--raster-world shows the embedded raster world: give it without --tiles and --style")
        }
        guard let tiles else {
            if rasterWorld { return (embedded, embedded.attribution, nil) }
            let streetAreas = drawsEmbeddedWorld && streetTiles?.lowercased() != "none"
                ? [StreetDetail.source: StreetDetail.areas(streetTiles: streetTiles)] : [:]
            // A style of one's own: its vector sources on servers are backed by the areas downloaded from them.
            let serverAreas: (@Sendable (String) -> OfflineAreas)?
            if drawsEmbeddedWorld {
                serverAreas = nil
            } else {
                serverAreas = { @Sendable address in OfflineAreaLibrary.areas(for: address, format: "pbf") }
            }
            let vector = try loadStyle(styleFile: style ?? "light", tiles: nil, settings: settings, scale: scale,
                                       sourceAddresses: drawsEmbeddedWorld ? streetAddresses : [:], offlineAreas: streetAreas,
                                       areasFor: serverAreas, logger: Self.logger)
            return (vector.source, vector.credit, vector)
        }
        var source: TileSource
        do {
            source = try TileSourceOpener.open(tiles, options: settings)
        } catch {
            throw UsageError("--tiles: \(error.description)")
        }
        // Tiles on a server are backed by the areas downloaded from it: drawn from them when it cannot be reached.
        if ["http://", "https://", "pmtiles://"].contains(where: { tiles.lowercased().hasPrefix($0) }) {
            let areas = OfflineAreaLibrary.areas(for: tiles, format: source.content == .vector ? "pbf" : nil)
            source = AreaBackedTileSource(online: source, areas: areas, levels: source.levels, content: source.content)
        }
        // Vector tiles are drawn whole at every zoom, so nothing is laid under them.
        if source.content == .vector || style != nil {
            let vector = try loadStyle(styleFile: style, tiles: source, settings: settings, scale: scale, logger: Self.logger)
            return (vector.source, vector.credit, vector)
        }
        if source is DirectoryTileSource { return (source, source.attribution, nil) }
        let credit = [source.attribution, embedded.attribution].compactMap { $0 }.joined(separator: " · ")
        return (UnderlaidTileSource(source, under: embedded), credit.isEmpty ? nil : credit, nil)
    }

    static let logger = Logger(label: "pinmap.style")

    /// The address of the embedded world's street detail (its source
    /// `streets`): none offline (`--offline`, or `PINMAP_OFFLINE=1` in the
    /// environment, as the tests run), else `--street-tiles`' or the style's own.
    var streetAddresses: [String: String] {
        let offline = offline || ProcessInfo.processInfo.environment["PINMAP_OFFLINE"] == "1"
        if offline || streetTiles?.lowercased() == "none" { return [StreetDetail.source: ""] }
        return streetTiles.map { [StreetDetail.source: $0] } ?? [:]
    }
}
