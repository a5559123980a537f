/// A GeoJSON source's points clustered (`"cluster": true`), as MapLibre
/// clusters them with supercluster: at each zoom up to `clusterMaxZoom`,
/// points within `clusterRadius` pixels of one another become one point
/// with the properties `cluster` (true), `cluster_id`, `point_count` and
/// `point_count_abbreviated`, for the style to draw and label. Deeper, each
/// point is itself. A cluster also gathers the source's
/// `clusterProperties` from its points. Only single points cluster; lines,
/// areas and multipoints are drawn as they are.
package struct GeoJSONClusters: Sendable {
    /// How the source asks for its points to merge.
    package struct Settings: Sendable {
        /// Pixels (of the style's 512-pixel tiles) within which points merge.
        package var radius: Double
        /// The deepest style zoom that clusters.
        package var maxZoom: Int
        /// What each cluster gathers from its points (`clusterProperties`).
        package var properties: [GeoJSONClusterProperty]

        package init(radius: Double, maxZoom: Int, properties: [GeoJSONClusterProperty] = []) {
            self.radius = radius
            self.maxZoom = maxZoom
            self.properties = properties
        }
    }

    let settings: Settings
    /// The clusters, at pinmap's zoom levels (the style's plus one: a 512-pixel tile is two of pinmap's 256).
    let index: ClusterIndex
    /// For each clustered point, its shape.
    let shapeOfPoint: [Int]
    /// For each shape, whether it is a clustered point (left out of the tiles as itself).
    let isClustered: [Bool]

    /// The clusters of `shapes`' single points, as `settings` ask (the source builds them once, on its thread).
    package init(_ shapes: GeoJSONShapes, settings: Settings) {
        var points: [Point] = [], owners: [Int] = []
        var clustered = [Bool](repeating: false, count: shapes.shapes.count)
        for (index, shape) in shapes.shapes.enumerated() where shape.type == .point && shape.parts.count == 1 {
            guard let point = shape.parts[0].first else { continue }
            points.append(point)
            owners.append(index)
            clustered[index] = true
        }
        self.settings = settings
        let radius = min(max(settings.radius.isFinite ? settings.radius : 50, 0), 512)
        index = ClusterIndex(points: points, options: ClusterIndex.Options(radius: radius, maxZoom: min(max(settings.maxZoom, 0), 24) + 1))
        shapeOfPoint = owners
        isClustered = clustered
    }

    /// What the tile (of the style's zoom) holds of the clustered points
    /// within `reach` (world units): each a point of its own or a cluster,
    /// added to `layer` with `local` placing it; false when none.
    func add(to layer: inout VectorTileWriter.Layer, tile: TileID, reach: Rect, shapes: GeoJSONShapes,
             local: (Point) -> Point) -> Bool {
        var any = false
        for item in index.items(atZoom: tile.z + 1, in: reach) {
            switch item {
            case .point(let p):
                let shape = shapes.shapes[shapeOfPoint[Int(p)]]
                guard let point = shape.parts[0].first else { continue }
                layer.add(.point, geometry: [[local(point)]], properties: shape.properties, id: shape.id)
            case .cluster(let id):
                let count = index.count(of: item)
                let center = index.cluster(id).center
                var properties: [String: FeatureValue] = [
                    "cluster": .bool(true), "cluster_id": .number(Double(id)), "point_count": .number(Double(count)),
                    "point_count_abbreviated": .string(GeoJSONClusters.abbreviated(count)),
                ]
                if !settings.properties.isEmpty {
                    let members = index.members(of: id).map { shapes.shapes[shapeOfPoint[Int($0)]].properties }
                    for property in settings.properties { properties[property.name] = property.value(over: members) }
                }
                layer.add(.point, geometry: [[local(center)]], properties: properties, id: UInt64(id))
            }
            any = true
        }
        return any
    }

    /// Whether the tile's points come from the clusters (at the style zooms that cluster).
    func covers(_ tile: TileID) -> Bool { tile.z + 1 <= index.options.maxZoom }

    /// A count as supercluster writes it short: 950, 1.2k, 12k.
    static func abbreviated(_ count: Int) -> String {
        if count >= 10_000 { return "\(Int((Double(count) / 1000).rounded()))k" }
        if count >= 1000 {
            let tenths = (Double(count) / 100).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths))k" : "\(tenths)k"
        }
        return "\(count)"
    }
}
