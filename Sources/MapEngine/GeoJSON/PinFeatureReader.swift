/// Reads the Point features of a GeoJSON document in one pass over its
/// bytes, checking every byte as strictly as `JSONParser` does but keeping
/// only what a pin needs: no tree of the document is built, so a 100 MB
/// file costs its pins, not ten times its size. Syntax errors are reported
/// first, wherever they are, as a full parse would; then what is not a
/// FeatureCollection; then the first feature that cannot be read.
package struct PinFeatureReader {
    let file: String
    let bytes: [UInt8]
    var json: JSONParser
    /// Files larger than this are read in two halves at once (see
    /// `PinFeatureReader+Halves`).
    let halvesAbove: Int
    package private(set) var warnings: [String] = []
    /// What each feature's properties could not give, by feature index.
    var notes: [(index: Int, text: String)] = []
    /// Byte ranges of every element of "features", Point or not.
    package var elementRanges = ByteRanges()
    /// Where the "features" array's closing bracket is.
    package var featuresEnd = 0
    var features: [PinFeature] = []
    var skipped: [String: Int] = [:]
    /// The features that are lines or areas: their index and bytes, read once the file is known good.
    var shapeElements: [(index: Int, range: Range<Int>)] = []
    /// Those features read.
    package private(set) var shapes: [ShapeFeature] = []
    /// The first feature that cannot be read; reported once the whole file
    /// is known to be JSON and a FeatureCollection.
    var failure: PinFileError?

    package init(file: String, bytes: [UInt8], halvesAbove: Int = 4 << 20) {
        self.file = file
        self.bytes = bytes
        self.halvesAbove = halvesAbove
        json = JSONParser(bytes: bytes)
    }

    package mutating func read() throws(PinFileError) -> [PinFeature] {
        let root: Root
        do throws(JSONSyntaxError) {
            root = try self.root()
            json.skipSpace()
            guard json.i == bytes.count else {
                throw json.error("unexpected \(json.describeHere()) after the end of the document")
            }
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        try check(root)
        if let failure { throw failure }
        shapes.reserveCapacity(shapeElements.count)
        var saidWrapped = false
        for element in shapeElements {
            let shape = try ShapeFeature.read(bytes, range: element.range, file: file, index: element.index)
            shapes.append(shape)
            notes += shape.notes.map { (element.index, $0) }
            // Longitudes past ±180 are said once per file, however many shapes have them.
            if let longitude = shape.wrappedLongitude, !saidWrapped {
                saidWrapped = true
                notes.append((element.index, ShapeGeometryReader.wrappedNote(longitude)))
            }
        }
        warnings = notes.map { "\(file): feature \($0.index): \($0.text)" }
        if !skipped.isEmpty {
            let total = skipped.values.reduce(0, +)
            let kinds = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            warnings.append("\(file): skipped \(total) feature\(total == 1 ? "" : "s") that \(total == 1 ? "is" : "are") not a Point (\(kinds))")
        }
        if let offset = json.firstLoneSurrogate {
            let (line, column) = TextPosition(offset: offset, in: bytes).pair
            warnings.append("\(file):\(line):\(column): a \\u escape of half a character (a lone surrogate); read as \u{FFFD}")
        }
        return features
    }

    /// What the top level holds: its "type" and its "features" (the last
    /// of each, as a repeated key means), or what it is when not an object.
    private struct Root {
        var kind: String?
        var type: FieldValue?
        var features: FieldValue?
    }

    /// Reads the top-level value, and the features as it meets them.
    private mutating func root() throws(JSONSyntaxError) -> Root {
        json.skipSpace()
        guard json.peek(UInt8(ascii: "{")) else {
            let kind = json.i < bytes.count ? FieldValue.kind(of: bytes[json.i]) : ""
            try json.skipValue()
            return Root(kind: kind)
        }
        var root = Root()
        try json.openObject()
        var first = true
        while let key = try json.nextKey(&first) {
            if key.is("type", in: bytes) {
                root.type = try scalar()
            } else if key.is("features", in: bytes) {
                let start = json.i
                if json.peek(UInt8(ascii: "[")) {
                    try readFeatures()
                    root.features = FieldValue(kind: .array, range: start..<json.i)
                } else {
                    root.features = try scalar()
                }
            } else {
                try json.skipValue()
            }
        }
        return root
    }

    /// What is not a FeatureCollection, in the order a reader looks.
    private func check(_ root: Root) throws(PinFileError) {
        if let kind = root.kind {
            throw .notFeatureCollection(file: file, reason: "the document is \(kind), not an object")
        }
        guard let type = root.type else {
            throw .notFeatureCollection(file: file, reason: "the top-level object has no \"type\"")
        }
        guard type.isString("FeatureCollection", in: bytes) else {
            let found = type.text(in: bytes).map { "\"\($0)\"" } ?? type.kindDescription
            throw .notFeatureCollection(file: file, reason: "the top-level \"type\" is \(found)")
        }
        guard let list = root.features, case .array = list.kind else {
            let found = root.features.map { "is \($0.kindDescription)" } ?? "is missing"
            throw .notFeatureCollection(file: file, reason: "\"features\" \(found), not an array")
        }
    }

    /// The "features" array; a repeated "features" key starts over.
    private mutating func readFeatures() throws(JSONSyntaxError) {
        features = []
        notes = []
        elementRanges = ByteRanges()
        skipped = [:]
        failure = nil
        let secondHalf = bytes.count > halvesAbove ? SecondHalf(of: self) : nil
        try json.openArray()
        var first = true
        try readElements(first: &first, secondHalf: secondHalf)
    }

    /// The elements of the "features" array from here to its end: with a
    /// second half read meanwhile, this one stops where that one began.
    mutating func readElements(first: inout Bool, secondHalf: SecondHalf? = nil) throws(JSONSyntaxError) {
        var index = elementRanges.count
        let firstIndex = index
        var firstStart: Int?
        while try json.nextElement(&first) {
            let start = json.i
            if index - firstIndex == PinFeatureReader.sampled, let firstStart {
                reserveRoom(sampledBytes: start - firstStart)
            }
            firstStart = firstStart ?? start
            if let secondHalf, start == secondHalf.start, let half = secondHalf.result() {
                join(half, at: index)
                return
            }
            if failure != nil {
                try json.skipValue()  // checked, not read: the file is refused
            } else if json.peek(UInt8(ascii: "{")) {
                let fields = try featureFields()
                if failure == nil { take(fields, index: index, range: start..<json.i) }
            } else {
                try json.skipValue()
                let kind = FieldValue.kind(of: bytes[start])
                failure = .badFeature(file: file, index: index, reason: "is \(kind), not an object")
            }
            elementRanges.append(start..<json.i)
            index += 1
        }
        featuresEnd = json.i - 1
    }

    /// How many elements are read before the lists are sized for the rest.
    static let sampled = 64

    /// Sizes the lists for the whole array, guessed from the bytes the
    /// first `sampled` elements took: grown by doubling instead, they would
    /// be copied a dozen times and could end with twice the room they need.
    /// A guess too small only means growing as before.
    private mutating func reserveRoom(sampledBytes: Int) {
        let perElement = max(1, sampledBytes / PinFeatureReader.sampled)
        let elements = (bytes.count - json.i) / perElement
        let expected = elementRanges.count + elements + elements / 16
        features.reserveCapacity(features.count + expected - elementRanges.count)
        elementRanges.reserveCapacity(expected)
    }

    /// The geometry types drawn as overlays.
    static let shapeTypes: Set<String> = ["LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]

    /// A Point becomes a pin, a line or area a shape; other features are counted as skipped.
    private mutating func take(_ fields: FeatureFields, index: Int, range: Range<Int>) {
        guard let geometry = fields.geometry else {
            skipped["no geometry", default: 0] += 1
            return
        }
        guard geometry.type?.isString("Point", in: bytes) == true else {
            let type = geometry.type?.text(in: bytes) ?? "unknown type"
            if PinFeatureReader.shapeTypes.contains(type) {
                shapeElements.append((index, range))
            } else {
                skipped[type, default: 0] += 1
            }
            return
        }
        var builder = PinFeatureBuilder(file: file, bytes: bytes, index: index)
        do {
            features.append(try builder.feature(fields, geometry: geometry))
            notes += builder.notes.map { (index, $0) }
        } catch {
            failure = error
        }
    }

    /// The members of one feature object that make a pin.
    private mutating func featureFields() throws(JSONSyntaxError) -> FeatureFields {
        var fields = FeatureFields()
        try json.openObject()
        var first = true
        while let key = try json.nextKey(&first) {
            if key.is("geometry", in: bytes) {
                fields.geometry = try geometry()
            } else if key.is("properties", in: bytes) {
                fields.properties = try properties()
            } else if key.is("id", in: bytes) {
                fields.id = try scalar()
            } else {
                try json.skipValue()
            }
        }
        return fields
    }

    /// A geometry object's type and coordinates; nil when it is not an object.
    private mutating func geometry() throws(JSONSyntaxError) -> FeatureFields.Geometry? {
        guard json.peek(UInt8(ascii: "{")) else {
            try json.skipValue()
            return nil
        }
        var geometry = FeatureFields.Geometry()
        try json.openObject()
        var first = true
        while let key = try json.nextKey(&first) {
            if key.is("type", in: bytes) {
                geometry.type = try scalar()
            } else if key.is("coordinates", in: bytes) {
                geometry.coordinates = try coordinates()
            } else {
                try json.skipValue()
            }
        }
        return geometry
    }

    /// The first two elements of a coordinates array and how many it has.
    private mutating func coordinates() throws(JSONSyntaxError) -> FeatureFields.Coordinates {
        let start = json.i
        guard json.peek(UInt8(ascii: "[")) else {
            return FeatureFields.Coordinates(value: try scalar())
        }
        var coordinates = FeatureFields.Coordinates(value: FieldValue(kind: .array, range: start..<start))
        try json.openArray()
        var first = true
        while try json.nextElement(&first) {
            if coordinates.count < 2 {
                coordinates.elements[coordinates.count] = try scalar()
            } else {
                try json.skipValue()
            }
            coordinates.count += 1
        }
        return coordinates
    }

    /// The properties a pin reads (the last of each name); nil when they
    /// are not an object.
    private mutating func properties() throws(JSONSyntaxError) -> FeatureFields.Properties? {
        let start = json.i
        guard json.peek(UInt8(ascii: "{")) else {
            try json.skipValue()
            return nil
        }
        var properties = FeatureFields.Properties(start: start)
        try json.openObject()
        var first = true
        while let key = try json.nextKey(&first) {
            properties.isEmpty = false
            if let name = FeatureFields.Properties.Name(key, in: bytes) {
                properties.values[name.rawValue] = try scalar()
            } else {
                try json.skipValue()
            }
        }
        properties.range = start..<json.i
        return properties
    }

    /// The value here: strings, numbers and literals as they are; objects
    /// and arrays (checked and stepped over) by their kind.
    private mutating func scalar() throws(JSONSyntaxError) -> FieldValue {
        let start = json.i
        guard start < bytes.count else { throw json.error("unexpected end of file, expected a value") }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            let key = try json.keyHere()
            return FieldValue(kind: .string(escaped: key.escaped != nil), range: start..<json.i)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try json.numberRange()
            let value = JSONParser.number(in: bytes, range)
                ?? Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan
            return FieldValue(kind: .number(value), range: range)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            let node = try json.value()
            return FieldValue(kind: .bool(node.value.isTrue), range: node.range)
        case UInt8(ascii: "n"):
            let node = try json.value()
            return FieldValue(kind: .null, range: node.range)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try json.skipValue()
            return FieldValue(kind: bytes[start] == UInt8(ascii: "{") ? .object : .array, range: start..<json.i)
        default:
            _ = try json.value()  // says what is wrong
            return FieldValue(kind: .null, range: start..<json.i)
        }
    }
}

private extension JSONNode.Value {
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}
