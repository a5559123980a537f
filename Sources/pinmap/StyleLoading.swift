import Foundation
import Logging
import MapCore
import PinmapKit
import TileSources

/// `--style` and `--tiles` through the library's style loader; a style that
/// cannot be opened stops the command with exit code 2, naming the file.
func loadStyle(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options, scale: Double,
               logger: Logger) throws -> StyleLoader {
    do {
        return try StyleLoader.load(styleFile: styleFile, tiles: tiles, settings: settings, scale: scale, logger: logger)
    } catch {
        throw UsageError(error.description)
    }
}
