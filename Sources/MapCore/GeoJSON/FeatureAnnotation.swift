/// An annotation read from a pins file: it moves and takes a new title or
/// subtitle as a `PointAnnotation` does, and reads everything else (its
/// id, look, clustering and priority) from its feature.
///
///     let document = try PinDocument.load(from: url)
///     map.addAnnotations(document.makeAnnotations())
///
/// Small on purpose (64 bytes): a file of half a million pins makes half a
/// million. It keeps no copy of its feature's text, only its place in the
/// document's list of features, which all its annotations share.
public final class FeatureAnnotation: MovableAnnotation, NameableAnnotation, AnnotationProperties {
    private let features: [PinFeature]
    private let position: Int32
    /// Features without a `cluster` property cluster as `PinFeature.defaultCluster`.
    private let clusterAll: Bool
    /// A title or subtitle set since the file was read; nil until then.
    private var edited: EditedText?
    public let changes = AnnotationChanges()

    public var coordinate: Coordinate {
        didSet { if coordinate != oldValue { changes.post(.coordinate) } }
    }

    /// `clusterAll` gives features without a `cluster` property the
    /// identifier `PinFeature.defaultCluster` (`--cluster`).
    public convenience init(feature: PinFeature, clusterAll: Bool = false) {
        self.init(features: [feature], position: 0, clusterAll: clusterAll)
    }

    /// The annotation of `features[position]`.
    init(features: [PinFeature], position: Int, clusterAll: Bool) {
        self.features = features
        self.position = Int32(position)
        self.clusterAll = clusterAll
        coordinate = features[position].coordinate
    }

    /// The feature as read from the file.
    public var feature: PinFeature { features[Int(position)] }

    public var title: String? {
        get { edited.map(\.title) ?? features[Int(position)].title }
        set { edit { $0.title = newValue } }
    }

    public var subtitle: String? {
        get { edited.map(\.subtitle) ?? features[Int(position)].subtitle }
        set { edit { $0.subtitle = newValue } }
    }

    public var identifier: String? { features[Int(position)].id }
    public var isPlacemark: Bool { features[Int(position)].isPlacemark }

    public var clusteringIdentifier: String? {
        features[Int(position)].clusterName ?? (clusterAll ? PinFeature.defaultCluster : nil)
    }

    public var displayPriority: DisplayPriority {
        features[Int(position)].displayPriority ?? (clusteringIdentifier == nil ? .required : .defaultHigh)
    }

    public var collisionMode: CollisionMode { features[Int(position)].collisionMode }

    /// The symbol its feature asks for.
    var symbol: PinFeature.Symbol { features[Int(position)].symbol }

    public var properties: [(key: String, value: String)] {
        feature.properties.map { ($0.key, $0.value) }
    }

    /// Applies a change to the title or subtitle; tells the maps showing
    /// it when the text is different.
    private func edit(_ change: (inout EditedText) -> Void) {
        let before = edited ?? EditedText(title: features[Int(position)].title,
                                          subtitle: features[Int(position)].subtitle)
        var after = before
        change(&after)
        guard after != before else { return }
        edited = after
        changes.post(.calloutInfo)
    }
}

extension FeatureAnnotation {
    /// The title and subtitle once either was set, boxed: an optional
    /// reference costs 8 bytes where two optional strings cost 32.
    struct EditedText: Equatable {
        private final class Storage {
            let title: String?
            let subtitle: String?
            init(title: String?, subtitle: String?) {
                self.title = title
                self.subtitle = subtitle
            }
        }

        private var storage: Storage

        init(title: String?, subtitle: String?) {
            storage = Storage(title: title, subtitle: subtitle)
        }

        var title: String? {
            get { storage.title }
            set { storage = Storage(title: newValue, subtitle: storage.subtitle) }
        }

        var subtitle: String? {
            get { storage.subtitle }
            set { storage = Storage(title: storage.title, subtitle: newValue) }
        }

        static func == (a: EditedText, b: EditedText) -> Bool {
            a.title == b.title && a.subtitle == b.subtitle
        }
    }
}
