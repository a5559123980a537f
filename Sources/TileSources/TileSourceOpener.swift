import Foundation
import Logging
import MapEngine
import FileAccess

/// Turns what `--tiles` names into a source: a URL template (it has
/// `://`), an MBTiles or PMTiles file, or a folder of tiles, told apart by themselves.
///
///     let source = try TileSourceOpener.open("town.mbtiles", options: .init())
package enum TileSourceOpener {
    /// How sources are opened: a folder's row order, a server's hosts, levels and cache.
    package struct Options: Sendable {
        /// Rows of a tile folder count from the south.
        package var tms = false
        /// Hosts for a template's `{s}`.
        package var subdomains: String?
        /// The deepest level a tile server is asked for.
        package var serverMaxZoom = 19
        /// The shallowest level a tile server is asked for.
        package var serverMinZoom = 0
        /// What a tile server's tiles hold, when its source says (a style's `vector` source); nil
        /// takes it from the template (`.pbf` and `.mvt` are vector).
        package var serverContent: TileContent?
        /// The credit a tile server's tiles need, when its source says.
        package var serverAttribution: String?
        /// Where server tiles are kept, and how much.
        package var cacheRoot = DiskTileCache.root()
        /// How many bytes the disk cache of server tiles may hold.
        package var cacheLimitBytes = 500 << 20
        /// Whether a tile server's answers are kept in (and taken from) the disk cache; an area's update asks the server for each.
        package var usesDiskCache = true
        /// Where a tile server's source logs (its answers, its backing off); nowhere unless set.
        package var logger: Logger?

        /// XYZ folders, no subdomains, levels to 19, the standard cache.
        package init() {}
    }

    /// What a `--tiles` argument names: a tile folder, an MBTiles or PMTiles file, or a server's URL template.
    package enum Kind: String, Sendable {
        /// A folder of `z/x/y` files.
        case folder
        /// An MBTiles (SQLite) file.
        case mbtiles
        /// A PMTiles archive.
        case pmtiles
        /// A PMTiles archive on a web server (`https://host/map.pmtiles`, or `pmtiles://https://…`), read with range requests.
        case remotePMTiles
        /// A tile server's URL template.
        case server
    }

    /// What `spec` names: a URL, a folder, a file by its first bytes or its name.
    package static func kind(of spec: String) -> Kind {
        if remoteArchive(spec) != nil { return .remotePMTiles }
        if spec.contains("://") { return .server }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory), isDirectory.boolValue {
            return .folder
        }
        if let magic = try? FileReader.readPrefix(spec, count: 7), magic == Array("PMTiles".utf8) { return .pmtiles }
        if spec.lowercased().hasSuffix(".pmtiles") { return .pmtiles }
        return spec.lowercased().hasSuffix(".mbtiles") || FileManager.default.fileExists(atPath: spec)
            ? .mbtiles : .folder
    }

    /// The URL of a PMTiles archive on a web server that `spec` names:
    /// `pmtiles://` before an http or https URL, or such a URL whose path
    /// ends in `.pmtiles`; nil for anything else.
    package static func remoteArchive(_ spec: String) -> URL? {
        var text = spec
        let prefixed = text.lowercased().hasPrefix("pmtiles://http")
        if prefixed { text.removeFirst("pmtiles://".count) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil, prefixed || url.path.lowercased().hasSuffix(".pmtiles"),
              !text.contains("{z}") else { return nil }
        return url
    }

    /// The source `spec` names, opened with `options`.
    package static func open(_ spec: String, options: Options = Options()) throws(TileSourceError) -> TileSource {
        switch kind(of: spec) {
        case .folder:
            return try DirectoryTileSource(root: URL(fileURLWithPath: spec), scheme: options.tms ? .tms : .xyz)
        case .mbtiles:
            return try MBTilesSource(path: spec)
        case .remotePMTiles:
            guard let url = remoteArchive(spec) else { throw .unsupported(path: spec, reason: "it is not a URL") }
            return try PMTilesSource(archive: RemoteArchive(url: url))
        case .pmtiles:
            let source = try PMTilesSource(path: spec)
            if source.tileCompressionIsUnknown {
                options.logger?.warning("\(spec): its header does not say how its tiles are compressed (0, unknown); each tile's bytes tell gzip from none")
            }
            return source
        case .server:
            let template: TileURLTemplate
            do {
                template = try TileURLTemplate(spec, subdomains: options.subdomains)
            } catch {
                throw .unsupported(path: spec, reason: error.description)
            }
            guard (0...22).contains(options.serverMaxZoom), (0...options.serverMaxZoom).contains(options.serverMinZoom) else {
                throw .unsupported(path: spec, reason: "the deepest zoom must be 0 to 22, and the shallowest no deeper")
            }
            let folder = DiskTileCache.folder(for: template, in: options.cacheRoot)
            var cache: DiskTileCache?
            do {
                if options.usesDiskCache { cache = try DiskTileCache(folder: folder, limitBytes: options.cacheLimitBytes) }
            } catch {
                throw .unsupported(path: error.folder, reason: "cannot be used for the tile cache: \(error.reason)")
            }
            let osm = template.template.contains("openstreetmap.org")
            return HTTPTileSource(template: template, levels: options.serverMinZoom...options.serverMaxZoom,
                                  attribution: options.serverAttribution ?? (osm ? "© OpenStreetMap contributors" : nil), cache: cache,
                                  content: options.serverContent, logger: options.logger)
        }
    }
}
