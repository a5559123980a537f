import Foundation
import Synchronization
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
    /// One set per folder and source a run: the window's downloads and the map's source share it.
    static func areas(streetTiles: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> OfflineAreas {
        let address = streetTiles ?? DownloadCommand.streets
        let folder = AreasCommand.folder(environment)
        return opened.withLock { opened in
            if let known = opened[folder.path + "\n" + address] { return known }
            let areas = OfflineAreas(folder: folder) { source in
                source == address || (source == "streets" && address == DownloadCommand.streets)
            }
            opened[folder.path + "\n" + address] = areas
            return areas
        }
    }

    private static let opened = Mutex<[String: OfflineAreas]>([:])
}
