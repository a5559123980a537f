/// One Point feature of a pins file as the map shows it: where it is, its
/// text and its look, and where its coordinates sit in the file's bytes.
public struct PinFeature: Equatable, Sendable {
    public enum Symbol: Equatable, Sendable {
        case pin(PinColor)
        case bullseye
    }

    /// The feature's `id`, else its index, as text.
    public internal(set) var id: String
    public let coordinate: Coordinate
    public let title: String?
    public let subtitle: String?
    /// The custom callout layout the feature asks for (its `callout` property).
    public let calloutLayoutName: String?
    /// The feature's `cluster` property: pins naming the same cluster merge
    /// where they crowd.
    public var clusterName: String?
    /// The feature's properties object as written, read again only when
    /// someone asks for `properties` (a callout, the details panel).
    let propertiesText: PropertiesText
    /// Where the longitude and latitude numbers are in the file.
    private let longitudeSpan: ByteSpan
    private let latitudeSpan: ByteSpan
    /// Position in the file's "features" array.
    private var position: Int32
    public let symbol: Symbol
    /// The feature's `priority` property (`required`, `high`, `low` or a
    /// number from 0 to 1000); nil: the default for its clustering.
    public var displayPriority: DisplayPriority?
    /// The feature's `collision` property (`rectangle`, `circle`, `none`).
    public var collisionMode = CollisionMode.rectangle
    public let isDraggable: Bool
    /// The feature's `placemark` property: its subtitle is the place name
    /// looked up from its coordinate.
    public let isPlacemark: Bool
    /// True when the feature has no `id` and `id` is its index.
    var idIsIndex = false
    /// True when its properties object has no member.
    private let propertiesAreEmpty: Bool
    /// The cluster of every pin when `--cluster` is given.
    public static let defaultCluster = "pins"

    init(index: Int, id: String, coordinate: Coordinate, title: String?, subtitle: String?, symbol: Symbol,
         isDraggable: Bool, isPlacemark: Bool, calloutLayoutName: String?, bytes: [UInt8],
         properties: Range<Int>?, propertiesAreEmpty: Bool, longitudeRange: Range<Int>, latitudeRange: Range<Int>) {
        self.id = id
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.calloutLayoutName = calloutLayoutName
        propertiesText = PropertiesText(bytes: bytes, span: properties.map(ByteSpan.init))
        longitudeSpan = ByteSpan(longitudeRange)
        latitudeSpan = ByteSpan(latitudeRange)
        position = Int32(index)
        self.symbol = symbol
        self.isDraggable = isDraggable
        self.isPlacemark = isPlacemark
        self.propertiesAreEmpty = propertiesAreEmpty
    }

    /// Position in the file's "features" array.
    public internal(set) var index: Int {
        get { Int(position) }
        set { position = Int32(newValue) }
    }

    /// Byte ranges of the longitude and latitude numbers in the file.
    var longitudeRange: Range<Int> { longitudeSpan.range }
    var latitudeRange: Range<Int> { latitudeSpan.range }

    /// Where a member can be added to the feature's properties object; nil
    /// when it has none.
    var propertiesSlot: PropertiesSlot? {
        propertiesText.span.map { PropertiesSlot(offset: $0.range.lowerBound + 1, isEmpty: propertiesAreEmpty) }
    }

    /// Every property as text, in file order: strings as they are, other
    /// values as written in the file; null ones are left out.
    public var properties: [Property] { propertiesText.properties }

    struct PropertiesSlot: Equatable, Sendable {
        /// Just after the object's `{`.
        let offset: Int
        let isEmpty: Bool
    }

    /// A range of the file's bytes in 8 bytes rather than 16 (a pins file
    /// is at most 1 GB): a pin keeps three.
    struct ByteSpan: Equatable, Sendable {
        private let start: UInt32
        private let count: UInt32

        init(_ range: Range<Int>) {
            start = UInt32(range.lowerBound)
            count = UInt32(range.count)
        }

        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    public struct Property: Equatable, Sendable {
        public let key: String
        public let value: String
    }

    /// A properties object's bytes in the file (shared with the document,
    /// not copied); two are equal when their text is.
    struct PropertiesText: Equatable, Sendable {
        let bytes: [UInt8]
        let span: ByteSpan?

        static func == (a: PropertiesText, b: PropertiesText) -> Bool {
            switch (a.span, b.span) {
            case (nil, nil): true
            case (let x?, let y?): a.bytes[x.range] == b.bytes[y.range]
            default: false
            }
        }

        var properties: [Property] {
            guard let range = span?.range else { return [] }
            var parser = JSONParser(bytes: bytes)
            parser.i = range.lowerBound
            guard case .object(let members)? = try? parser.value().value else { return [] }
            return members.compactMap { member in
                switch member.value.value {
                case .null: return nil
                case .string(let text): return Property(key: member.key, value: text)
                default: return Property(key: member.key, value: String(decoding: bytes[member.value.range], as: UTF8.self))
                }
            }
        }
    }
}
