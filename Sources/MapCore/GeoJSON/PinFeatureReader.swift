/// Reads the Point features of a parsed GeoJSON document, checking each one
/// and collecting warnings for what it skips.
struct PinFeatureReader {
    let file: String
    let bytes: [UInt8]
    private(set) var warnings: [String] = []
    /// Byte ranges of every element of "features", Point or not.
    private(set) var elementRanges: [Range<Int>] = []
    /// Where the "features" array's closing bracket is.
    private(set) var featuresEnd = 0

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    mutating func read(_ root: JSONNode) throws(PinFileError) -> [PinFeature] {
        guard case .object = root.value else {
            throw .notFeatureCollection(file: file, reason: "the document is \(root.kindDescription), not an object")
        }
        guard let type = root["type"] else {
            throw .notFeatureCollection(file: file, reason: "the top-level object has no \"type\"")
        }
        guard type.string == "FeatureCollection" else {
            let found = type.string.map { "\"\($0)\"" } ?? type.kindDescription
            throw .notFeatureCollection(file: file, reason: "the top-level \"type\" is \(found)")
        }
        guard let list = root["features"]?.elements else {
            let found = root["features"].map { "is \($0.kindDescription)" } ?? "is missing"
            throw .notFeatureCollection(file: file, reason: "\"features\" \(found), not an array")
        }
        var features: [PinFeature] = []
        var skipped: [String: Int] = [:]
        elementRanges = list.map(\.range)
        featuresEnd = (root["features"]?.range.upperBound ?? 1) - 1
        for (index, node) in list.enumerated() {
            guard case .object = node.value else {
                throw .badFeature(file: file, index: index, reason: "is \(node.kindDescription), not an object")
            }
            guard let geometry = node["geometry"], case .object = geometry.value else {
                skipped["no geometry", default: 0] += 1
                continue
            }
            guard geometry["type"]?.string == "Point" else {
                skipped[geometry["type"]?.string ?? "unknown type", default: 0] += 1
                continue
            }
            features.append(try feature(node, geometry: geometry, index: index))
        }
        if !skipped.isEmpty {
            let total = skipped.values.reduce(0, +)
            let kinds = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            warnings.append("\(file): skipped \(total) feature\(total == 1 ? "" : "s") that \(total == 1 ? "is" : "are") not a Point (\(kinds))")
        }
        return features
    }

    private mutating func feature(_ node: JSONNode, geometry: JSONNode, index: Int) throws(PinFileError) -> PinFeature {
        let (coordinate, lonRange, latRange) = try coordinates(geometry["coordinates"], index: index)
        let properties = node["properties"]
        func text(_ key: String) -> String? { properties?[key]?.string }
        var symbol = PinFeature.Symbol.pin(.red)
        if let color = properties?["marker-color"] {
            if let text = color.string, let pinColor = PinColor(markerColor: text) {
                symbol = .pin(pinColor)
            } else {
                warnings.append("\(file): feature \(index): marker-color \(display(color)) is not a colour; the pin stays red")
            }
        }
        if let marker = properties?["marker-symbol"]?.string, marker == "bullseye" {
            symbol = .bullseye
        }
        let draggable = flag("draggable", in: properties, index: index, default: true,
                             otherwise: "the pin stays draggable")
        let placemark = flag("placemark", in: properties, index: index, default: false,
                             otherwise: "the subtitle is not looked up")
        var layout: String?
        if let callout = properties?["callout"] {
            if let name = callout.string {
                layout = name
            } else {
                warnings.append("\(file): feature \(index): callout is \(callout.kindDescription), not a layout name; the pin shows the standard callout")
            }
        }
        var feature = PinFeature(index: index, id: identifier(node["id"]) ?? String(index), coordinate: coordinate,
                          title: text("title") ?? text("name"), subtitle: text("subtitle") ?? text("description"),
                          symbol: symbol, isDraggable: draggable, isPlacemark: placemark, calloutLayoutName: layout,
                          properties: propertyList(properties), longitudeRange: lonRange, latitudeRange: latRange,
                          elementRange: node.range, propertiesSlot: propertiesSlot(properties))
        if let cluster = properties?["cluster"] {
            if let name = cluster.string, !name.isEmpty {
                feature.clusterName = name
            } else {
                warnings.append("\(file): feature \(index): cluster is \(cluster.kindDescription), not a cluster name; the pin does not cluster")
            }
        }
        if let priority = properties?["priority"] {
            switch priority.value {
            case .string("required"): feature.displayPriority = .required
            case .string("high"): feature.displayPriority = .defaultHigh
            case .string("low"): feature.displayPriority = .defaultLow
            case .number(let value, _) where value >= 0 && value <= 1000: feature.displayPriority = DisplayPriority(Float(value))
            default:
                warnings.append("\(file): feature \(index): priority is \(priority.kindDescription), not required, high, low or a number from 0 to 1000; the default is used")
            }
        }
        if let collision = properties?["collision"] {
            switch collision.string {
            case "rectangle": feature.collisionMode = .rectangle
            case "circle": feature.collisionMode = .circle
            case "none": feature.collisionMode = .none
            default:
                warnings.append("\(file): feature \(index): collision is \(collision.kindDescription), not rectangle, circle or none; rectangle is used")
            }
        }
        return feature
    }

