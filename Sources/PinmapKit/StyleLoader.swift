import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import VectorRaster
import FileAccess

/// Why a style could not be opened: the file and the problem, in words
/// (a broken style says `file:line:col: layer "id": "property": reason`).
///
///     do { _ = try MapOptions(style: URL(fileURLWithPath: "bright.json")) } catch { print(error) }
///     // bright.json:14:5: layer "water": "fill-color": …
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
package struct StyleLoader {
    /// The vector source drawn.
    package let source: TileSource
    /// How its tiles are laid out with the style.
    package let layout: VectorTileLayout
    /// Paints them, with the sprite's patterns.
    package let rasterizer: CairoTileRasterizer
    /// The style's raster sources by name, for its `raster` layers.
    package let rasterSources: [String: TileSource]
    /// Its other vector sources by name, for the layers that draw from them.
    package let vectorSources: [String: TileSource]
    /// The sources' credits, joined.
    package let credit: String?
    /// The style's icons, when it has a sprite that could be read.
    package let sprite: (sheet: SpriteSheet, image: URL)?
    /// The style as read (its centre and zoom among the rest).
    package let style: MapStyle
    /// Opens sources the style comes to draw from when it is changed at run time.
    let opener: RuntimeSources

    /// Opens `styleFile` (a path, an http(s) address, or `light` / `dark`;
    /// the bundled light style when nil). `tiles` is an already-opened vector source, or nil
    /// to use the style's own. Problems that do not stop the map (a
    /// property pinmap does not know, a sprite that cannot be read) are
    /// logged as warnings. `sourceAddresses` gives sources of the style
    /// other addresses (a TileJSON, or a `{z}/{x}/{y}` template); an empty
    /// one leaves the source and its layers out (the world's street detail
    /// set elsewhere, or offline). `offlineAreas` backs sources of the style
    /// with areas downloaded for offline use: their tiles are drawn when the
    /// source's server cannot be reached, and offline (an empty address) the
    /// source draws from them alone, if there are any. `areasFor` gives the
    /// areas downloaded from a vector source's address (its TileJSON or
    /// first tile URL on a server): they back that source the same way, and
    /// a source whose TileJSON cannot be fetched (offline) opens on them.
    package static func load(styleFile: String?, tiles: TileSource?, settings: TileSourceOpener.Options = TileSourceOpener.Options(),
                            scale: Double, fetcher: StyleResourceFetcher = StyleResourceFetcher(),
                            sourceAddresses: [String: String] = [:], offlineAreas: [String: OfflineAreas] = [:],
                            areasFor: (@Sendable (_ address: String) -> OfflineAreas)? = nil,
                            logger: Logger) throws(StyleLoadError) -> StyleLoader {
        // A style on a server is fetched and kept like its sprite; its relative addresses are taken from its own.
        let remote = styleFile.flatMap { address in
            ["http://", "https://"].contains { address.lowercased().hasPrefix($0) } ? URL(string: address) : nil
        }
        let file: URL
        if let remote {
            do {
                file = try fetcher.file(for: remote.absoluteString)
            } catch {
                throw StyleLoadError("the style \(error)")
            }
        } else {
            file = styleFile.map(styleURL) ?? PinmapResources.defaultStyle
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(file.path, limit: 16 << 20)
        } catch {
            throw StyleLoadError(error.description)
        }
        var style: MapStyle
        do {
            style = try MapStyle(bytes: bytes, file: styleFile ?? file.lastPathComponent)
        } catch {
            throw StyleLoadError(error.description)
        }
        if let remote {
            // A style from a server reaches only servers: never the user's disk.
            let kept = style.resolvingAddresses(against: remote).keptOffTheDisk()
            style = kept.style
            for warning in kept.warnings { logger.warning("\(warning)") }
        }
        var areasOnly: Set<String> = []
        for (name, address) in sourceAddresses where style.sources[name] != nil {
            if address.isEmpty, let areas = offlineAreas[name], !areas.isEmpty {
                areasOnly.insert(name)
            } else if address.isEmpty {
                style.sources[name] = nil
                style.layers.removeAll { $0.source == name }
            } else {
                // Another service's credit is its TileJSON's, not the style's for the one it replaces.
                style.sources[name]?.attribution = nil
                if address.contains("{z}") {
                    style.sources[name]?.tiles = [address]
                    style.sources[name]?.url = nil
                } else {
                    style.sources[name]?.url = address
                }
            }
        }
        for warning in style.warnings { logger.warning("\(warning)") }
        for note in style.notes { logger.debug("\(note)") }
        // A style without a vector source (a background, raster layers) draws its tiles from no data; one
        // with nothing to draw is a white page, as in MapLibre (an app may add sources and layers at run time).
        let (name, declared) = style.vectorSource ?? ("", StyleSource(kind: .vector))
        let source: TileSource
        if let tiles {
            source = tiles
        } else if name.isEmpty {
            source = NoDataTileSource()
        } else if let address = serverAddress(of: declared), let areas = areasFor?(address) {
            // Downloaded areas stand in for the server while it cannot be reached, from the first frame.
            let online = try open(declared, named: name, styleFolder: file.deletingLastPathComponent(), settings: settings,
                                  fetcher: fetcher, waitingForServer: !areas.isEmpty, logger: logger)
            source = AreaBackedTileSource(online: online, areas: areas, levels: min(declared.minZoom, declared.maxZoom)...declared.maxZoom)
        } else {
            source = try open(declared, named: name, styleFolder: file.deletingLastPathComponent(), settings: settings,
                          fetcher: fetcher, logger: logger)
        }
        guard source.content == .vector else {
            throw StyleLoadError("\(source.location(of: TileID(z: 0, x: 0, y: 0))): holds images, not vector tiles to draw with a style")
        }
        var layout = VectorTileLayout(style: style, source: name, dataLevels: source.levels)
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
        for (rasterName, raster) in style.sources where (raster.kind == .raster || raster.kind == .image || raster.kind == .rasterDEM)
        && style.layers.contains(where: { ($0.kind == .raster || $0.kind == .hillshade) && $0.source == rasterName }) {
            do {
                rasters[rasterName] = try open(raster, named: rasterName, styleFolder: file.deletingLastPathComponent(), settings: settings,
                                               fetcher: fetcher, logger: logger)
            } catch where raster.kind == .image {
                // A picture that cannot be read leaves its layers out, said once; the map opens.
                logger.warning("\(error.description); its layers are left out")
            }
        }
        // A DEM's heights are never enlarged between levels (that would blend their codes): past its deepest
        // level, as its file or TileJSON says, the deepest is drawn larger, as MapLibre does.
        for (demName, dem) in rasters where style.sources[demName]?.kind == .rasterDEM {
            guard let declared = style.sources[demName], dem.levels.upperBound < declared.maxZoom else { continue }
            style.sources[demName]?.maxZoom = max(dem.levels.upperBound, declared.minZoom)
            layout = VectorTileLayout(style: style, source: name, dataLevels: source.levels)
        }
        // The other vector sources layers draw from; one that cannot be opened leaves its layers out, said once.
        var others: [String: TileSource] = [:]
        for (otherName, other) in style.sources where otherName != name && (other.kind == .vector || other.kind == .geojson)
        && style.layers.contains(where: { $0.source == otherName }) {
            if let areas = offlineAreas[otherName], areasOnly.contains(otherName) {
                others[otherName] = AreaBackedTileSource(online: nil, areas: areas, levels: min(other.minZoom, other.maxZoom)...other.maxZoom)
                continue
            }
            do {
                // One on a server that cannot be reached now (offline) comes when it can: the map draws without it meanwhile.
                let opened = try open(other, named: otherName, styleFolder: file.deletingLastPathComponent(), settings: settings,
                                      fetcher: fetcher, waitingForServer: true, logger: logger)
                if opened.content == .vector, let areas = offlineAreas[otherName] ?? serverAddress(of: other).flatMap({ areasFor?($0) }) {
                    others[otherName] = AreaBackedTileSource(online: opened, areas: areas)
                } else if opened.content == .vector { others[otherName] = opened }
                else { logger.warning("the style's source \"\(otherName)\" holds images, not vector tiles; its layers are left out") }
            } catch {
                logger.warning("\(error.description); its layers are left out")
            }
        }
        // Raster sources credit their data too, after the vector source.
        let more = others.keys.sorted() + rasters.keys.sorted()
        let credits = [credit] + more.map { (others[$0] ?? rasters[$0])?.attribution ?? style.sources[$0]?.attribution.map(AttributionText.plain) }
        var line: [String] = []
        for credit in credits.compactMap({ $0 }) where !credit.isEmpty && !line.contains(credit) { line.append(credit) }
        return StyleLoader(source: source, layout: layout, rasterizer: CairoTileRasterizer(sprite: images), rasterSources: rasters, vectorSources: others, credit: line.isEmpty ? nil : line.joined(separator: " · "), sprite: sprite,
                           style: style,
                           opener: RuntimeSources(styleFolder: file.deletingLastPathComponent(), settings: settings, fetcher: fetcher,
                                                  isRemote: remote != nil))
    }

    /// A vector source's address on a server (its TileJSON, else its first
    /// tile URL), by which areas downloaded from it are found; nil for a file.
    static func serverAddress(of source: StyleSource) -> String? {
        guard source.kind == .vector else { return nil }
        return [source.url, source.tiles.first].compactMap { $0 }
            .first { address in ["http://", "https://", "pmtiles://http"].contains { address.lowercased().hasPrefix($0) } }
    }

    /// `--style`'s file, or the bundled world style it names ("light",
    /// "dark") when no file of that name is there.
    package static func styleURL(_ argument: String) -> URL {
        if !FileManager.default.fileExists(atPath: argument), let bundled = PinmapResources.worldStyle(argument) {
            return bundled
        }
        return URL(fileURLWithPath: argument)
    }

    /// Sets `options` to draw this style: its source, layout, rasteriser,
    /// raster sources and sprite.
    package func apply(to options: inout MapOptions) {
        options.source = source
        options.vectorLayout = layout
        options.rasterizer = rasterizer
        options.rasterSources = rasterSources
        options.vectorSources = vectorSources
        options.sprite = sprite
        options.sourceOpener = opener
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

    /// Opens the sources a style changed at run time comes to draw from,
    /// as the style's own were opened.
    struct RuntimeSources: StyleSourceOpening {
        let styleFolder: URL
        let settings: TileSourceOpener.Options
        let fetcher: StyleResourceFetcher
        /// Whether the style came from a server: then what it comes to draw from must be on one too.
        var isRemote = false

        func open(_ source: StyleSource, named name: String) throws(StyleChangeError) -> TileSource {
            if isRemote, let local = ((source.url.map { [$0] } ?? []) + source.tiles).first(where: { !MapStyle.isWebAddress($0) }) {
                throw StyleChangeError("source \"\(name)\" names \"\(local.prefix(200))\", a local address, which a style from a server may not reach")
            }
            do {
                return try StyleLoader.open(source, named: name, styleFolder: styleFolder, settings: settings, fetcher: fetcher)
            } catch {
                throw StyleChangeError(error.description)
            }
        }
    }

    /// A source of the style, opened (see `StyleSourceOpener`).
    private static func open(_ source: StyleSource, named name: String, styleFolder: URL,
                             settings: TileSourceOpener.Options, fetcher: StyleResourceFetcher,
                             waitingForServer: Bool = false, logger: Logger? = nil) throws(StyleLoadError) -> TileSource {
        do {
            return try StyleSourceOpener.open(source, named: name, styleFolder: styleFolder, world: PinmapResources.worldTiles,
                                              settings: settings, fetcher: fetcher, waitingForServer: waitingForServer,
                                              warn: { logger?.warning("\($0)") })
        } catch {
            throw StyleLoadError(error.description)
        }
    }
}

