/// One Point feature of a pins file as the map shows it: where it is, its
/// text and its look, and where its coordinates sit in the file's bytes.
public struct PinFeature: Equatable, Sendable {
    public enum Symbol: Equatable, Sendable {
        case pin(PinColor)
        case bullseye
    }

    /// Position in the file's "features" array.
    public internal(set) var index: Int
    /// The feature's `id`, else its index, as text.
    public internal(set) var id: String
    /// True when the feature has no `id` and `id` is its index.
    var idIsIndex = false
    public let coordinate: Coordinate
    public let title: String?
    public let subtitle: String?
    public let symbol: Symbol
    public let isDraggable: Bool
    /// The feature's `placemark` property: its subtitle is the place name
    /// looked up from its coordinate.
    public let isPlacemark: Bool
    /// The custom callout layout the feature asks for (its `callout` property).
    public let calloutLayoutName: String?
    /// The feature's `cluster` property: pins naming the same cluster merge
    /// where they crowd.
    public var clusterName: String?
    /// The feature's `priority` property (`required`, `high`, `low` or a
    /// number from 0 to 1000); nil: the default for its clustering.
    public var displayPriority: DisplayPriority?
    /// The feature's `collision` property (`rectangle`, `circle`, `none`).
    public var collisionMode = CollisionMode.rectangle
    /// The cluster of every pin when `--cluster` is given.
    public static let defaultCluster = "pins"
    /// The feature's properties object as written, read again only when
    /// someone asks for `properties` (a callout, the details panel).
    let propertiesText: PropertiesText
    /// Byte ranges of the longitude and latitude numbers in the file.
    let longitudeRange: Range<Int>
    let latitudeRange: Range<Int>
    /// Where a member can be added to the feature's properties object; nil
    /// when it has none.
    let propertiesSlot: PropertiesSlot?

    /// Every property as text, in file order: strings as they are, other
    /// values as written in the file; null ones are left out.
    public var properties: [Property] { propertiesText.properties }

    struct PropertiesSlot: Equatable, Sendable {
        /// Just after the object's `{`.
        let offset: Int
        let isEmpty: Bool
    }

    public struct Property: Equatable, Sendable {
        public let key: String
        public let value: String
    }

    /// A properties object's bytes in the file (shared with the document,
    /// not copied); two are equal when their text is.
    struct PropertiesText: Equatable, Sendable {
        let bytes: [UInt8]
        let range: Range<Int>?

        static func == (a: PropertiesText, b: PropertiesText) -> Bool {
            switch (a.range, b.range) {
            case (nil, nil): true
            case (let x?, let y?): a.bytes[x] == b.bytes[y]
            default: false
            }
        }

        var properties: [Property] {
            guard let range else { return [] }
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
