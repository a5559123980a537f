/// An annotation read from a pins file: a point annotation that also knows
/// its feature's look and whether it may be dragged.
///
///     let document = try PinDocument.load(from: url)
///     map.addAnnotations(document.makeAnnotations())
public final class FeatureAnnotation: PointAnnotation, AnnotationProperties {
    /// The document's features, shared by all its annotations: each holds
    /// its place in the list rather than a copy of its feature (200 bytes
    /// a pin, 100 MB for half a million).
    private let features: [PinFeature]
    private let position: Int

    /// The feature as read from the file.
    public var feature: PinFeature { features[position] }

    public var properties: [(key: String, value: String)] {
        feature.properties.map { ($0.key, $0.value) }
    }

    /// `clusterAll` gives features without a `cluster` property the
    /// identifier `PinFeature.defaultCluster` (`--cluster`).
    public convenience init(feature: PinFeature, clusterAll: Bool = false) {
        self.init(features: [feature], position: 0, clusterAll: clusterAll)
    }

    /// The annotation of `features[position]`.
    init(features: [PinFeature], position: Int, clusterAll: Bool) {
        self.features = features
        self.position = position
        let feature = features[position]
        super.init(coordinate: feature.coordinate, title: feature.title, subtitle: feature.subtitle,
                   identifier: feature.id, isPlacemark: feature.isPlacemark,
                   clusteringIdentifier: feature.clusterName ?? (clusterAll ? PinFeature.defaultCluster : nil),
                   displayPriority: feature.displayPriority, collisionMode: feature.collisionMode)
    }
}
