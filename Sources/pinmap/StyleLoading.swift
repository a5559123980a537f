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
               areasFor: (@Sendable (String) -> OfflineAreas)? = nil, logger: Logger) throws -> StyleLoader {
    do {
        return try StyleLoader.load(styleFile: styleFile, tiles: tiles, settings: settings, scale: scale,
                                    sourceAddresses: sourceAddresses, offlineAreas: offlineAreas, areasFor: areasFor, logger: logger)
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
        OfflineAreaLibrary.areas(for: streetTiles ?? DownloadCommand.streets, format: "pbf", environment: environment)
    }
}

/// The areas downloaded for offline use, by the source they back: one set
/// per folder, address and format a run, shared by the map's source and the
/// window's downloads.
enum OfflineAreaLibrary {
    /// The areas downloaded from `address` (a TileJSON, a `{z}/{x}/{y}`
    /// template, a PMTiles file on a server; OpenFreeMap's planet is also
    /// `streets`), with tiles in `format` when one is given.
    static func areas(for address: String, format: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> OfflineAreas {
        let folder = AreasCommand.folder(environment)
        let key = [folder.path, address, format ?? ""].joined(separator: "\n")
        return opened.withLock { opened in
            if let known = opened[key] { return known }
            let names: Set<String> = address == DownloadCommand.streets ? [address, "streets"] : [address]
            let areas = OfflineAreas(folder: folder, sources: names, format: format)
            opened[key] = areas
            return areas
        }
    }

    private static let opened = Mutex<[String: OfflineAreas]>([:])
}
