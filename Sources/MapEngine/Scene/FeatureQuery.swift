import Foundation

/// A feature of the style drawn at a point of the view, as
/// `MapView.queryRenderedFeatures(at:)` finds it (MapLibre's
/// `queryRenderedFeatures`): its style layer, source, id and properties.
///
///     for feature in map.queryRenderedFeatures(at: tap, layers: ["poi"]) {
///         print(feature.layer, feature.properties["name"] ?? .null)
///     }
public struct RenderedFeature: Sendable, Equatable {
    /// The style layer that draws it.
    public var layer: String
    /// The style's source it comes from.
    public var source: String
    /// The layer of the source's tiles it comes from (nil for a GeoJSON source, as in MapLibre).
    public var sourceLayer: String?
    /// Its id in the tiles, when it has one.
    public var id: UInt64?
    /// Its properties.
    public var properties: [String: StyleJSON]

    /// A feature of `layer`, from `sourceLayer` of `source`.
    package init(layer: String, source: String, sourceLayer: String?, id: UInt64?, properties: [String: StyleValue]) {
        self.layer = layer
        self.source = source
        self.sourceLayer = sourceLayer
        self.id = id
        self.properties = properties.mapValues(StyleJSON.init)
    }
}

/// Finds the features a style draws at a point of the view: the labels
/// shown there first (they are drawn over everything), then the features
/// of every fill, line, circle and raised layer from the top layer down,
/// each hit as it is drawn: inside a fill's area (holes left out), within
/// a line's half width or a circle's radius and stroke, with a few points
/// of room for a finger. Features come from the data tiles the view is
/// painted from at rest.
package struct FeatureQuery {
    let layout: VectorTileLayout
    let producer: VectorTileProducer
    let camera: Camera
    let levels: ClosedRange<Int>
    let scale: Double

    /// Room round thin lines and small circles, in points.
    static let slack = 3.0

    package init(layout: VectorTileLayout, producer: VectorTileProducer, camera: Camera, levels: ClosedRange<Int>, scale: Double) {
        self.layout = layout
        self.producer = producer
        self.camera = camera
        self.levels = levels
        self.scale = scale
    }

    /// The features at `point` (view points), topmost first; `labels` are
    /// the labels shown there (`LabelLayer.labels(at:)`); only the style
    /// layers `only` names when it is given.
    package func features(at point: Point, labels: [(layer: String, tile: TileID, featureIndex: Int)],
                          only: Set<String>? = nil) -> [RenderedFeature] {
        guard camera.isValid, point.x.isFinite, point.y.isFinite else { return [] }
        let style = layout.style
        let zoom = VectorTileLayout.styleZoom(mapZoom: camera.zoom, scale: scale)
        var found: [RenderedFeature] = []
        for label in labels where only?.contains(label.layer) ?? true {
            guard let layer = style.layers.first(where: { $0.id == label.layer }), let source = layer.source,
                  let (data, _) = producer.data(of: source, for: label.tile), let name = layer.sourceLayer,
                  let features = data.layer(named: name)?.features, features.indices.contains(label.featureIndex) else { continue }
            found.append(rendered(features[label.featureIndex], layer: layer))
        }
        let world = camera.worldPoint(at: point)
        let level = TileLayer.labelLevel(camera: camera, levels: levels)
        let count = Double(1 << level)
        let wrapped = world.x - world.x.rounded(.down)
        guard world.y >= 0, world.y < 1 else { return found }
        let tile = TileID(z: level, x: Int(wrapped * count), y: Int(world.y * count))
        for layer in style.layers.reversed() where layer.isShown(at: zoom) && (only?.contains(layer.id) ?? true) {
            guard [.fill, .line, .circle, .fillExtrusion].contains(layer.kind), let source = layer.source, let name = layer.sourceLayer,
                  let (data, dataTile) = producer.data(of: source, for: tile), let tileLayer = data.layer(named: name) else { continue }
            let extent = Double(tileLayer.extent), n = Double(1 << dataTile.z)
            let spot = Point(x: (wrapped * n - Double(dataTile.x)) * extent, y: (world.y * n - Double(dataTile.y)) * extent)
            // Tile units to a point of the view.
            let perPoint = extent * n / camera.worldSize
            var context = StyleContext(zoom: zoom)
            context.globalState = style.globalState
            context.place = FeaturePlace(tile: dataTile, extent: tileLayer.extent)
            for feature in tileLayer.features.reversed() {
                context.subject = feature
                guard layer.accepts(context), hits(feature, layer: layer, at: spot, perPoint: perPoint, context: context) else { continue }
                found.append(rendered(feature, layer: layer))
            }
        }
        return found
    }

    private func hits(_ feature: VectorFeature, layer: StyleLayer, at spot: Point, perPoint: Double, context: StyleContext) -> Bool {
        switch layer.kind {
        case .fill, .fillExtrusion:
            guard feature.type == .polygon, let polygons = try? feature.polygons() else { return false }
            return polygons.contains { polygon in polygon.reduce(false) { $0 != Ring.contains($1, spot) } }
        case .line:
            guard feature.type != .point, let lines = try? feature.geometry() else { return false }
            let width = max(layer.number("line-width", context), 0) + 2 * max(layer.number("line-gap-width", context), 0)
            let reach = (width / 2 + FeatureQuery.slack) * perPoint
            return lines.contains { OverlayHitTest.distance(from: spot, toLine: $0, closed: false) <= reach }
        case .circle:
            guard let points = try? feature.geometry() else { return false }
            let radius = max(layer.number("circle-radius", context), 0) + max(layer.number("circle-stroke-width", context), 0)
            let reach = (radius + FeatureQuery.slack) * perPoint
            return points.joined().contains { ($0 - spot).length <= reach }
        default:
            return false
        }
    }

    /// The feature as found; a GeoJSON source's has no source layer, as in MapLibre.
    func rendered(_ feature: VectorFeature, layer: StyleLayer) -> RenderedFeature {
        let geoJSON = layout.style.sources[layer.source ?? ""]?.kind == .geojson
        return RenderedFeature(layer: layer.id, source: layer.source ?? "", sourceLayer: geoJSON ? nil : layer.sourceLayer, id: feature.id,
                        properties: feature.properties.mapValues { value in
                            switch value {
                            case .string(let text): .string(text)
                            case .number(let number): .number(number)
                            case .bool(let flag): .bool(flag)
                            }
                        })
    }
}
