/// One Point feature of a pins file as the map shows it: where it is, its
/// text and its look, and where its coordinates sit in the file's bytes.
///
/// 96 bytes a pin (half a million pins are 48 MB): its id, title and
/// subtitle are kept as places in the file's bytes, which the document
/// holds anyway, and read when asked for; what few features have (a
/// callout layout, a cluster, a priority, a collision mode) sits in a box
/// that most features do not have.
package struct PinFeature: Equatable, Sendable {
    /// How a feature's pin looks.
    package enum Symbol: Equatable, Sendable {
        /// A pin of this colour (`marker-color`).
        case pin(PinColor)
        /// A bullseye (`"marker-symbol": "bullseye"`).
        case bullseye
    }

    /// The file's bytes (shared with the document, not copied).
    private let bytes: [UInt8]
    /// Where the feature's Point is.
    package let coordinate: Coordinate
    /// Where the longitude and latitude numbers are in the file.
    private let longitudeSpan: ByteSpan
    private let latitudeSpan: ByteSpan
    /// The properties object as written, read again only when someone
    /// asks for `properties` (a callout, the details panel).
    private let propertiesSpan: ByteSpan
    private let idText: TextSpan
    private let titleText: TextSpan
    private let subtitleText: TextSpan
    private var rare: Rare?
    /// Position in the file's "features" array.
    private var position: Int32
    /// The pin's look, from `marker-color` and `marker-symbol`.
    package let symbol: Symbol
    /// Whether the pin may be dragged (`draggable`, true unless false).
    package let isDraggable: Bool
    /// The feature's `placemark` property: its subtitle is the place name
    /// looked up from its coordinate.
    package let isPlacemark: Bool
    /// True when the feature has no `id` and `id` is its index.
    let idIsIndex: Bool
    private let hasProperties: Bool
    /// True when its properties object has no member.
    private let propertiesAreEmpty: Bool
    /// The cluster of every pin when `--cluster` is given.
    package static let defaultCluster = "pins"

    /// The text fields are given as the ranges of their values in `bytes`:
    /// `title` and `subtitle` of JSON strings, `id` of a string or a number.
    init(index: Int, id: FieldValue?, coordinate: Coordinate, title: FieldValue?, subtitle: FieldValue?,
         symbol: Symbol, isDraggable: Bool, isPlacemark: Bool, bytes: [UInt8],
         properties: Range<Int>?, propertiesAreEmpty: Bool, longitudeRange: Range<Int>, latitudeRange: Range<Int>) {
        self.bytes = bytes
        self.coordinate = coordinate
        longitudeSpan = ByteSpan(longitudeRange)
        latitudeSpan = ByteSpan(latitudeRange)
        propertiesSpan = ByteSpan(properties ?? 0..<0)
        hasProperties = properties != nil
        idText = TextSpan(id)
        titleText = TextSpan(title)
        subtitleText = TextSpan(subtitle)
        position = Int32(index)
        self.symbol = symbol
        self.isDraggable = isDraggable
        self.isPlacemark = isPlacemark
        idIsIndex = id == nil
        self.propertiesAreEmpty = propertiesAreEmpty
    }

    /// A GPX waypoint as a pin: `name` its title, `desc` its subtitle,
    /// `sym` (and its elevation) among its properties; a symbol naming
    /// green, purple or red picks that pin. Its `lat` and `lon` attribute
    /// values are what a move rewrites.
    package init(waypoint: GPXWaypoint, index: Int, bytes: [UInt8], isDraggable: Bool) {
        let lowered = waypoint.symbol?.lowercased() ?? ""
        let color: PinColor = lowered.contains("green") ? .green : lowered.contains("purple") ? .purple : .red
        self.init(index: index, id: nil, coordinate: waypoint.point.coordinate, title: nil, subtitle: nil,
                  symbol: .pin(color), isDraggable: isDraggable, isPlacemark: false, bytes: bytes, properties: nil,
                  propertiesAreEmpty: true, longitudeRange: waypoint.longitudeRange, latitudeRange: waypoint.latitudeRange)
        var listed: [Property] = []
        if let symbol = waypoint.symbol { listed.append(Property(key: "sym", value: symbol)) }
        if let elevation = waypoint.point.elevation {
            listed.append(Property(key: "ele", value: TrackFigures.number(elevation) + " m"))
        }
        change {
            $0.texts = Texts(title: waypoint.name, subtitle: waypoint.description, properties: listed)
        }
    }

    /// The feature's `id` (a string as it is, a number as written), else its index, as text.
    package var id: String { idIsIndex ? String(position) : idText.text(in: bytes) ?? "" }
    /// The feature's `title` (else `name`); a GPX waypoint's `name`.
    package var title: String? { rare?.fields.texts?.title ?? titleText.text(in: bytes) }
    /// The feature's `subtitle` (else `description`); a GPX waypoint's `desc` (else `cmt`).
    package var subtitle: String? { rare?.fields.texts?.subtitle ?? subtitleText.text(in: bytes) }

    /// The custom callout layout the feature asks for (its `callout` property).
    package var calloutLayoutName: String? {
        get { rare?.calloutLayoutName }
        set { change { $0.calloutLayoutName = newValue } }
    }

    /// The feature's `cluster` property: pins naming the same cluster merge
    /// where they crowd.
    package var clusterName: String? {
        get { rare?.clusterName }
        set { change { $0.clusterName = newValue } }
    }

    /// The feature's `priority` property (`required`, `high`, `low` or a
    /// number from 0 to 1000); nil: the default for its clustering.
    package var displayPriority: DisplayPriority? {
        get { rare?.displayPriority }
        set { change { $0.displayPriority = newValue } }
    }

    /// The feature's `collision` property (`rectangle`, `circle`, `none`).
    package var collisionMode: CollisionMode {
        get { rare?.collisionMode ?? .rectangle }
        set { change { $0.collisionMode = newValue } }
    }

    /// Position in the file's "features" array.
    package internal(set) var index: Int {
        get { Int(position) }
        set { position = Int32(newValue) }
    }

    /// Byte ranges of the longitude and latitude numbers in the file.
    package var longitudeRange: Range<Int> { longitudeSpan.range }
    package var latitudeRange: Range<Int> { latitudeSpan.range }

    /// Where a member can be added to the feature's properties object; nil
    /// when it has none.
    package var propertiesSlot: PropertiesSlot? {
        hasProperties ? PropertiesSlot(offset: propertiesSpan.range.lowerBound + 1, isEmpty: propertiesAreEmpty) : nil
    }

    /// Every property as text, in file order: strings as they are, other
    /// values as written in the file; null ones are left out.
    package var properties: [Property] {
        if let texts = rare?.fields.texts { return texts.properties }
        guard hasProperties else { return [] }
        var parser = JSONParser(bytes: bytes)
        parser.i = propertiesSpan.range.lowerBound
        guard case .object(let members)? = try? parser.value().value else { return [] }
        return members.compactMap { member in
            switch member.value.value {
            case .null: return nil
            case .string(let text): return Property(key: member.key, value: text)
            default: return Property(key: member.key, value: String(decoding: bytes[member.value.range], as: UTF8.self))
            }
        }
    }

    /// Two features are equal when they read the same and sit at the same
    /// places in their files.
    package static func == (a: PinFeature, b: PinFeature) -> Bool {
        a.coordinate == b.coordinate && a.position == b.position && a.longitudeSpan == b.longitudeSpan
            && a.latitudeSpan == b.latitudeSpan && a.symbol == b.symbol && a.isDraggable == b.isDraggable
            && a.isPlacemark == b.isPlacemark && a.idIsIndex == b.idIsIndex && a.id == b.id && a.title == b.title
            && a.subtitle == b.subtitle && a.calloutLayoutName == b.calloutLayoutName && a.clusterName == b.clusterName
            && a.displayPriority == b.displayPriority && a.collisionMode == b.collisionMode
            && a.propertiesSlot == b.propertiesSlot && a.propertiesText == b.propertiesText
    }

    private var propertiesText: ArraySlice<UInt8>? { hasProperties ? bytes[propertiesSpan.range] : nil }

    private mutating func change(_ edit: (inout Rare.Fields) -> Void) {
        var fields = rare?.fields ?? Rare.Fields()
        edit(&fields)
        rare = fields == Rare.Fields() ? nil : Rare(fields)
    }

    package struct PropertiesSlot: Equatable, Sendable {
        /// Just after the object's `{`.
        let offset: Int
        let isEmpty: Bool
    }

    /// A waypoint's text, decoded when read (XML is not kept as JSON spans).
    struct Texts: Equatable, Sendable {
        var title: String?
        var subtitle: String?
        var properties: [Property]
    }

    /// One of a feature's properties, as text.
    package struct Property: Equatable, Sendable {
        /// The property's name.
        package let key: String
        /// Its value: strings as they are, numbers and booleans as written.
        package let value: String
    }

    /// A range of the file's bytes in 8 bytes rather than 16 (a pins file
    /// is at most 1 GB).
    struct ByteSpan: Equatable, Sendable {
        private let start: UInt32
        private let count: UInt32

        init(_ range: Range<Int>) {
            start = UInt32(range.lowerBound)
            count = UInt32(range.count)
        }

        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    /// A text value in the file: a JSON string (decoded when read) or a
    /// number (its text as written), or none.
    struct TextSpan: Equatable, Sendable {
        private let start: UInt32
        /// The high bit marks a number.
        private let count: UInt32
        private static let numberBit: UInt32 = 1 << 31

        init(_ value: FieldValue?) {
            switch value?.kind {
            case .string?:
                start = UInt32(value!.range.lowerBound)
                count = UInt32(value!.range.count)
            case .number?:
                start = UInt32(value!.range.lowerBound)
                count = UInt32(value!.range.count) | TextSpan.numberBit
            default:
                (start, count) = (0, 0)
            }
        }

        func text(in bytes: [UInt8]) -> String? {
            guard count != 0 else { return nil }
            let length = Int(count & ~TextSpan.numberBit)
            if count & TextSpan.numberBit != 0 {
                return String(decoding: bytes[Int(start)..<Int(start) + length], as: UTF8.self)
            }
            // Most strings hold no escape: their bytes between the quotes are the text.
            let inner = bytes[Int(start) + 1..<Int(start) + length - 1]
            if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
            var parser = JSONParser(bytes: bytes)
            parser.i = Int(start)
            return try? parser.string()
        }
    }

    /// What few features have, boxed: one reference where two strings, a
    /// priority and a mode would take 40 bytes in every feature.
    private final class Rare: Sendable {
        struct Fields: Equatable, Sendable {
            var calloutLayoutName: String?
            var clusterName: String?
            var displayPriority: DisplayPriority?
            var collisionMode = CollisionMode.rectangle
            /// Text read from elsewhere than JSON (a GPX waypoint's).
            var texts: Texts?
        }

        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }

        var calloutLayoutName: String? { fields.calloutLayoutName }
        var clusterName: String? { fields.clusterName }
        var displayPriority: DisplayPriority? { fields.displayPriority }
        var collisionMode: CollisionMode { fields.collisionMode }
    }
}
