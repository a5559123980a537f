import Foundation

/// Cuts a GeoJSON source's features into vector tiles, as MapLibre's
/// GeoJSON sources do: each tile holds, in one layer, every feature that
/// reaches it or its margin (`buffer`, in 512ths of a tile: 128 by
/// default), cut at the margin's edge, in tile coordinates of `extent`
/// units. Layers of the style that draw from a GeoJSON source name no
/// `source-layer`; they read this one (`layerName`).
struct GeoJSONTiler: Sendable {
    /// The layer every GeoJSON tile holds (`StyleSource.geoJSONLayerName`).
    static var layerName: String { StyleSource.geoJSONLayerName }
    static let extent = 4096

    let shapes: GeoJSONShapes
    /// The margin around each tile, in 512ths of a tile.
    let buffer: Double
    /// The points clustered, when the source asks for it.
    let clusters: GeoJSONClusters?
    /// Whether each piece of a line is a feature of its own that says where
    /// along the whole line it starts and ends (`lineMetrics`), in the
    /// properties `GeoJSONTiler.clipStart` and `clipEnd` (0 to 1), as MapLibre's tiles carry them.
    let lineMetrics: Bool

    /// Where along its line a piece starts, 0 to 1 (with `lineMetrics`).
    static let clipStart = "mapbox_clip_start"
    /// Where along its line a piece ends, 0 to 1 (with `lineMetrics`).
    static let clipEnd = "mapbox_clip_end"

    init(_ shapes: GeoJSONShapes, buffer: Double = 128, clustering: GeoJSONClusters.Settings? = nil, lineMetrics: Bool = false) {
        self.shapes = shapes
        self.lineMetrics = lineMetrics
        self.buffer = min(max(buffer.isFinite ? buffer : 128, 0), 512)
        clusters = clustering.map { GeoJSONClusters(shapes, settings: $0) }
    }

    /// The tile's features, encoded; nil when none reaches it.
    func tile(_ tile: TileID) -> [UInt8]? {
        let n = Double(1 << tile.z), extent = Double(GeoJSONTiler.extent)
        let margin = buffer / 512
        // The tile and its margin, in world units, to pass over features that miss it.
        let reach = Rect(x: (Double(tile.x) - margin) / n, y: (Double(tile.y) - margin) / n,
                         width: (1 + 2 * margin) / n, height: (1 + 2 * margin) / n)
        let bounds = Rect(x: -margin * extent, y: -margin * extent, width: (1 + 2 * margin) * extent, height: (1 + 2 * margin) * extent)
        func local(_ p: Point) -> Point { Point(x: (p.x * n - Double(tile.x)) * extent, y: (p.y * n - Double(tile.y)) * extent) }
        var layer = VectorTileWriter.Layer(name: GeoJSONTiler.layerName, extent: GeoJSONTiler.extent)
        var any = false
        // At the zooms that cluster, the clustered points come from the clusters.
        let clustered = clusters.flatMap { $0.covers(tile) ? $0 : nil }
        if let clustered { any = clustered.add(to: &layer, tile: tile, reach: reach, shapes: shapes, local: local) }
        for (index, shape) in shapes.shapes.enumerated() where shape.box.minX <= reach.maxX && shape.box.maxX >= reach.minX
            && shape.box.minY <= reach.maxY && shape.box.maxY >= reach.minY {
            if let clustered, clustered.isClustered[index] { continue }
            var parts: [[Point]] = []
            switch shape.type {
            case .point:
                parts = shape.parts.compactMap { $0.first.map(local) }.filter { bounds.contains($0) }.map { [$0] }
            case .lineString where lineMetrics:
                any = addMeasured(shape, to: &layer, local: local, bounds: bounds) || any
                continue
            case .lineString:
                for line in shape.parts { parts += GeometryClipping.clipLine(line.map(local), to: bounds) }
            case .polygon:
                for ring in shape.parts {
                    let clipped = GeometryClipping.clipRing(ring.map(local), to: bounds)
                    if !clipped.isEmpty { parts.append(clipped) }
                }
            case .unknown:
                continue
            }
            guard !parts.isEmpty else { continue }
            layer.add(shape.type, geometry: parts, properties: shape.properties, id: shape.id)
            any = true
        }
        return any ? VectorTileWriter.encode([layer]) : nil
    }

