import Testing
@testable import MapEngine

/// Broken and lying vector tiles, for the decoder's tests and the fuzzer.
enum HostileVectorTiles {
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    typealias E = TileEncoder

    static var good: [UInt8] {
        E.encode([.init(name: "roads", features: [
            .init(id: 1, type: 2, properties: [("class", .string("motorway"))],
                  commands: E.commands([[(0, 0), (100, 100), (200, 50)]])),
        ])])
    }

    static var all: [Sample] {
        let good = self.good
        var samples: [Sample] = [
            Sample(name: "truncated varint", bytes: [0x1A, 0xFF, 0xFF]),
            Sample(name: "cut in half", bytes: Array(good.prefix(good.count / 2))),
            Sample(name: "eleven-byte varint", bytes: [0x08] + Array(repeating: 0xFF, count: 11)),
            Sample(name: "group wire type", bytes: [0x1B, 0x00]),
            Sample(name: "layer without a name", bytes: { var t: [UInt8] = []; E.field(3, bytes: E.key(5, wire: 0) + [8], into: &t); return t }()),
            Sample(name: "extent zero", bytes: { var l = E.encode(E.Layer(name: "z", features: [])); l += E.key(5, wire: 0) + [0]; var t: [UInt8] = []; E.field(3, bytes: l, into: &t); return t }()),
        ]
        func feature(_ commands: [UInt32], type: Int = 2, properties: [(String, E.EncodedValue)] = []) -> [UInt8] {
            E.encode([.init(name: "x", features: [.init(type: type, properties: properties, commands: commands)])])
        }
        samples.append(Sample(name: "a billion vertices claimed", bytes: feature([1 | 1 << 3, 2, 2, 2 | 1_000_000_000 << 3, 2, 2])))
        samples.append(Sample(name: "commands past the end", bytes: feature([1 | 3 << 3, 2, 2])))
        samples.append(Sample(name: "unknown command", bytes: feature([5 | 1 << 3, 2, 2])))
        // A tag pointing at a key the layer lacks.
        var layer: [UInt8] = []
        E.field(1, bytes: Array("t".utf8), into: &layer)
        var featureBytes: [UInt8] = []
        E.field(2, bytes: E.packed([5, 0]), into: &featureBytes)
        E.field(2, bytes: featureBytes, into: &layer)
        var tile: [UInt8] = []
        E.field(3, bytes: layer, into: &tile)
        samples.append(Sample(name: "tag past the keys", bytes: tile))
        var odd: [UInt8] = []
        E.field(1, bytes: Array("t".utf8), into: &odd)
        var oddFeature: [UInt8] = []
        E.field(2, bytes: E.packed([0]), into: &oddFeature)
        E.field(2, bytes: oddFeature, into: &odd)
        E.field(3, bytes: Array("k".utf8), into: &odd)
        var oddTile: [UInt8] = []
        E.field(3, bytes: odd, into: &oddTile)
        samples.append(Sample(name: "odd number of tags", bytes: oddTile))
        return samples
    }
}
