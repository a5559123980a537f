/// One feature of a vector tile layer: its id, kind of geometry, properties,
/// and its geometry, decoded only when asked for.
///
///     if feature.type == .polygon, case .string(let name)? = feature["name"] { … }
///     for polygon in try feature.polygons() { … }   // exterior ring first, then holes
public struct VectorFeature: Sendable {
    /// The kinds of geometry MVT knows.
    public enum GeometryType: Int, Sendable {
        /// The MVT geometry types.
        case unknown = 0, point = 1, lineString = 2, polygon = 3

        /// The name a style's `$type` filter and `geometry-type` compare with.
        public var styleName: String {
            switch self {
            case .point: return "Point"
            case .lineString: return "LineString"
            case .polygon: return "Polygon"
            case .unknown: return "Unknown"
            }
        }
    }

    /// The feature's id, when the tile gives one.
    public let id: UInt64?
    /// Point, line or polygon.
    public let type: GeometryType
    /// The layer this feature belongs to.
    public let layer: String
    /// The box around the geometry in tile coordinates, found without
    /// building it, so a painter can pass over features far from its tile
    /// before any other work. Nil for a feature without points.
    public let bounds: Rect?
    private let tags: [UInt32]
    private let table: PropertyTable
    private let commands: [UInt32]

    init(decoding bytes: ArraySlice<UInt8>, table: PropertyTable, layer: String) throws(VectorTileError) {
        var reader = ProtobufReader(bytes)
        var id: UInt64?
        var type = GeometryType.unknown
        var tags: [UInt32] = []
        var commands: [UInt32] = []
        let limit = bytes.count
        while let (field, wire) = try reader.nextField() {
            switch (field, wire) {
            case (1, .varint): id = try reader.varint()
            case (2, .lengthDelimited): tags = try reader.packedVarints(limit: limit)
            case (3, .varint): type = GeometryType(rawValue: Int(min(try reader.varint(), 4))) ?? .unknown
            case (4, .lengthDelimited): commands = try reader.packedVarints(limit: limit)
            default: try reader.skip(wire)
            }
        }
        guard tags.count % 2 == 0 else { throw .malformed("a feature of layer \"\(layer)\" has an odd number of tags") }
        for pair in stride(from: 0, to: tags.count, by: 2)
        where Int(tags[pair]) >= table.keys.count || Int(tags[pair + 1]) >= table.values.count {
            throw .malformed("a feature of layer \"\(layer)\" names a key or value the layer lacks")
        }
        self.id = id
        self.type = type
        self.layer = layer
        self.tags = tags
        self.table = table
        self.commands = commands
        self.bounds = VectorFeature.bounds(of: commands)
    }

    /// The box around the points the commands visit; commands that run past
    /// the end are read as far as they go (`geometry()` reports them).
    private static func bounds(of commands: [UInt32]) -> Rect? {
        var x: Int64 = 0, y: Int64 = 0
        var minX = Int64.max, minY = Int64.max, maxX = Int64.min, maxY = Int64.min
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(commands[index] >> 3)
            index += 1
            guard command == 1 || command == 2 else { continue }
            for _ in 0..<min(count, (commands.count - index) / 2) {
                x += Int64(zigzag(commands[index]))
                y += Int64(zigzag(commands[index + 1]))
                index += 2
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
    }

    /// The value of a property, or nil when the feature lacks it.
    public subscript(key: String) -> FeatureValue? {
        guard let wanted = table.keyIndex[key] else { return nil }
        var pair = 0
        while pair < tags.count {
            if tags[pair] == wanted { return table.values[Int(tags[pair + 1])] }
            pair += 2
        }
        return nil
    }

    /// Every property, for a scene dump or a debugger.
    public var properties: [String: FeatureValue] {
        var result: [String: FeatureValue] = [:]
        for pair in stride(from: 0, to: tags.count, by: 2) {
            result[table.keys[Int(tags[pair])]] = table.values[Int(tags[pair + 1])]
        }
        return result
    }

    /// The geometry's parts in tile coordinates (0 to the layer's extent,
    /// y down): one part per point, line or ring. Rings are closed (their
    /// last point repeats the first).
    public func geometry() throws(VectorTileError) -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        var x: Int64 = 0
        var y: Int64 = 0
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(commands[index] >> 3)
            index += 1
            switch command {
            case 1, 2:  // MoveTo, LineTo
                guard count <= (commands.count - index) / 2 else {
                    throw .malformed("a feature of layer \"\(layer)\" claims \(count) points where \((commands.count - index) / 2) are left")
                }
                for _ in 0..<count {
                    x += Int64(VectorFeature.zigzag(commands[index]))
                    y += Int64(VectorFeature.zigzag(commands[index + 1]))
                    index += 2
                    if command == 1 {
                        if type != .point, !current.isEmpty { parts.append(current); current = [] }
                        if type == .point { parts.append([Point(x: Double(x), y: Double(y))]); continue }
                    }
                    current.append(Point(x: Double(x), y: Double(y)))
                }
            case 7:  // ClosePath
                if let first = current.first { current.append(first) }
            default:
                throw .malformed("a feature of layer \"\(layer)\" has an unknown geometry command \(command)")
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// A polygon feature's rings grouped into polygons, each its exterior
    /// ring first and then its holes. Rings are told apart by winding, the
    /// first ring's winding marking exteriors (as MapLibre reads them);
    /// rings of fewer than three distinct points or no area are dropped.
    public func polygons() throws(VectorTileError) -> [[[Point]]] {
        var polygons: [[[Point]]] = []
        var exteriorSign = 0.0
        for ring in try geometry() where ring.count >= 4 {
            let area = VectorFeature.signedArea(ring)
            guard area != 0 else { continue }
            if exteriorSign == 0 { exteriorSign = area < 0 ? -1 : 1 }
            if area * exteriorSign > 0 || polygons.isEmpty {
                polygons.append([ring])
            } else {
                polygons[polygons.count - 1].append(ring)
            }
        }
        return polygons
    }

    static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for point in ring {
            sum += (previous.x - point.x) * (previous.y + point.y)
            previous = point
        }
        return sum / 2
    }

    private static func zigzag(_ value: UInt32) -> Int32 {
        Int32(bitPattern: value >> 1) ^ -Int32(bitPattern: value & 1)
    }
}
