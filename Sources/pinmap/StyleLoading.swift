import Foundation
import Logging
import MapEngine
import MapKitLayer
import PinmapKit
import TileSources

/// `--style` and `--tiles` through the library's style loader; a style that
/// cannot be opened stops the command with exit code 2, naming the file.
func loadStyle(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options, scale: Double,
               sourceAddresses: [String: String] = [:], logger: Logger) throws -> StyleLoader {
    do {
        return try StyleLoader.load(styleFile: styleFile, tiles: tiles, settings: settings, scale: scale,
                                    sourceAddresses: sourceAddresses, logger: logger)
    } catch {
        throw UsageError(error.description)
    }
}

/// The embedded world's street detail: the bundled styles' source of
/// OpenMapTiles-schema tiles (`tools/world_streets.py` puts it there).
enum StreetDetail {
    static let source = "streets"
}
