/// A source a style's layers draw from: where its tiles come from.
///
///     style.sources["openmaptiles"]?.url   // "mbtiles://zurich.mbtiles"
public struct StyleSource: Equatable, Sendable {
    /// What a source holds; pinmap draws vector sources.
    public enum Kind: String, Sendable {
        /// Vector tiles.
        case vector
        /// Raster tiles.
        case raster
        /// A kind pinmap does not draw (GeoJSON, images, video).
        case other
    }

    /// The source's `type`.
    public var kind: Kind
    /// A TileJSON or `mbtiles://` / `pmtiles://` address.
    public var url: String?
    /// Tile URL templates.
    public var tiles: [String]
    /// The shallowest level of its tiles.
    public var minZoom: Int
    /// The deepest level of its tiles; deeper zooms draw these larger.
    public var maxZoom: Int
    /// The credit line the source asks for.
    public var attribution: String?
    /// Points a tile covers (512 for vector sources, as the spec says).
    public var tileSize: Int
    /// How its tile URLs number rows: from the north (`xyz`) or the south (`tms`).
    public var scheme: DirectoryTileSource.Scheme = .xyz

    /// A source of this kind and these tiles.
    public init(kind: Kind, url: String? = nil, tiles: [String] = [], minZoom: Int = 0, maxZoom: Int = 14,
                attribution: String? = nil, tileSize: Int = 512) {
        self.kind = kind
        self.url = url
        self.tiles = tiles
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.attribution = attribution
        self.tileSize = tileSize
    }
}
