import Testing
@testable import MapEngine

@Suite struct VectorTileTests {
    typealias E = TileEncoder

    @Test func decodesLayersExtentIdsAndEveryValueType() throws {
        let bytes = E.encode([
            .init(name: "places", extent: 512, features: [
                .init(id: 7, type: 1, properties: [
                    ("name", .string("Zürich")), ("f", .float(1.5)), ("d", .double(-2.25)), ("i", .int(-3)),
                    ("u", .uint(40)), ("s", .sint(-5)), ("b", .bool(true)),
                ], commands: E.commands([[(10, 20)]])),
            ]),
            .init(name: "water", features: []),
        ])
        let tile = try VectorTile(bytes: bytes)
        #expect(tile.layers.map(\.name) == ["places", "water"])
        let layer = try #require(tile.layer(named: "places"))
        #expect(layer.extent == 512)
        #expect(tile.layer(named: "water")?.extent == 4096)
        let feature = try #require(layer.features.first)
        #expect(feature.id == 7)
        #expect(feature.type == .point)
        #expect(feature["name"] == .string("Zürich"))
        #expect(feature["f"] == .number(1.5))
        #expect(feature["d"] == .number(-2.25))
        #expect(feature["i"] == .number(-3))
        #expect(feature["u"] == .number(40))
        #expect(feature["s"] == .number(-5))
        #expect(feature["b"] == .bool(true))
        #expect(feature["missing"] == nil)
        #expect(feature.properties.count == 7)
        #expect(try feature.geometry() == [[Point(x: 10, y: 20)]])
    }

    @Test func multiPointsAndLinesFollowTheDeltas() throws {
        let points = E.commands([[(5, 5)], [(8, 3)]])
        let lines = E.commands([[(2, 2), (2, 10), (10, 10)], [(1, 1), (3, 3)]])
        let tile = try VectorTile(bytes: E.encode([.init(name: "l", features: [
            .init(type: 1, properties: [], commands: [1 | 2 << 3] + Array(points[1...2]) + Array(points[4...5])),
            .init(type: 2, properties: [], commands: lines),
        ])]))
        let features = tile.layers[0].features
        #expect(try features[0].geometry() == [[Point(x: 5, y: 5)], [Point(x: 8, y: 3)]])
        #expect(try features[1].geometry() == [
            [Point(x: 2, y: 2), Point(x: 2, y: 10), Point(x: 10, y: 10)],
            [Point(x: 1, y: 1), Point(x: 3, y: 3)],
        ])
    }

    @Test func polygonRingsAreSplitByWindingIntoExteriorsAndHoles() throws {
        // Spec winding: exteriors clockwise on screen (positive area), holes the other way.
        let outer: [(Int32, Int32)] = [(0, 0), (10, 0), (10, 10), (0, 10)]
        let hole: [(Int32, Int32)] = [(2, 2), (2, 8), (8, 8), (8, 2)]
        let second: [(Int32, Int32)] = [(20, 20), (30, 20), (30, 30), (20, 30)]
        let onePoint: [(Int32, Int32)] = [(40, 40)]
        let tile = try VectorTile(bytes: E.encode([.init(name: "a", features: [
            .init(type: 3, properties: [], commands: E.commands([outer, hole, onePoint, second], close: true)),
        ])]))
        let polygons = try tile.layers[0].features[0].polygons()
        #expect(polygons.count == 2)
        #expect(polygons[0].count == 2)
        #expect(polygons[0][1].first == Point(x: 2, y: 2))
        #expect(polygons[0][0].last == polygons[0][0].first)
        #expect(polygons[1].count == 1)
        #expect(polygons[1][0].first == Point(x: 20, y: 20))
    }

    @Test func unknownFieldsAreSkipped() throws {
        var layer = E.encode(E.Layer(name: "x", features: [.init(type: 1, properties: [], commands: E.commands([[(1, 1)]]))]))
        layer += E.key(9, wire: 1) + Array(repeating: 0, count: 8)
        layer += E.key(10, wire: 5) + [1, 2, 3, 4]
        var tile: [UInt8] = []
        E.field(3, bytes: layer, into: &tile)
        E.field(12, bytes: [1, 2, 3], into: &tile)
        #expect(try VectorTile(bytes: tile).layers[0].features.count == 1)
    }

    /// Hostile tiles throw a named reason; none crashes or hangs.
    @Test(arguments: HostileVectorTiles.all)
    func hostileTilesThrow(_ sample: HostileVectorTiles.Sample) {
        #expect(throws: VectorTileError.self) {
            let tile = try VectorTile(bytes: sample.bytes)
            for layer in tile.layers { for feature in layer.features { _ = try feature.polygons(); _ = try feature.geometry() } }
        }
    }
}

@Suite struct VectorTileWriterTests {
    @Test func whatTheWriterWritesTheDecoderReadsBack() throws {
        var water = VectorTileWriter.Layer(name: "water", extent: 512)
        let ring = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)]
        let hole = [Point(x: 10, y: 10), Point(x: 10, y: 20), Point(x: 20, y: 20), Point(x: 20, y: 10)]
        water.add(.polygon, geometry: [ring, hole], properties: ["class": .string("lake"), "depth": .number(-3.5)], id: 4)
        water.add(.lineString, geometry: [[Point(x: 1, y: 2), Point(x: 30, y: 40)]], properties: ["class": .string("lake")])
        water.add(.point, geometry: [[Point(x: 7, y: 8)], [Point(x: 9, y: 10)]], properties: ["big": .bool(true), "n": .number(12)])
        let tile = try VectorTile(bytes: VectorTileWriter.encode([water]))
        let layer = try #require(tile.layer(named: "water"))
        #expect(layer.extent == 512 && layer.features.count == 3)
        let lake = layer.features[0]
        #expect(lake.id == 4 && lake["class"] == .string("lake") && lake["depth"] == .number(-3.5))
        #expect(try lake.polygons().count == 1 && lake.polygons()[0].count == 2)
        #expect(try layer.features[1].geometry() == [[Point(x: 1, y: 2), Point(x: 30, y: 40)]])
        #expect(try layer.features[2].geometry() == [[Point(x: 7, y: 8)], [Point(x: 9, y: 10)]])
        #expect(layer.features[2]["n"] == .number(12) && layer.features[2]["big"] == .bool(true))
    }
}