    /// A true-or-false property; anything else is warned about (saying what
    /// happens `otherwise`) and taken as the default.
    private mutating func flag(_ key: String, in properties: JSONNode?, index: Int, default fallback: Bool,
                               otherwise: String) -> Bool {
        guard let node = properties?[key] else { return fallback }
        if case .bool(let value) = node.value { return value }
        warnings.append("\(file): feature \(index): \(key) is \(node.kindDescription), not true or false; \(otherwise)")
        return fallback
    }

    /// Where a new first member of the properties object would go.
    private func propertiesSlot(_ properties: JSONNode?) -> PinFeature.PropertiesSlot? {
        guard let properties, case .object(let members) = properties.value else { return nil }
        return PinFeature.PropertiesSlot(offset: properties.range.lowerBound + 1, isEmpty: members.isEmpty)
    }

    private func coordinates(_ node: JSONNode?, index: Int) throws(PinFileError) -> (Coordinate, Range<Int>, Range<Int>) {
        func bad(_ reason: String) -> PinFileError { .badCoordinates(file: file, index: index, reason: reason) }
        guard let node else { throw bad("the Point has no \"coordinates\"") }
        guard let elements = node.elements else {
            throw bad("\"coordinates\" is \(node.kindDescription), expected [longitude, latitude]")
        }
        guard elements.count >= 2 else {
            throw bad("\"coordinates\" has \(elements.count) number\(elements.count == 1 ? "" : "s"), expected [longitude, latitude]")
        }
        var values: [Double] = []
        for (position, element) in elements.prefix(2).enumerated() {
            let name = position == 0 ? "longitude" : "latitude"
            guard case .number(let value, let text) = element.value else {
                throw bad("\(name) is \(element.kindDescription), expected a number")
            }
            guard value.isFinite else { throw bad("\(name) \(text) is not a finite number") }
            values.append(value)
        }
        let (longitude, latitude) = (values[0], values[1])
        guard (-180...180).contains(longitude) else {
            throw bad("longitude \(elements[0].numberText) is out of range (-180 to 180)")
        }
        guard (-90...90).contains(latitude) else {
            throw bad("latitude \(elements[1].numberText) is out of range (-90 to 90)")
        }
        return (Coordinate(latitude: latitude, longitude: longitude), elements[0].range, elements[1].range)
    }

    /// The properties as text; null ones are left out.
    private func propertyList(_ properties: JSONNode?) -> [PinFeature.Property] {
        guard case .object(let members)? = properties?.value else { return [] }
        return members.compactMap { member in
            switch member.value.value {
            case .null: return nil
            case .string(let text): return PinFeature.Property(key: member.key, value: text)
            default:
                return PinFeature.Property(key: member.key,
                                           value: String(decoding: bytes[member.value.range], as: UTF8.self))
            }
        }
    }

    /// A feature id as text: strings as they are, numbers as written.
    private func identifier(_ node: JSONNode?) -> String? {
        switch node?.value {
        case .string(let text): return text
        case .number(_, let text): return text
        default: return nil
        }
    }

    private func display(_ node: JSONNode) -> String {
        node.string.map { "\"\($0)\"" } ?? node.kindDescription
    }
}

private extension JSONNode {
    var numberText: String {
        if case .number(_, let text) = value { return text }
        return kindDescription
    }
}
