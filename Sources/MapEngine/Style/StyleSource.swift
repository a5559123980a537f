/// A source a style's layers draw from: where its tiles come from.
///
///     style.sources["openmaptiles"]?.url   // "mbtiles://zurich.mbtiles"
package struct StyleSource: Equatable, Sendable {
    /// The one layer of a GeoJSON source's tiles: the style's layers that draw from such a source name no `source-layer` and read this one.
    static let geoJSONLayerName = "_geojsonTileLayer"

    /// What a source holds; pinmap draws vector sources.
    package enum Kind: String, Sendable {
        /// Vector tiles.
        case vector
        /// Raster tiles.
        case raster
        /// Heights coded in raster tiles' colours (`raster-dem`), for `hillshade` layers.
        case rasterDEM = "raster-dem"
        /// GeoJSON features (`data`: inline, or a file or address in `url`), cut into vector tiles as they are drawn.
        case geojson
        /// One picture (PNG or JPEG, at `url`) laid on the map with its corners at `coordinates`.
        case image
        /// A kind pinmap does not draw (video).
        case other
    }

    /// The source's `type`.
    package var kind: Kind
    /// A TileJSON or `mbtiles://` / `pmtiles://` address; a GeoJSON source's `data` when that is a file or address.
    package var url: String?
    /// A GeoJSON source's `data` written in the style: its JSON text.
    package var inlineData: [UInt8]?
    /// A GeoJSON source's margin around each tile, in 512ths of a tile.
    package var buffer: Double = 128
    /// How a `raster-dem` source's colours give heights (`encoding`, with
    /// `redFactor`… for `custom`).
    package var encoding = Hillshade.Encoding.mapbox
    /// Whether a GeoJSON source's lines carry how far along them each piece
    /// of a tile lies (`lineMetrics`), which `line-gradient` needs.
    package var lineMetrics = false
    /// Whether a GeoJSON source's points are clustered (`cluster`).
    package var cluster = false
    /// Pixels within which clustered points merge (`clusterRadius`, 50 by default).
    package var clusterRadius = 50.0
    /// The deepest zoom that clusters (`clusterMaxZoom`; by default one less than `maxzoom`).
    package var clusterMaxZoom: Int?
    /// What clusters gather from their points (`clusterProperties`), as its JSON text.
    package var clusterProperties: [UInt8]?
    /// An image source's corners: top left, top right, bottom right, bottom left.
    package var coordinates: [Coordinate] = []
    /// Tile URL templates.
    package var tiles: [String]
    /// The shallowest level of its tiles.
    package var minZoom: Int
    /// The deepest level of its tiles; deeper zooms draw these larger.
    package var maxZoom: Int
    /// The credit line the source asks for.
    package var attribution: String?
    /// Points a tile covers (512 for vector sources, as the spec says).
    package var tileSize: Int
    /// How its tile URLs number rows: from the north (`xyz`) or the south (`tms`).
    package var scheme: TileScheme = .xyz

    /// A source of this kind and these tiles.
    package init(kind: Kind, url: String? = nil, tiles: [String] = [], minZoom: Int = 0, maxZoom: Int = 14,
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
