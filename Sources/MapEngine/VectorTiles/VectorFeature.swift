/// One feature of a vector tile layer: its id, kind of geometry, properties,
/// and its geometry, decoded only when asked for.
///
///     if feature.type == .polygon, case .string(let name)? = feature["name"] { … }
///     for polygon in try feature.polygons() { … }   // exterior ring first, then holes
package struct VectorFeature: Sendable {
    /// The kinds of geometry MVT knows.
    package enum GeometryType: Int, Sendable {
        /// The MVT geometry types.
        case unknown = 0, point = 1, lineString = 2, polygon = 3

        /// The name a style's `$type` filter and `geometry-type` compare with.
        package var styleName: String {
            switch self {
            case .point: return "Point"
            case .lineString: return "LineString"
            case .polygon: return "Polygon"
            case .unknown: return "Unknown"
            }
        }
    }

    /// The feature's id, when the tile gives one.
    package let id: UInt64?
    /// Point, line or polygon.
    package let type: GeometryType
    /// The layer this feature belongs to.
    package let layer: String
    /// The box around the geometry in tile coordinates, found without
    /// building it, so a painter can pass over features far from its tile
    /// before any other work. Nil for a feature without points.
    package let bounds: Rect?
    private let tags: [UInt32]
    private let table: PropertyTable
    private let commands: [UInt32]

    /// Decodes a feature; a geometry type the spec does not know is read as
    /// `.unknown` (drawn by no layer) and noted in `problems`.
    init(decoding bytes: ArraySlice<UInt8>, table: PropertyTable, layer: String,
         problems: inout [String]) throws(VectorTileError) {
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
            case (3, .varint):
                let raw = try reader.varint()
                type = GeometryType(rawValue: Int(min(raw, 4))) ?? .unknown
                if raw > 3 {
                    let problem = "layer \"\(layer)\" has features of geometry type \(raw), which MVT does not know; they are left out"
                    if !problems.contains(problem) { problems.append(problem) }
                }
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
        self.bounds = VectorFeature.bounds(of: commands, type: type)
    }

    /// The box around the points the commands visit, or `everywhere` for
    /// commands `geometry()` cannot read (so the layer that would draw the
    /// feature reads them and says why not, rather than passing them over).
    private static func bounds(of commands: [UInt32], type: GeometryType) -> Rect? {
        var x: Int64 = 0, y: Int64 = 0
        var moved = false
        var minX = Int64.max, minY = Int64.max, maxX = Int64.min, maxY = Int64.min
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(commands[index] >> 3)
            index += 1
            guard command == 1 || command == 2 else {
                if command != 7 || type == .point || type == .unknown { return everywhere }
                continue
            }
            guard count <= (commands.count - index) / 2, command == 1 || moved else { return everywhere }
            moved = true
            for _ in 0..<count {
                x += Int64(zigzag(commands[index]))
                y += Int64(zigzag(commands[index + 1]))
                index += 2
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        guard cursorRange.contains(minX), cursorRange.contains(maxX), cursorRange.contains(minY), cursorRange.contains(maxY) else {
            return everywhere
        }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
    }

    /// The box of a feature whose commands are broken: it meets every tile,
    /// so whichever layer would draw it reads its geometry and says why not.
    static let everywhere = Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)

    /// The value of a property, or nil when the feature lacks it.
    package subscript(key: String) -> FeatureValue? {
        guard let wanted = table.keyIndex[key] else { return nil }
        var pair = 0
        while pair < tags.count {
            if tags[pair] == wanted { return table.values[Int(tags[pair + 1])] }
            pair += 2
        }
        return nil
    }

    /// Every property, for a scene dump or a debugger.
    package var properties: [String: FeatureValue] {
        var result: [String: FeatureValue] = [:]
        for pair in stride(from: 0, to: tags.count, by: 2) {
            result[table.keys[Int(tags[pair])]] = table.values[Int(tags[pair + 1])]
        }
        return result
    }

    /// The geometry's parts in tile coordinates (0 to the layer's extent,
    /// y down): one part per point, line or ring. Rings are closed (their
    /// last point repeats the first).
    package func geometry() throws(VectorTileError) -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        var x: Int64 = 0
        var y: Int64 = 0
        var index = 0
        var moved = false
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(commands[index] >> 3)
            index += 1
            switch command {
            case 1, 2:  // MoveTo, LineTo
                guard count <= (commands.count - index) / 2 else {
                    throw .malformed("a feature of layer \"\(layer)\" claims \(count) points where \((commands.count - index) / 2) are left")
                }
                guard command == 1 || moved else {
                    throw .malformed("a feature of layer \"\(layer)\" draws a line (LineTo) before it moves anywhere (MoveTo)")
                }
                moved = true
                for _ in 0..<count {
                    x += Int64(VectorFeature.zigzag(commands[index]))
                    y += Int64(VectorFeature.zigzag(commands[index + 1]))
                    index += 2
                    // The spec's cursor is a 32-bit integer: a file whose deltas run past it is broken.
                    guard VectorFeature.cursorRange.contains(x), VectorFeature.cursorRange.contains(y) else {
                        throw .malformed("a feature of layer \"\(layer)\" moves its cursor past 2^31")
                    }
                    if command == 1 {
                        if type != .point, !current.isEmpty { parts.append(current); current = [] }
                        if type == .point { parts.append([Point(x: Double(x), y: Double(y))]); continue }
                    }
                    current.append(Point(x: Double(x), y: Double(y)))
                }
            case 7:  // ClosePath
                guard type == .polygon || type == .lineString else {
                    throw .malformed("a \(type == .point ? "point" : "feature of no known type") of layer \"\(layer)\" closes a path (ClosePath)")
                }
                if let first = current.first { current.append(first) }
            default:
                throw .malformed("a feature of layer \"\(layer)\" has an unknown geometry command \(command)")
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// Where the spec's 32-bit cursor may go.
    static let cursorRange = Int64(Int32.min)...Int64(Int32.max)

    /// A polygon feature's rings grouped into polygons, each its exterior
    /// ring first and then its holes. Rings are told apart by winding, the
    /// first ring's winding marking exteriors (as MapLibre reads them);
    /// rings of fewer than three distinct points or no area are dropped.
    package func polygons() throws(VectorTileError) -> [[[Point]]] {
        var dropped = 0
        return try polygons(dropped: &dropped)
    }

    /// The polygons, counting in `dropped` the rings left out for having
    /// fewer than three points (a ring of no area, which tile makers leave
    /// where a small island rounds to a line, is left out without counting).
    func polygons(dropped: inout Int) throws(VectorTileError) -> [[[Point]]] {
        let rings = try geometry()
        let closed = rings.filter { $0.count >= 4 }
        dropped += rings.count - closed.count
        return PlaneGeometry.polygons(closed)
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
