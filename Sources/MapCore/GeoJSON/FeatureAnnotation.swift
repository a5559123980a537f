/// An annotation read from a pins file: a point annotation that also knows
/// its feature's look and whether it may be dragged.
///
///     let document = try PinDocument.load(from: url)
///     map.addAnnotations(document.makeAnnotations())
public final class FeatureAnnotation: MovableAnnotation {
    public let feature: PinFeature
    public let changes = AnnotationChanges()
    public var identifier: String? { feature.id }

    public var coordinate: Coordinate {
        didSet { if coordinate != oldValue { changes.post(.coordinate) } }
    }
    public var title: String? {
        didSet { if title != oldValue { changes.post(.calloutInfo) } }
    }
    public var subtitle: String? {
        didSet { if subtitle != oldValue { changes.post(.calloutInfo) } }
    }

    public init(feature: PinFeature) {
        self.feature = feature
        coordinate = feature.coordinate
        title = feature.title
        subtitle = feature.subtitle
    }
}
