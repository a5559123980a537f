import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import TileSources
import VectorRaster

extension MapOptions {
    /// A map drawn with a MapLibre style (version 8): its vector source (a
    /// local `mbtiles://` or `pmtiles://` path, relative to the style, or a
    /// tile server's URLs), its sprite's icons and patterns (a file, or a
    /// server's, kept a week), its raster sources, and lines and areas
    /// (`addOverlay`) drawn over it; opening where the style's `center` and
    /// `zoom` say, if it says.
    ///
    ///     var options = try MapOptions(style: URL(fileURLWithPath: "bright/style.json"))
    ///     let window = try MapWindow(options: options)
    ///
    /// - Parameters:
    ///   - style: the style file.
    ///   - tiles: a vector source to draw instead of the style's own.
    ///   - displayScale: pixels per point, for the sprite's `@2x` sheet.
    ///   - logger: where problems that do not stop the map are said (a
    ///     property pinmap does not draw, a sprite that cannot be read).
    /// - Throws: `StyleLoadError` naming the file and the problem (for a
    ///   broken style, `file:line:col: layer "id": "property": reason`).
    public init(style: URL, tiles: TileSource? = nil, displayScale: Double = 1, logger: Logger? = nil) throws(StyleLoadError) {
        let loaded = try StyleLoader.load(styleFile: style.path, tiles: tiles, scale: displayScale, logger: MapOptions.styleLogger(logger))
        // The style's zoom counts 512-point tiles, pinmap's 256.
        self.init(loaded, center: loaded.style.center ?? Coordinate(latitude: 20, longitude: 0),
                  zoom: loaded.style.zoom.map { $0 + 1 } ?? 1, displayScale: displayScale, logger: logger)
    }

    /// A map of a vector tiles file or server (MBTiles, PMTiles, a `.pbf`
    /// URL template) drawn with pinmap's bundled OpenMapTiles style, or of
    /// raster tiles as they are.
    ///
    ///     let options = try MapOptions(tiles: "zurich.pmtiles")
    public init(tiles: String, displayScale: Double = 1, logger: Logger? = nil) throws(StyleLoadError) {
        let source: TileSource
        do {
            source = try TileSourceOpener.open(tiles)
        } catch {
            throw StyleLoadError(error.description)
        }
        guard source.content == .vector else {
            self.init(source: source, center: source.openingView?.center ?? Coordinate(latitude: 20, longitude: 0),
                      zoom: source.openingView?.zoom ?? 1)
            return
        }
        let loaded = try StyleLoader.load(styleFile: nil, tiles: source, scale: displayScale, logger: MapOptions.styleLogger(logger))
        self.init(loaded, center: source.openingView?.center ?? Coordinate(latitude: 20, longitude: 0),
                  zoom: source.openingView?.zoom ?? 1, displayScale: displayScale, logger: logger)
    }

    /// The options of a loaded style, looking at `center` and `zoom`.
    private init(_ loaded: StyleLoader, center: Coordinate, zoom: Double, displayScale: Double, logger: Logger?) {
        self.init(source: loaded.source, center: center, zoom: zoom)
        attribution = loaded.credit
        loaded.apply(to: &self)
        self.displayScale = displayScale
        self.logger = logger
    }

    /// The app's logger, or one that says nothing: the library never prints unasked.
    private static func styleLogger(_ logger: Logger?) -> Logger {
        logger ?? .silent(label: "pinmap.style")
    }
}
