import Foundation
import Logging
import MapCore
import PinmapResources
import TileSources
import VectorRaster

/// Puts a vector map together from `--style` and `--tiles`: the style (the
/// bundled one when only a vector file is given), its vector source (the
/// style's `mbtiles://`, `pmtiles://` or `tiles` URLs, or what `--tiles`
/// names instead), and the painter that draws it.
struct VectorMapSetup {
    let source: TileSource
    let painter: VectorTilePainter
    let credit: String?

    /// `tiles` is an already-opened vector source, or nil to use the style's own.
    static func make(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options,
                     logger: Logger) throws -> VectorMapSetup {
        let file = styleFile.map { URL(fileURLWithPath: $0) } ?? PinmapResources.defaultStyle
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(file.path, limit: 16 << 20)
        } catch {
            throw UsageError("--style: \(error.description)")
        }
        let style: MapStyle
        do {
            style = try MapStyle(bytes: bytes, file: styleFile ?? file.lastPathComponent)
        } catch {
            throw UsageError(error.description)
        }
        for warning in style.warnings { logger.warning("\(warning)") }
        for note in style.notes { logger.debug("\(note)") }
        guard let (name, declared) = style.vectorSource else {
            throw UsageError("\(styleFile ?? file.path): the style has no vector source to draw")
        }
        let source: TileSource
        if let tiles {
            source = tiles
        } else {
            source = try open(declared, named: name, styleFolder: file.deletingLastPathComponent(), settings: settings)
        }
        guard source.content == .vector else {
            throw UsageError("--tiles: \(source.location(of: TileID(z: 0, x: 0, y: 0))): holds images, not vector tiles for --style")
        }
        let layout = VectorTileLayout(style: style, source: name, dataLevels: source.levels)
        let credit = source.attribution ?? declared.attribution.map(MBTilesMetadata.plainText)
        return VectorMapSetup(source: source, painter: VectorTilePainter(layout: layout), credit: credit)
    }

    /// The style's own source: a local file by `mbtiles://` or `pmtiles://`
    /// (relative to the style's folder), or its first tile URL template.
    private static func open(_ declared: StyleSource, named name: String, styleFolder: URL,
                             settings: TileSourceOpener.Options) throws -> TileSource {
        var spec: String
        if let url = declared.url, let range = url.range(of: "://"),
           ["mbtiles", "pmtiles"].contains(url[..<range.lowerBound].lowercased()) {
            spec = String(url[range.upperBound...])
            if !spec.hasPrefix("/") { spec = styleFolder.appendingPathComponent(spec).path }
        } else if let template = declared.tiles.first {
            spec = template
        } else {
            throw UsageError("source \"\(name)\" of the style names no mbtiles://, pmtiles:// or tiles URL pinmap can open; give --tiles")
        }
        var settings = settings
        settings.serverMaxZoom = declared.maxZoom
        do {
            return try TileSourceOpener.open(spec, options: settings)
        } catch {
            throw UsageError("the style's source \"\(name)\": \(error.description)")
        }
    }
}

