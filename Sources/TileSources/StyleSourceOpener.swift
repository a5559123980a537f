import Foundation
import MapEngine
import FileAccess

/// Why a style's source could not be opened.
package struct StyleSourceError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Opens the sources a style names.
package enum StyleSourceOpener {
    /// The style's own source: a local file by `mbtiles://` or `pmtiles://`
    /// (relative to the style's folder), `pinmap://world` (the embedded
    /// world, at `world`), a TileJSON document on a server (fetched once and kept, like
    /// a sprite: its tiles, levels, bounds, scheme and credit), or its first
    /// tile URL template. With `waitingForServer`, a TileJSON that cannot be
    /// fetched now (offline) gives a `PendingTileJSONSource`, which fetches
    /// it later, instead of an error.
    package static func open(_ source: StyleSource, named name: String, styleFolder: URL, world: URL,
                             settings: TileSourceOpener.Options, fetcher: StyleResourceFetcher,
                             waitingForServer: Bool = false, warn: (String) -> Void = { _ in }) throws(StyleSourceError) -> TileSource {
        if source.kind == .geojson { return try openGeoJSON(source, named: name, styleFolder: styleFolder, fetcher: fetcher) }
        if source.kind == .image {
            guard let address = source.url else { throw StyleSourceError("the style's image source \"\(name)\" has no url") }
            do {
                let path = try file(at: address, styleFolder: styleFolder, fetcher: fetcher)
                return try ImageSourcePicture(file: path, attribution: source.attribution.map(AttributionText.plain))
            } catch {
                throw StyleSourceError("the style's image source \"\(name)\": \(error)")
            }
        }
        var declared = source
        var tileJSON: TileJSON?
        if let url = declared.url, ["http://", "https://"].contains(where: { url.lowercased().hasPrefix($0) }) {
            let file: URL
            do {
                file = try fetcher.file(for: url)
            } catch {
                guard waitingForServer else { throw StyleSourceError("the style's source \"\(name)\": its TileJSON \(error)") }
                return PendingTileJSONSource(url: url, declared: source) {
                    try open(source, named: name, styleFolder: styleFolder, world: world, settings: settings, fetcher: fetcher)
                }
            }
            do {
                let info = try TileJSON(bytes: try FileReader.read(file.path, limit: 8 << 20), url: url)
                // A TileJSON from a server reaches only servers, as a style from one does.
                if let local = info.tiles.first(where: { !MapStyle.isWebAddress($0) }) {
                    throw StyleSourceError("names the tiles \"\(local.prefix(200))\", a local address, which a TileJSON from a server may not reach")
                }
                for warning in info.warnings { warn("the style's source \"\(name)\": \(warning)") }
                declared.tiles = info.tiles
                declared.minZoom = info.minZoom
                declared.maxZoom = info.maxZoom
                declared.scheme = info.scheme
                declared.attribution = info.attribution ?? declared.attribution
                declared.url = nil
                tileJSON = info
            } catch {
                throw StyleSourceError("the style's source \"\(name)\": its TileJSON \(error)")
            }
        }
        var spec: String
        if declared.url?.lowercased() == "pinmap://world" {
            spec = world.path
        } else if let url = declared.url, TileSourceOpener.remoteArchive(url) != nil {
            spec = url  // a PMTiles archive on a web server
        } else if let template = declared.tiles.first, TileSourceOpener.remoteArchive(template) != nil {
            spec = template
        } else if let url = declared.url, let range = url.range(of: "://"),
           ["mbtiles", "pmtiles"].contains(url[..<range.lowerBound].lowercased()) {
            spec = String(url[range.upperBound...])
            if !spec.hasPrefix("/") { spec = styleFolder.appendingPathComponent(spec).path }
        } else if let template = declared.tiles.first {
            // Rows from the south: the template's {y} is the TMS row.
            spec = declared.scheme == .tms ? TileURLTemplate.swappingRows(template) : template
        } else {
            throw StyleSourceError("source \"\(name)\" of the style names no mbtiles://, pmtiles://, TileJSON or tiles URL pinmap can open; give the tiles to draw with it (--tiles)")
        }
        var settings = settings
        settings.serverMaxZoom = declared.maxZoom
        settings.serverMinZoom = min(declared.minZoom, declared.maxZoom)
        settings.serverContent = declared.kind == .vector ? .vector : [.raster, .rasterDEM].contains(declared.kind) ? .raster : nil
        settings.serverAttribution = declared.attribution
        if declared.scheme == .tms { settings.tms = true }
        do {
            let opened = try TileSourceOpener.open(spec, options: settings)
            guard let tileJSON, tileJSON.bounds != nil else { return opened }
            return BoundedTileSource(opened, covers: { tileJSON.covers($0) })
        } catch {
            throw StyleSourceError("the style's source \"\(name)\": \(error.description)")
        }
    }

    /// A GeoJSON source: its inline data, or the file (relative to the
    /// style's folder) or address (fetched once and kept) its `data` names.
    private static func openGeoJSON(_ source: StyleSource, named name: String, styleFolder: URL,
                                    fetcher: StyleResourceFetcher) throws(StyleSourceError) -> TileSource {
        let bytes: [UInt8], file: String
        do {
            if let inline = source.inlineData {
                (bytes, file) = (inline, "the style's GeoJSON source \"\(name)\"")
            } else if let address = source.url {
                let path = try self.file(at: address, styleFolder: styleFolder, fetcher: fetcher)
                (bytes, file) = (try FileReader.read(path, limit: 512 << 20), path)
            } else {
                throw StyleSourceError("the style's GeoJSON source \"\(name)\" has no data")
            }
        } catch let error as StyleSourceError {
            throw error
        } catch {
            throw StyleSourceError("the style's GeoJSON source \"\(name)\": \(error)")
        }
        do {
            return try GeoJSONTileSource(source, named: name, bytes: bytes, file: file,
                                         attribution: source.attribution.map(AttributionText.plain))
        } catch {
            throw StyleSourceError("the style's GeoJSON source \"\(name)\": \(error.description)")
        }
    }

    /// The file a source's `url` or `data` names: on a server (fetched
    /// once and kept), a file:// URL, or a path relative to the style's folder.
    private static func file(at address: String, styleFolder: URL, fetcher: StyleResourceFetcher) throws(StyleResourceFetcher.Failure) -> String {
        if ["http://", "https://"].contains(where: { address.lowercased().hasPrefix($0) }) {
            return try fetcher.file(for: address).path
        }
        if address.lowercased().hasPrefix("file://"), let url = URL(string: address) { return url.path }
        return address.hasPrefix("/") ? address : styleFolder.appendingPathComponent(address).path
    }
}