    /// Each line of `shape` cut to `bounds`, every piece a feature of its own
    /// with where along its line it starts and ends; whether any reached the tile.
    private func addMeasured(_ shape: GeoJSONShapes.Shape, to layer: inout VectorTileWriter.Layer,
                             local: (Point) -> Point, bounds: Rect) -> Bool {
        var any = false
        for line in shape.parts where line.count >= 2 {
            let points = line.map(local)
            var length = 0.0
            for index in 1..<points.count { length += (points[index] - points[index - 1]).length }
            guard length > 0, length.isFinite else { continue }
            for piece in GeometryClipping.clipLineMeasured(points, to: bounds) {
                var properties = shape.properties
                properties[GeoJSONTiler.clipStart] = .number(min(max(piece.start / length, 0), 1))
                properties[GeoJSONTiler.clipEnd] = .number(min(max(piece.end / length, 0), 1))
                layer.add(.lineString, geometry: [piece.points], properties: properties, id: shape.id)
                any = true
            }
        }
        return any
    }
}

/// A style's GeoJSON source as a source of vector tiles, cut on demand
/// (`GeoJSONTiler`) at levels up to its `maxzoom` (18 unless the style
/// says), deeper levels drawn from those.
package struct GeoJSONTileSource: TileSource {
    private let tiler: GeoJSONTiler
    private let name: String
    package let levels: ClosedRange<Int>
    package let attribution: String?
    package var content: TileContent { .vector }

    /// The GeoJSON text `bytes` of the source `name` (the file, or the style
    /// for inline data, names it in errors).
    package init(bytes: [UInt8], name: String, file: String, maxZoom: Int = 18, buffer: Double = 128,
                 clustering: GeoJSONClusters.Settings? = nil, lineMetrics: Bool = false,
                 attribution: String? = nil) throws(GeoJSONSourceError) {
        tiler = GeoJSONTiler(try GeoJSONShapes(bytes: bytes, file: file), buffer: buffer, clustering: clustering,
                             lineMetrics: lineMetrics)
        self.name = name
        levels = 0...min(max(maxZoom, 0), 24)
        self.attribution = attribution
    }

    /// How many features it holds (a collection's members each count).
    package var featureCount: Int { tiler.shapes.shapes.count }

    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        tiler.tile(tile).map { Data($0) }
    }

    package func location(of tile: TileID) -> String { "the GeoJSON source \"\(name)\", tile \(tile.z)/\(tile.x)/\(tile.y)" }
}

extension GeoJSONTileSource {
    /// The style's GeoJSON source `name` as it declares it (`cluster`,
    /// `clusterRadius`, `clusterMaxZoom`, `clusterProperties`, `maxzoom`,
    /// `buffer`, `lineMetrics`), its GeoJSON text `bytes` read from `file`, credited `attribution` (plain text).
    package init(_ source: StyleSource, named name: String, bytes: [UInt8], file: String,
                 attribution: String? = nil) throws(GeoJSONSourceError) {
        let gathered = source.clusterProperties.map(GeoJSONClusterProperty.parsed) ?? []
        let clustering = source.cluster
            ? GeoJSONClusters.Settings(radius: source.clusterRadius, maxZoom: source.clusterMaxZoom ?? max(source.maxZoom - 1, 0),
                                       properties: gathered) : nil
        try self.init(bytes: bytes, name: name, file: file, maxZoom: source.maxZoom, buffer: source.buffer, clustering: clustering,
                      lineMetrics: source.lineMetrics, attribution: attribution)
    }
}
