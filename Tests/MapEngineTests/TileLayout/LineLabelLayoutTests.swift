import Testing
@testable import MapEngine

/// Labels along lines are laid out as MapLibre lays them out: a road's
/// pieces of one name are joined first, anchors are spaced along the line
/// cut to its data tile, and no label runs past that tile's edge.
@Suite struct LineLabelLayoutTests {
    typealias E = TileEncoder

    static func layout(spacing: Double = 250) throws -> VectorTileLayout {
        let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "names", "type": "symbol", "source": "v", "source-layer": "roads",
           "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-size": 10, "symbol-spacing": \(spacing)}}]}
        """
        return VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...4)
    }

    static func road(_ name: String, _ points: [(Int32, Int32)]) -> E.Feature {
        .init(type: 2, properties: [("name", .string(name))], commands: E.commands([points]))
    }

    static func paths(_ drawing: TileDrawing) -> [(path: [Point], distance: Double)] {
        drawing.labels.compactMap {
            if case .line(let path, let distance) = $0.placement { (path, distance) } else { nil }
        }
    }

    @Test func aRoadInPiecesIsJoinedEndToStartAndLabelledAlongTheWhole() throws {
        // Three pieces of "Kirchstrasse" of 400 units each (25 points at this zoom), held out of order,
        // each too short for its name; a fourth of another name meets them but is not joined.
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            Self.road("Kirchstrasse", [(1200, 2000), (1600, 2000)]),
            Self.road("Kirchstrasse", [(400, 2000), (800, 2000)]),
            Self.road("Kirchstrasse", [(800, 2000), (1200, 2000)]),
            Self.road("Postplatz", [(1600, 2000), (1600, 2400)]),
        ])]))
        let drawing = try Self.layout().drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        let kirch = drawing.labels.filter { $0.text == "Kirchstrasse" }
        #expect(kirch.count == 1, "one label for the joined road: \(kirch.count)")
        if case .line(let path, let distance) = kirch.first?.placement {
            #expect(path.count == 4, "the three pieces as one line of four points: \(path)")
            #expect(abs(LineGeometry.length(of: path) - 75) < 1e-9)
            #expect(abs(distance - 37.5) < 1e-9, "a line too short for a second label is labelled in its middle: \(distance)")
        }
        #expect(drawing.labels.filter { $0.text == "Postplatz" }.count == 0, "a 25-point road is too short for its name")
    }

    @Test func anchorsAgreeAcrossTheTilesOfOneDataTileAndStayWithinIt() throws {
        // One long road across a data tile of level 3, drawn from each of its sixteen pinmap tiles of level 5
        // (style zoom 4: the data enlarged twice).
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            Self.road("Long Road", [(-300, 1000), (2000, 1500), (4400, 3000)]),
        ])]))
        let layout = try Self.layout(spacing: 100)
        let data = TileID(z: 3, x: 2, y: 1)
        var anchors: [Point] = []
        for x in 0..<4 { for y in 0..<4 {
            let drawing = layout.drawing(for: TileID(z: 5, x: data.x * 4 + x, y: data.y * 4 + y), data: tile, dataTile: data, scale: 1)
            for (path, distance) in Self.paths(drawing) {
                // Back to the data tile's square (1024 points a side at level 5) from this tile's units.
                let toData = { (p: Point) in Point(x: p.x + Double(x) * 256, y: p.y + Double(y) * 256) }
                let whole = path.map(toData)
                #expect(whole.allSatisfy { $0.x >= -1e-9 && $0.x <= 1024 + 1e-9 && $0.y >= -1e-9 && $0.y <= 1024 + 1e-9 },
                        "the line is cut to the data tile: \(whole)")
                anchors.append(toData(LineGeometry.point(along: path, at: distance).point))
            }
        }}
        // The road cut to the data tile: it enters at the left edge, so it goes on from beyond the tile.
        let road = [Point(x: 0, y: (1000 + 500 * 300 / 2300.0) / 4), Point(x: 500, y: 375),
                    Point(x: 1024, y: (1500 + 1500 * 2096 / 2400.0) / 4)]
        func along(_ p: Point) -> Double? {
            var walked = 0.0
            for (a, b) in zip(road, road.dropFirst()) {
                let ab = b - a, ap = p - a
                if abs(ab.x * ap.y - ab.y * ap.x) / ab.length < 1e-6, ap.length <= ab.length + 1e-6 { return walked + ap.length }
                walked += ab.length
            }
            return nil
        }
        // Half a spacing in, twice (enlarged twice), is a whole spacing: every 100 points from 0, where the name does not fit.
        let distances = anchors.compactMap(along).sorted()
        #expect(distances.count == anchors.count, "every anchor lies on the road: \(anchors)")
        let expected = stride(from: 100.0, to: LineGeometry.length(of: road) - 27, by: 100).map { $0 }
        #expect(distances.count == expected.count && zip(distances, expected).allSatisfy { abs($0 - $1) < 1e-6 },
                "one anchor every 100 points along the road, made once whichever tile made it: \(distances)")
    }

    @Test func theLinesJoinedForOneTileServeTheOthersOfItsDataTile() throws {
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            Self.road("Kirchstrasse", [(1200, 2000), (1600, 2000)]), Self.road("Kirchstrasse", [(400, 2000), (1200, 2000)]),
            Self.road("Long Road", [(-300, 1000), (2000, 1500), (4400, 3000)]),
        ])]))
        let layout = try Self.layout(spacing: 100)
        let data = TileID(z: 3, x: 2, y: 1)
        let sources = [layout.source: VectorTileLayout.SourceData(tile, from: data)]
        let cache = JoinedLineCache()
        for x in 0..<4 { for y in 0..<4 {
            let here = TileID(z: 5, x: data.x * 4 + x, y: data.y * 4 + y)
            let alone = layout.drawing(for: here, sources: sources, scale: 1, pixels: 256, offset: .zero, joinedLines: nil)
            let shared = layout.drawing(for: here, sources: sources, scale: 1, pixels: 256, offset: .zero, joinedLines: cache)
            #expect(shared.labels.map(\.text) == alone.labels.map(\.text))
            #expect(shared.labels.map(\.placement.anchor) == alone.labels.map(\.placement.anchor))
        }}
        #expect(cache.tile(JoinedLineKey(source: layout.source, tile: data, layer: 0, zoom: 4))?.count == 2, "two lines kept, the road's pieces one")
    }

    @Test func aNameIsNotRepeatedWithinHalfASpacingOfItself() throws {
        // A motorway's two carriageways, 16 units (one point) apart, both "A 1"; and a road of another name beside them.
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            Self.road("A 1", [(0, 2000), (4096, 2000)]),
            Self.road("A 1", [(0, 2016), (4096, 2016)]),
            Self.road("B 2", [(0, 2032), (4096, 2032)]),
        ])]))
        let drawing = try Self.layout(spacing: 100).drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        let ys = { (text: String) in Set(drawing.labels.filter { $0.text == text }.compactMap { candidate -> Double? in
            if case .line(let path, _) = candidate.placement { path[0].y } else { nil }
        }) }
        #expect(ys("A 1") == [125], "only the first carriageway carries the number: \(ys("A 1"))")
        #expect(ys("B 2") == [127], "another name is not held back")
        #expect(drawing.labels.filter { $0.text == "A 1" }.count == drawing.labels.filter { $0.text == "B 2" }.count)
    }

    @Test func theFirstAnchorIsWhereMapLibrePutsIt() {
        let line = [Point(x: 0, y: 0), Point(x: 1000, y: 0)]
        // A line that goes on beyond its tile: half a spacing in.
        #expect(LineGeometry.anchors(along: line, spacing: 250, labelLength: 60, textSize: 12, continued: true) == [125, 375, 625, 875])
        // One that starts here: half its label and two letters in, clear of the junction it starts at.
        #expect(LineGeometry.anchors(along: line, spacing: 250, labelLength: 60, textSize: 12, continued: false) == [54, 304, 554, 804])
        // Enlarged twice from a shallower level, the pattern of that level's anchors.
        #expect(LineGeometry.anchors(along: line, spacing: 250, labelLength: 60, textSize: 12, overscaling: 2, continued: false)
                == [108, 358, 608, 858])
        // A label longer than the spacing keeps a quarter spacing between labels.
        #expect(LineGeometry.anchors(along: line, spacing: 100, labelLength: 300, textSize: 0, continued: true) == [162.5, 487.5, 812.5])
        // A short line that starts here tries its middle; one continued from beyond does not.
        let short = [Point(x: 0, y: 0), Point(x: 80, y: 0)]
        #expect(LineGeometry.anchors(along: short, spacing: 250, labelLength: 60, textSize: 12, continued: false) == [40])
        #expect(LineGeometry.anchors(along: short, spacing: 250, labelLength: 60, textSize: 12, continued: true).isEmpty)
    }

    @Test func anIconAloneAlongALineIsSpacedByItsWidth() throws {
        // One-way arrows 48 points wide, at text-size 12 (MapLibre measures an icon there in the scale of the
        // text: 48 × 12 / 24 = 24), along a road that starts in the tile (at x 0 of a tile one level in).
        let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "arrows", "type": "symbol", "source": "v", "source-layer": "roads",
           "layout": {"symbol-placement": "line", "icon-image": "arrow", "text-size": 12, "symbol-spacing": 250}}]}
        """
        var layout = VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...4)
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            Self.road("", [(400, 2000), (4000, 2000)]),
            Self.road("", [(400, 3000), (720, 3000)]),
        ])]))
        func distances() -> [[Double]] {
            Self.paths(layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1))
                .map { [$0.distance, LineGeometry.length(of: $0.path)] }
        }
        // Not knowing the icon: two letters (24) in, and the short road (20 points) holds one in its middle.
        #expect(distances().map(\.[0]) == [24, 10], "\(distances())")
        // Knowing it: half the icon and two letters (12 + 24) in, and the short road cannot hold it even in its middle.
        layout.iconWidths = SpriteSheet(icons: ["arrow": .init(rect: Rect(x: 0, y: 0, width: 96, height: 24), pixelRatio: 2)]).iconWidths
        #expect(distances().map(\.[0]) == [36], "\(distances())")
    }
}
