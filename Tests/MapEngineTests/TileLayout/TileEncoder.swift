@testable import MapEngine

/// Writes Mapbox Vector Tiles by hand for the tests: the encoder the
/// decoder is checked against, byte for byte after the spec.
struct TileEncoder {
    struct Feature {
        var id: UInt64?
        var type: Int
        var properties: [(String, EncodedValue)]
        /// Raw geometry commands, as the spec writes them.
        var commands: [UInt32]
    }

    enum EncodedValue {
        case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool)
    }

    struct Layer {
        var name: String
        var extent: UInt64? = nil
        var features: [Feature]
    }

    static func encode(_ layers: [Layer]) -> [UInt8] {
        var tile: [UInt8] = []
        for layer in layers { field(3, bytes: encode(layer), into: &tile) }
        return tile
    }

    static func encode(_ layer: Layer) -> [UInt8] {
        var out: [UInt8] = []
        field(15, varint: 2, into: &out)
        field(1, bytes: Array(layer.name.utf8), into: &out)
        var keys: [String] = []
        var values: [[UInt8]] = []
        var featureBytes: [[UInt8]] = []
        for feature in layer.features {
            var tags: [UInt32] = []
            for (key, value) in feature.properties {
                let keyIndex = keys.firstIndex(of: key) ?? { keys.append(key); return keys.count - 1 }()
                let encoded = encodeValue(value)
                let valueIndex = values.firstIndex(of: encoded) ?? { values.append(encoded); return values.count - 1 }()
                tags += [UInt32(keyIndex), UInt32(valueIndex)]
            }
            var bytes: [UInt8] = []
            if let id = feature.id { field(1, varint: id, into: &bytes) }
            if !tags.isEmpty { field(2, bytes: packed(tags), into: &bytes) }
            field(3, varint: UInt64(feature.type), into: &bytes)
            field(4, bytes: packed(feature.commands), into: &bytes)
            featureBytes.append(bytes)
        }
        for bytes in featureBytes { field(2, bytes: bytes, into: &out) }
        for key in keys { field(3, bytes: Array(key.utf8), into: &out) }
        for value in values { field(4, bytes: value, into: &out) }
        if let extent = layer.extent { field(5, varint: extent, into: &out) }
        return out
    }

    static func encodeValue(_ value: EncodedValue) -> [UInt8] {
        var out: [UInt8] = []
        switch value {
        case .string(let text): field(1, bytes: Array(text.utf8), into: &out)
        case .float(let number):
            out += key(2, wire: 5)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { out += $0 }
        case .double(let number):
            out += key(3, wire: 1)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { out += $0 }
        case .int(let number): field(4, varint: UInt64(bitPattern: number), into: &out)
        case .uint(let number): field(5, varint: number, into: &out)
        case .sint(let number): field(6, varint: UInt64(bitPattern: (number << 1) ^ (number >> 63)), into: &out)
        case .bool(let flag): field(7, varint: flag ? 1 : 0, into: &out)
        }
        return out
    }

    /// Geometry commands for a list of parts: MoveTo the first point of
    /// each, LineTo the rest, ClosePath after each when `close`.
    static func commands(_ parts: [[(Int32, Int32)]], close: Bool = false) -> [UInt32] {
        var out: [UInt32] = []
        var x: Int32 = 0, y: Int32 = 0
        for part in parts {
            out.append(1 | (1 << 3))
            out += [zigzag(part[0].0 - x), zigzag(part[0].1 - y)]
            x = part[0].0; y = part[0].1
            if part.count > 1 {
                out.append(2 | UInt32(part.count - 1) << 3)
                for point in part.dropFirst() {
                    out += [zigzag(point.0 - x), zigzag(point.1 - y)]
                    x = point.0; y = point.1
                }
            }
            if close { out.append(7 | (1 << 3)) }
        }
        return out
    }

    // The wire format's pieces are the writer's own.
    static func zigzag(_ value: Int32) -> UInt32 { VectorTileWriter.zigzag(value) }
    static func key(_ field: UInt64, wire: UInt64) -> [UInt8] { VectorTileWriter.varint(field << 3 | wire) }
    static func varint(_ value: UInt64) -> [UInt8] { VectorTileWriter.varint(value) }
    static func field(_ number: UInt64, varint value: UInt64, into out: inout [UInt8]) {
        VectorTileWriter.field(number, varint: value, into: &out)
    }
    static func field(_ number: UInt64, bytes: [UInt8], into out: inout [UInt8]) {
        VectorTileWriter.field(number, bytes: bytes, into: &out)
    }
    static func packed(_ values: [UInt32]) -> [UInt8] { VectorTileWriter.packed(values) }
}
