/// Writes Mapbox Vector Tiles (version 2.1): layers of features with ids,
/// properties and geometry in tile coordinates. Keys and values are shared
/// within a layer, as the spec intends.
///
///     var layer = VectorTileWriter.Layer(name: "water")
///     layer.add(.polygon, geometry: [ring], properties: ["class": .string("lake")])
///     let bytes = VectorTileWriter.encode([layer])
package enum VectorTileWriter {
    /// One layer being written.
    package struct Layer: Sendable {
        /// The layer's name.
        package let name: String
        /// Coordinates run from 0 to this across the tile.
        package let extent: Int
        private var keys: [String] = []
        private var keyIndex: [String: Int] = [:]
        private var values: [FeatureValue] = []
        private var valueIndex: [FeatureValue: Int] = [:]
        private(set) var features: [[UInt8]] = []

        /// An empty layer.
        package init(name: String, extent: Int = 4096) {
            self.name = name
            self.extent = extent
        }

        /// Adds a feature. Points: one point per part; lines: each part a
        /// polyline; polygons: each part a ring (exteriors clockwise on
        /// screen, holes anticlockwise), closed or not.
        package mutating func add(_ type: VectorFeature.GeometryType, geometry: [[Point]],
                                 properties: [String: FeatureValue] = [:], id: UInt64? = nil) {
            var tags: [UInt32] = []
            for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                let k = keyIndex[key] ?? { keys.append(key); keyIndex[key] = keys.count - 1; return keys.count - 1 }()
                let v = valueIndex[value] ?? { values.append(value); valueIndex[value] = values.count - 1; return values.count - 1 }()
                tags += [UInt32(k), UInt32(v)]
            }
            var out: [UInt8] = []
            if let id { VectorTileWriter.field(1, varint: id, into: &out) }
            if !tags.isEmpty { VectorTileWriter.field(2, bytes: VectorTileWriter.packed(tags), into: &out) }
            VectorTileWriter.field(3, varint: UInt64(type.rawValue), into: &out)
            VectorTileWriter.field(4, bytes: VectorTileWriter.packed(VectorTileWriter.commands(type, geometry)), into: &out)
            features.append(out)
        }

        func encoded() -> [UInt8] {
            var out: [UInt8] = []
            VectorTileWriter.field(15, varint: 2, into: &out)
            VectorTileWriter.field(1, bytes: Array(name.utf8), into: &out)
            for feature in features { VectorTileWriter.field(2, bytes: feature, into: &out) }
            for key in keys { VectorTileWriter.field(3, bytes: Array(key.utf8), into: &out) }
            for value in values { VectorTileWriter.field(4, bytes: VectorTileWriter.encode(value), into: &out) }
            VectorTileWriter.field(5, varint: UInt64(extent), into: &out)
            return out
        }
    }

    /// The tile's bytes (uncompressed).
    package static func encode(_ layers: [Layer]) -> [UInt8] {
        var tile: [UInt8] = []
        for layer in layers { field(3, bytes: layer.encoded(), into: &tile) }
        return tile
    }

    static func commands(_ type: VectorFeature.GeometryType, _ parts: [[Point]]) -> [UInt32] {
        var out: [UInt32] = []
        var x: Int32 = 0, y: Int32 = 0
        func delta(_ p: Point) -> [UInt32] {
            let px = Int32(p.x.rounded()), py = Int32(p.y.rounded())
            defer { x = px; y = py }
            return [zigzag(px - x), zigzag(py - y)]
        }
        if type == .point {
            let points = parts.compactMap(\.first)
            guard !points.isEmpty else { return [] }
            out.append(1 | UInt32(points.count) << 3)
            for point in points { out += delta(point) }
            return out
        }
        for part in parts {
            var points = part
            if type == .polygon, points.count > 1, points.first == points.last { points.removeLast() }
            guard let first = points.first, points.count >= (type == .polygon ? 3 : 2) else { continue }
            out.append(1 | 1 << 3)
            out += delta(first)
            out.append(2 | UInt32(points.count - 1) << 3)
            for point in points.dropFirst() { out += delta(point) }
            if type == .polygon { out.append(7 | 1 << 3) }
        }
        return out
    }

    static func encode(_ value: FeatureValue) -> [UInt8] {
        var out: [UInt8] = []
        switch value {
        case .string(let text): field(1, bytes: Array(text.utf8), into: &out)
        case .bool(let flag): field(7, varint: flag ? 1 : 0, into: &out)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 {
                let integer = Int64(number)
                field(6, varint: UInt64(bitPattern: (integer << 1) ^ (integer >> 63)), into: &out)
            } else {
                out += varint(3 << 3 | 1)
                for i in 0..<8 { out.append(UInt8((number.bitPattern >> (8 * UInt64(i))) & 0xFF)) }
            }
        }
        return out
    }

    static func zigzag(_ value: Int32) -> UInt32 { UInt32(bitPattern: (value << 1) ^ (value >> 31)) }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 { out.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
        out.append(UInt8(value))
        return out
    }

    static func field(_ number: UInt64, varint value: UInt64, into out: inout [UInt8]) {
        out += varint(number << 3) + varint(value)
    }

    static func field(_ number: UInt64, bytes: [UInt8], into out: inout [UInt8]) {
        out += varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes
    }

    static func packed(_ values: [UInt32]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 2)
        for value in values { out += varint(UInt64(value)) }
        return out
    }
}
