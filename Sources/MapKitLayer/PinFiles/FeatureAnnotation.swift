import MapEngine

/// An annotation read from a pins file: it moves and takes a new title or
/// subtitle as a `PointAnnotation` does, and reads everything else (its
/// id, look, clustering and priority) from its feature.
///
///     let document = try PinDocument.load(from: url)
///     map.addAnnotations(document.makeAnnotations())
///
/// Small on purpose (48 bytes): a file of half a million pins makes half a
/// million. It keeps no copy of its feature's text or coordinate, only its
/// place in the document's list of features, which all its annotations
/// share; what changes after reading (a move, a new title) goes in a box
/// of its own.
public final class FeatureAnnotation: MovableAnnotation, NameableAnnotation, AnnotationProperties {
    private let features: [PinFeature]
    private let position: Int32
    /// Features without a `cluster` property cluster as `PinFeature.defaultCluster`.
    private let clusterAll: Bool
    /// The coordinate, title and subtitle once any was set; nil until then.
    private var edited: Edits?
    /// Where the pin announces its moves and new names.
    public let changes = AnnotationChanges()

    /// Where the pin stands now; the feature keeps where the file said.
    public var coordinate: Coordinate {
        get { edited?.coordinate ?? features[Int(position)].coordinate }
        set {
            guard newValue != coordinate else { return }
            var edits = edited ?? unedited
            edits.coordinate = newValue
            edited = edits
            changes.post(.coordinate)
        }
    }

    /// `clusterAll` gives features without a `cluster` property the
    /// identifier `PinFeature.defaultCluster` (`--cluster`).
    package convenience init(feature: PinFeature, clusterAll: Bool = false) {
        self.init(features: [feature], position: 0, clusterAll: clusterAll)
    }

    /// The annotation of `features[position]`.
    init(features: [PinFeature], position: Int, clusterAll: Bool) {
        self.features = features
        self.position = Int32(position)
        self.clusterAll = clusterAll
    }

    /// The feature as read from the file.
    package var feature: PinFeature { features[Int(position)] }

    /// The callout's first line: the feature's `title` (or `name`).
    public var title: String? {
        get { edited.map(\.title) ?? features[Int(position)].title }
        set { edit { $0.title = newValue } }
    }

    /// The callout's second line: the feature's `subtitle` (or `description`), or a looked-up place
    /// name.
    public var subtitle: String? {
        get { edited.map(\.subtitle) ?? features[Int(position)].subtitle }
        set { edit { $0.subtitle = newValue } }
    }

    /// The feature's `id`, for dumps and saving.
    public var identifier: String? { features[Int(position)].id }
    /// Whether the map names the pin's place (`"placemark": true`).
    public var isPlacemark: Bool { features[Int(position)].isPlacemark }

    /// The cluster the pin joins (`"cluster": NAME`, or every pin with `--cluster`).
    public var clusteringIdentifier: String? {
        features[Int(position)].clusterName ?? (clusterAll ? PinFeature.defaultCluster : nil)
    }

    /// The feature's `display-priority` (`required`, `high`, `low` or a number).
    public var displayPriority: DisplayPriority {
        features[Int(position)].displayPriority ?? (clusteringIdentifier == nil ? .required : .defaultHigh)
    }

    /// The feature's `collision-mode` (`rectangle`, `circle` or `none`).
    public var collisionMode: CollisionMode { features[Int(position)].collisionMode }

    /// The symbol its feature asks for.
    var symbol: PinFeature.Symbol { features[Int(position)].symbol }

    /// The feature's properties as text, in file order.
    public var properties: [(key: String, value: String)] {
        feature.properties.map { ($0.key, $0.value) }
    }

    /// As read from the file.
    private var unedited: Edits {
        let feature = features[Int(position)]
        return Edits(coordinate: feature.coordinate, title: feature.title, subtitle: feature.subtitle)
    }

    /// Applies a change to the title or subtitle; tells the maps showing
    /// it when the text is different.
    private func edit(_ change: (inout Edits) -> Void) {
        let before = edited ?? unedited
        var after = before
        change(&after)
        guard after.title != before.title || after.subtitle != before.subtitle || after.note != before.note else { return }
        edited = after
        changes.post(.calloutInfo)
    }
}

extension FeatureAnnotation: EditablePin {
    /// A placemark's note (its `description` property), kept apart from
    /// the place name the map looks up; any other pin's subtitle.
    package var note: String? {
        get {
            guard isPlacemark else { return subtitle }
            if let set = edited?.note { return set }
            return feature.properties.first { $0.key == "description" }?.value
        }
        set {
            guard isPlacemark else { subtitle = newValue; return }
            edit { $0.note = .some(newValue) }
        }
    }

    /// Whether anything of it (place, title, subtitle, note) was changed since it was read.
    package var hasEdits: Bool { edited != nil }

    /// A placemark's note as set in this session (`.some(nil)`: cleared); nil when never set.
    package var editedNote: String?? { edited?.note ?? nil }

    /// A pin the file lets the person move (`draggable` not false) may be renamed too.
    package var isEditable: Bool { feature.isDraggable }
}

extension FeatureAnnotation {
    /// The coordinate, title, subtitle and note once any was set, boxed: an
    /// optional reference costs 8 bytes where they would cost 48.
    struct Edits {
        private final class Storage {
            var coordinate: Coordinate
            var title: String?
            var subtitle: String?
            /// A placemark's note once set (`.some(nil)`: cleared); nil: as the file says.
            var note: String??

            init(_ coordinate: Coordinate, _ title: String?, _ subtitle: String?, _ note: String??) {
                self.coordinate = coordinate
                self.title = title
                self.subtitle = subtitle
                self.note = note
            }

            func copy() -> Storage { Storage(coordinate, title, subtitle, note) }
        }

        private var storage: Storage

        init(coordinate: Coordinate, title: String?, subtitle: String?) {
            storage = Storage(coordinate, title, subtitle, nil)
        }

        /// Copy on write: an `Edits` is a value.
        private mutating func change(_ body: (Storage) -> Void) {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            body(storage)
        }

        var coordinate: Coordinate {
            get { storage.coordinate }
            set { change { $0.coordinate = newValue } }
        }

        var title: String? {
            get { storage.title }
            set { change { $0.title = newValue } }
        }

        var subtitle: String? {
            get { storage.subtitle }
            set { change { $0.subtitle = newValue } }
        }

        var note: String?? {
            get { storage.note }
            set { change { $0.note = newValue } }
        }
    }
}
