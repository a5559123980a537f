import Foundation
import Testing
@testable import MapEngine

/// Vector tiles whose geometry or layers break the spec in ways the framing
/// does not show: each tile still draws what it can, and the drawing names
/// what was left out (the loader says it once, naming the tile), so nothing
/// is dropped in silence. A seeded mutator of command streams checks that no
/// geometry crashes, hangs or goes unreported.
@Suite struct MVTGeometryTests {
    typealias E = TileEncoder

    static let layout = VectorTileLayout(style: try! MapStyle(bytes: Array(VectorTileLayoutTests.style.utf8), file: "t.json"),
                                         source: "v", dataLevels: 0...6)

    static func drawing(_ bytes: [UInt8]) throws -> TileDrawing {
        let tile = try VectorTile(bytes: bytes)
        return layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
    }

    /// A road whose commands are `commands`, beside a good one.
    static func roads(_ commands: [UInt32], type: Int = 2) -> [UInt8] {
        E.encode([.init(name: "roads", features: [
            .init(type: 2, properties: [], commands: E.commands([[(0, 100), (4096, 100)]])),
            .init(type: type, properties: [], commands: commands),
        ])])
    }

    static let cases: [(String, [UInt8], String)] = [
        ("a count of 2^29", roads([1 | 1 << 3, 2, 2, 2 | (1 << 29 - 1) << 3, 2, 2]), "claims 536870911 points where 1 are left"),
        ("an unknown command", roads([1 | 1 << 3, 2, 2, 4 | 1 << 3, 2, 2]), "unknown geometry command 4"),
        ("LineTo before MoveTo", roads([2 | 2 << 3, 2, 2, 4, 4]), "draws a line (LineTo) before it moves anywhere"),
        ("ClosePath on a point", E.encode([.init(name: "places", features: [
            .init(type: 1, properties: [("name", .string("x"))], commands: [1 | 1 << 3, 200, 200, 7 | 1 << 3]),
        ])]), "a point of layer \"places\" closes a path"),
        ("a ring of two points", E.encode([.init(name: "areas", features: [
            .init(type: 3, properties: [("class", .string("park"))], commands: [1 | 1 << 3, 2, 2, 2 | 1 << 3, 100, 0, 7 | 1 << 3]),
        ])]), "has a ring of fewer than 3 points"),
        ("a cursor past 2^31", roads([1 | 1 << 3, E.zigzag(Int32.max), 0, 2 | 2 << 3, E.zigzag(Int32.max), 0, E.zigzag(Int32.max), 0]),
         "moves its cursor past 2^31"),
    ]

    @Test(arguments: 0..<cases.count)
    func brokenGeometryIsLeftOutAndNamed(_ index: Int) throws {
        let (name, bytes, words) = Self.cases[index]
        let drawing = try Self.drawing(bytes)
        #expect(drawing.problems.count == 1, "\(name): \(drawing.problems)")
        #expect(drawing.problems.first?.contains(words) == true, "\(name): \(drawing.problems)")
        #expect(drawing.problems.first?.hasSuffix("are left out") == true)
    }

    @Test func theGoodFeatureBesideABrokenOneIsStillDrawn() throws {
        let drawing = try Self.drawing(Self.roads([2 | 1 << 3, 4, 4]))
        let strokes = drawing.operations.filter { if case .stroke = $0 { return true } else { return false } }
        #expect(!strokes.isEmpty, "the good road is drawn")
    }

    static func layer(version: UInt64?, name: [UInt8] = Array("roads".utf8), type: UInt64 = 2) -> [UInt8] {
        var layer: [UInt8] = []
        if let version { E.field(15, varint: version, into: &layer) }
        E.field(1, bytes: name, into: &layer)
        var feature: [UInt8] = []
        E.field(3, varint: type, into: &feature)
        E.field(4, bytes: E.packed(E.commands([[(0, 0), (100, 100)]])), into: &feature)
        E.field(2, bytes: feature, into: &layer)
        var tile: [UInt8] = []
        E.field(3, bytes: layer, into: &tile)
        return tile
    }

