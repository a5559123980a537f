/// An annotation read from a pins file: a point annotation that also knows
/// its feature's look and whether it may be dragged.
///
///     let document = try PinDocument.load(from: url)
///     map.addAnnotations(document.makeAnnotations())
public final class FeatureAnnotation: PointAnnotation, AnnotationProperties {
    public let feature: PinFeature

    public var properties: [(key: String, value: String)] {
        feature.properties.map { ($0.key, $0.value) }
    }

    /// `clusterAll` gives features without a `cluster` property the
    /// identifier `PinFeature.defaultCluster` (`--cluster`).
    public init(feature: PinFeature, clusterAll: Bool = false) {
        self.feature = feature
        super.init(coordinate: feature.coordinate, title: feature.title, subtitle: feature.subtitle,
                   identifier: feature.id, isPlacemark: feature.isPlacemark,
                   clusteringIdentifier: feature.clusterName ?? (clusterAll ? PinFeature.defaultCluster : nil),
                   displayPriority: feature.displayPriority, collisionMode: feature.collisionMode)
    }
}
