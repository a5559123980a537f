import Foundation
import Logging
import MapEngine
import MapKitLayer
import PinmapKit
import TileSources

/// `--style` and `--tiles` through the library's style loader; a style that
/// cannot be opened stops the command with exit code 2, naming the file.
func loadStyle(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options, scale: Double,
               sourceAddresses: [String: String] = [:], offlineAreas: [String: OfflineAreas] = [:],
               logger: Logger) throws -> StyleLoader {
    do {
        return try StyleLoader.load(styleFile: styleFile, tiles: tiles, settings: settings, scale: scale,
                                    sourceAddresses: sourceAddresses, offlineAreas: offlineAreas, logger: logger)
    } catch {
        throw UsageError(error.description)
    }
}

/// The embedded world's street detail: the bundled styles' source of
/// OpenMapTiles-schema tiles (`tools/world_streets.py` puts it there).
enum StreetDetail {
    static let source = "streets"

    /// The areas downloaded for offline use from the street source the map
    /// draws from (`--street-tiles`, else OpenFreeMap's): drawn when it
    /// cannot be reached, or offline.
    static func areas(streetTiles: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> OfflineAreas {
        let address = streetTiles ?? DownloadCommand.streets
        return OfflineAreas(folder: AreasCommand.folder(environment)) { source in
            source == address || (source == "streets" && address == DownloadCommand.streets)
        }
    }
}