    @Test func layersOfUnknownVersionsOrNamesThatAreNotUTF8AreLeftOutAndNamed() throws {
        for version: UInt64 in [0, 3, 99] {
            let tile = try VectorTile(bytes: Self.layer(version: version))
            #expect(tile.layers.isEmpty)
            #expect(tile.problems == ["layer \"roads\" is of version \(version), which MVT does not have (only 1 and 2); the layer is left out"])
            #expect(try Self.drawing(Self.layer(version: version)).problems == tile.problems, "the drawing carries them")
        }
        for version: UInt64? in [nil, 1, 2] { #expect(try VectorTile(bytes: Self.layer(version: version)).layers.count == 1) }
        let latin1 = try VectorTile(bytes: Self.layer(version: 2, name: [0x72, 0xF6, 0x61, 0x64]))
        #expect(latin1.layers.isEmpty && latin1.problems.first?.contains("is not UTF-8; the layer is left out") == true)
    }

    /// A feature's bytes with `extra` after its type and commands, in a layer "roads" of one tile.
    static func tile(feature extra: [UInt8], commands: [UInt8]? = nil) -> [UInt8] {
        var feature: [UInt8] = []
        E.field(3, varint: 2, into: &feature)
        E.field(4, bytes: commands ?? E.packed(E.commands([[(0, 0), (100, 100)]])), into: &feature)
        feature += extra
        var layer: [UInt8] = []
        E.field(15, varint: 2, into: &layer)
        E.field(1, bytes: Array("roads".utf8), into: &layer)
        E.field(2, bytes: feature, into: &layer)
        var tile: [UInt8] = []
        E.field(3, bytes: layer, into: &tile)
        return tile
    }

    @Test func textThatIsNotUTF8IsReadWithReplacementsAndNamed() throws {
        let bytes = E.encode([.init(name: "places", features: [
            .init(type: 1, properties: [("name", .string("Zürich"))],
                  commands: [1 | 1 << 3, 200, 200]),
        ])])
        let tile = try VectorTile(bytes: Self.utf8Broken())
        #expect(tile.problems == ["layer \"places\": a property name or text is not UTF-8; its bytes that are not are read as \u{FFFD}"])
        #expect(try VectorTile(bytes: bytes).problems.isEmpty, "UTF-8 text is not named")
    }

    /// A layer whose one text value is "Z\u{FC}rich" in Latin-1.
    static func utf8Broken() -> [UInt8] {
        var value: [UInt8] = []
        E.field(1, bytes: [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68], into: &value)
        var feature: [UInt8] = []
        E.field(2, bytes: E.packed([0, 0]), into: &feature)
        E.field(3, varint: 1, into: &feature)
        E.field(4, bytes: E.packed([1 | 1 << 3, 200, 200]), into: &feature)
        var layer: [UInt8] = []
        E.field(15, varint: 2, into: &layer)
        E.field(1, bytes: Array("places".utf8), into: &layer)
        E.field(2, bytes: feature, into: &layer)
        E.field(3, bytes: Array("name".utf8), into: &layer)
        E.field(4, bytes: value, into: &layer)
        var tile: [UInt8] = []
        E.field(3, bytes: layer, into: &tile)
        return tile
    }

    /// Field number 0 is no field in protobuf: a tile holding one is refused, saying so.
    @Test func aFieldNumberedZeroIsNamed() {
        #expect { try VectorTile(bytes: Self.tile(feature: E.key(0, wire: 0) + [5])) } throws: { error in
            "\(error)".contains("field number 0")
        }
    }

    /// Geometry and tags are 32-bit numbers: one of 2^40 is named, not cut to its low bits.
    @Test func aNumberPast32BitsInAGeometryIsNamed() {
        var packed: [UInt8] = []
        for value: UInt64 in [1 | 1 << 3, 1 << 40, 4] { packed += E.varint(value) }
        #expect { try VectorTile(bytes: Self.tile(feature: [], commands: packed)) } throws: { error in
            "\(error)".contains("larger than 32 bits")
        }
    }

    /// A MoveTo counting 2^29 − 1 points in a point feature is named, as it is for lines.
    @Test func aPointCountPastItsCommandsIsNamed() throws {
        let bytes = E.encode([.init(name: "places", features: [
            .init(type: 1, properties: [("name", .string("x"))], commands: [1 | (1 << 29 - 1) << 3, 200, 200]),
        ])])
        let drawing = try Self.drawing(bytes)
        #expect(drawing.problems.contains { $0.contains("claims 536870911 points where 1 are left") }, "\(drawing.problems)")
    }

    @Test func featuresOfUnknownGeometryTypesAreNamed() throws {
        let tile = try VectorTile(bytes: Self.layer(version: 2, type: 9))
        #expect(tile.layers[0].features[0].type == .unknown)
        #expect(tile.problems == ["layer \"roads\" has features of geometry type 9, which MVT does not know; they are left out"])
    }

    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 300) }

    /// Random command streams: command ids 0-7, counts up to 2^29, deltas
    /// from 0 to the 32-bit edge, streams cut anywhere, in points, lines and
    /// polygons. Each tile draws in bounded time, and every feature whose
    /// geometry cannot be read is named in the drawing's problems.
    @Test func mutatedCommandStreamsDrawOrAreNamed() throws {
        var named = 0
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let commands = Self.mutatedCommands(&random)
            let type = Int.random(in: 1...3, using: &random)
            let layerName = ["places", "roads", "areas"][type - 1]
            let bytes = E.encode([.init(name: layerName, features: [
                .init(type: type, properties: [("class", .string("park")), ("name", .string("n"))], commands: commands),
            ])])
            let start = Date()
            let tile = try VectorTile(bytes: bytes)
            let drawing = Self.layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
            #expect(Date().timeIntervalSince(start) < 2, "seed \(seed)")
            let feature = tile.layers[0].features[0]
            if (try? feature.geometry()) == nil {
                #expect(!drawing.problems.isEmpty, "seed \(seed): a broken geometry went unnamed: type \(type) \(commands.prefix(12)) \(String(describing: feature.bounds)) \(String(describing: Result { try feature.geometry() }))")
                named += 1
            }
            for case .stroke(let lines, _) in drawing.operations {
                #expect(lines.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "seed \(seed)")
            }
        }
        if Self.seeds.count >= 100 { #expect(named > 0, "the mutator makes broken geometry") }
    }

    static func mutatedCommands(_ random: inout SeededGenerator) -> [UInt32] {
        var commands = E.commands([[(10, 10), (4000, 30), (3900, 3900), (40, 4000)]], close: true)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0..<commands.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: commands[at] = UInt32.random(in: 0...7, using: &random) | UInt32.random(in: 0...5, using: &random) << 3
            case 1: commands[at] = UInt32.random(in: 0...7, using: &random) | UInt32.random(in: 0...(1 << 29 - 1), using: &random) << 3
            case 2: commands[at] = E.zigzag(Int32.random(in: Int32.min...Int32.max, using: &random))
            case 3: commands = Array(commands.prefix(at))
            case 4: commands.insert(7 | 1 << 3, at: at)
            default: commands.insert(contentsOf: [2 | 3 << 3, E.zigzag(Int32.max), 0, E.zigzag(Int32.max), 0, 0, 0], at: at)
            }
            if commands.isEmpty { break }
        }
        return commands
    }
}
