/// A source a style's layers draw from: where its tiles come from.
///
///     style.sources["openmaptiles"]?.url   // "mbtiles://zurich.mbtiles"
public struct StyleSource: Equatable, Sendable {
    public enum Kind: String, Sendable { case vector, raster, other }

    public var kind: Kind
    /// A TileJSON or `mbtiles://` / `pmtiles://` address.
    public var url: String?
    /// Tile URL templates.
    public var tiles: [String]
    public var minZoom: Int
    public var maxZoom: Int
    public var attribution: String?
    public var tileSize: Int

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
