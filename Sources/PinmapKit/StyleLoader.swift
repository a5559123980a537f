import Foundation
import Logging
@_spi(PinmapApp) import MapCore
@_spi(PinmapApp) import MapSDL
import PinmapResources
import TileSources
import VectorRaster

/// Why a style could not be opened: the file and the problem, in words
/// (a broken style says `file:line:col: layer "id": "property": reason`).
public struct StyleLoadError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, naming the file.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Puts a vector map together from a MapLibre style: the style (a file, or
/// the bundled `light` and `dark`), its vector source (the style's
/// `mbtiles://`, `pmtiles://` or `tiles` URLs, or one opened by hand
/// instead), its sprite (a file or a server's, kept a week), its raster
/// sources, and the painter that draws them. The command line's `--style`
/// and the library's `MapOptions(style:)` both open styles here.
@_spi(PinmapApp) public struct StyleLoader {
    /// The vector source drawn.
    public let source: TileSource
    /// How its tiles are laid out with the style.
    public let layout: VectorTileLayout
    /// Paints them, with the sprite's patterns.
    public let rasterizer: CairoTileRasterizer
    /// The style's raster sources by name, for its `raster` layers.
    public let rasterSources: [String: TileSource]
    /// The sources' credits, joined.
    public let credit: String?
    /// The style's icons, when it has a sprite that could be read.
    public let sprite: (sheet: SpriteSheet, image: URL)?
    /// The style as read (its centre and zoom among the rest).
    public let style: MapStyle

    /// Opens `styleFile` (a path, or `light` / `dark`; the bundled light
    /// style when nil). `tiles` is an already-opened vector source, or nil
    /// to use the style's own. Problems that do not stop the map (a
    /// property pinmap does not know, a sprite that cannot be read) are
    /// logged as warnings.
    public static func load(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options = TileSourceOpener.Options(),
                            scale: Double, fetcher: StyleResourceFetcher = StyleResourceFetcher(),
                            logger: Logger) throws(StyleLoadError) -> StyleLoader {
        let file = styleFile.map(styleURL) ?? PinmapResources.defaultStyle
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(file.path, limit: 16 << 20)
        } catch {
            throw StyleLoadError(error.description)
        }
        let style: MapStyle
        do {
            style = try MapStyle(bytes: bytes, file: styleFile ?? file.lastPathComponent)
        } catch {
            throw StyleLoadError(error.description)
        }
        for warning in style.warnings { logger.warning("\(warning)") }
        for note in style.notes { logger.debug("\(note)") }
        guard let (name, declared) = style.vectorSource else {
            throw StyleLoadError("\(styleFile ?? file.path): the style has no vector source to draw")
        }
        let source: TileSource
        if let tiles {
            source = tiles
        } else {
            source = try open(declared, named: name, styleFolder: file.deletingLastPathComponent(), settings: settings)
        }
        guard source.content == .vector else {
            throw StyleLoadError("\(source.location(of: TileID(z: 0, x: 0, y: 0))): holds images, not vector tiles to draw with a style")
        }
        let layout = VectorTileLayout(style: style, source: name, dataLevels: source.levels)
        let credit = source.attribution ?? declared.attribution.map(AttributionText.plain)
        let sprite = style.sprite.flatMap {
            loadSprite($0, styleFolder: file.deletingLastPathComponent(), scale: scale, fetcher: fetcher, logger: logger)
        }
        var images: SpriteImages?
        if let sprite {
            do {
                images = try SpriteImages(png: Data(try FileReader.read(sprite.image.path, limit: 64 << 20)), sheet: sprite.sheet,
                                          file: sprite.image.path)
            } catch {
                logger.warning("the style's sprite: \(error); its patterns are left out")
            }
        }
        var rasters: [String: TileSource] = [:]
        for (rasterName, raster) in style.sources where raster.kind == .raster
        && style.layers.contains(where: { $0.kind == .raster && $0.source == rasterName }) {
            rasters[rasterName] = try open(raster, named: rasterName, styleFolder: file.deletingLastPathComponent(), settings: settings)
        }
        // Raster sources credit their data too, after the vector source.
        let credits = [credit] + rasters.keys.sorted().map { rasters[$0]?.attribution ?? style.sources[$0]?.attribution.map(AttributionText.plain) }
        let line = credits.compactMap { $0 }.filter { !$0.isEmpty }
        return StyleLoader(source: source, layout: layout, rasterizer: CairoTileRasterizer(sprite: images), rasterSources: rasters, credit: line.isEmpty ? nil : line.joined(separator: " · "), sprite: sprite,
                           style: style)
    }

    /// `--style`'s file, or the bundled world style it names ("light",
    /// "dark") when no file of that name is there.
    public static func styleURL(_ argument: String) -> URL {
        if !FileManager.default.fileExists(atPath: argument), let bundled = PinmapResources.worldStyle(argument) {
            return bundled
        }
        return URL(fileURLWithPath: argument)
    }

    /// Sets `options` to draw this style: its source, layout, rasteriser,
    /// raster sources and sprite.
    public func apply(to options: inout MapOptions) {
        options.source = source
        options.vectorLayout = layout
        options.rasterizer = rasterizer
        options.rasterSources = rasterSources
        options.sprite = sprite
    }

    /// The style's sprite: a local one (a path, relative to the style, or a
    /// file:// URL) or one on a server (fetched once and kept, see
    /// `StyleResourceFetcher`); its `@2x` sheet on a 2x screen when there is
    /// one. Without it, icons and patterns are left out, said once.
    private static func loadSprite(_ address: String, styleFolder: URL, scale: Double, fetcher: StyleResourceFetcher,
                                   logger: Logger) -> (sheet: SpriteSheet, image: URL)? {
        let lowered = address.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return fetchSprite(address, scale: scale, fetcher: fetcher, logger: logger)
        }
        var path = address.hasPrefix("file://") ? String(address.dropFirst("file://".count)) : address
        guard !path.contains("://") else {
            logger.warning("the style's sprite \(address) is neither a file nor on an http(s) server; its icons are left out")
            return nil
        }
        if !path.hasPrefix("/") { path = styleFolder.appendingPathComponent(path).path }
        for suffix in scale >= 2 ? ["@2x", ""] : ["", "@2x"] {
            let json = path + suffix + ".json", png = path + suffix + ".png"
            guard FileManager.default.fileExists(atPath: json), FileManager.default.fileExists(atPath: png) else { continue }
            do {
                let sheet = try SpriteSheet(bytes: try FileReader.read(json, limit: 8 << 20), file: json)
                return (sheet, URL(fileURLWithPath: png))
            } catch {
                logger.warning("the style's sprite \(json): \(error); its icons are left out")
                return nil
            }
        }
        logger.warning("the style's sprite \(path).json and .png are not there; its icons are left out")
        return nil
    }

    /// A sprite on a server: `address` + `@2x`, `.json` and `.png` (before
    /// any query, as MapLibre asks for them).
    private static func fetchSprite(_ address: String, scale: Double, fetcher: StyleResourceFetcher,
                                    logger: Logger) -> (sheet: SpriteSheet, image: URL)? {
        let (base, query) = address.firstIndex(of: "?").map { (String(address[..<$0]), String(address[$0...])) } ?? (address, "")
        var failure = ""
        for suffix in scale >= 2 ? ["@2x", ""] : ["", "@2x"] {
            do {
                let json = try fetcher.file(for: base + suffix + ".json" + query)
                let png = try fetcher.file(for: base + suffix + ".png" + query)
                let sheet = try SpriteSheet(bytes: try FileReader.read(json.path, limit: 8 << 20), file: base + suffix + ".json")
                return (sheet, png)
            } catch {
                failure = "\(error)"
            }
        }
        logger.warning("the style's sprite: \(failure); its icons and patterns are left out")
        return nil
    }

    /// The style's own source: a local file by `mbtiles://` or `pmtiles://`
    /// (relative to the style's folder), `pinmap://world` (the embedded
    /// world), or its first tile URL template.
    private static func open(_ declared: StyleSource, named name: String, styleFolder: URL,
                             settings: TileSourceOpener.Options) throws(StyleLoadError) -> TileSource {
        var spec: String
        if declared.url?.lowercased() == "pinmap://world" {
            spec = PinmapResources.worldTiles.path
        } else if let url = declared.url, let range = url.range(of: "://"),
           ["mbtiles", "pmtiles"].contains(url[..<range.lowerBound].lowercased()) {
            spec = String(url[range.upperBound...])
            if !spec.hasPrefix("/") { spec = styleFolder.appendingPathComponent(spec).path }
        } else if let template = declared.tiles.first {
            // Rows from the south: the template's {y} is the TMS row.
            spec = declared.scheme == .tms ? TileURLTemplate.swappingRows(template) : template
        } else {
            throw StyleLoadError("source \"\(name)\" of the style names no mbtiles://, pmtiles:// or tiles URL pinmap can open; give the tiles to draw with it (--tiles)")
        }
        var settings = settings
        settings.serverMaxZoom = declared.maxZoom
        if declared.scheme == .tms { settings.tms = true }
        do {
            return try TileSourceOpener.open(spec, options: settings)
        } catch {
            throw StyleLoadError("the style's source \"\(name)\": \(error.description)")
        }
    }
}

