import Testing
@testable import MapEngine

@Suite struct VectorTileLayoutTests {
    typealias E = TileEncoder

    static let style = """
    {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
     "layers": [
       {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
       {"id": "parks", "type": "fill", "source": "v", "source-layer": "areas", "filter": ["==", "class", "park"],
        "paint": {"fill-color": ["match", ["get", "kind"], "wood", "#00aa00", "#00ff00"]}},
       {"id": "roads", "type": "line", "source": "v", "source-layer": "roads",
        "paint": {"line-width": 2, "line-gap-width": 4, "line-dasharray": [2, 1]}},
       {"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "minzoom": 3,
        "layout": {"text-field": "{name}", "text-size": 14}}
     ]}
    """

    static var tile: VectorTile {
        let square: [(Int32, Int32)] = [(0, 0), (2048, 0), (2048, 2048), (0, 2048)]
        let bytes = E.encode([
            .init(name: "areas", features: [
                .init(type: 3, properties: [("class", .string("park")), ("kind", .string("wood"))], commands: E.commands([square], close: true)),
                .init(type: 3, properties: [("class", .string("park"))], commands: E.commands([square], close: true)),
                .init(type: 3, properties: [("class", .string("park")), ("kind", .string("wood"))], commands: E.commands([square], close: true)),
                .init(type: 3, properties: [("class", .string("lot"))], commands: E.commands([square], close: true)),
            ]),
            .init(name: "roads", features: [.init(type: 2, properties: [], commands: E.commands([[(0, 1024), (4096, 1024)]]))]),
            .init(name: "places", features: [
                .init(type: 1, properties: [("name", .string("Inside"))], commands: E.commands([[(1000, 1000)]])),
                .init(type: 1, properties: [("name", .string("Buffer"))], commands: E.commands([[(-50, 1000)]])),
            ]),
        ])
        return try! VectorTile(bytes: bytes)
    }

    static var layout: VectorTileLayout {
        VectorTileLayout(style: try! MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...6)
    }

    @Test func zoomsFollowTheSpecsFiveHundredTwelvePointTiles() {
        let layout = Self.layout
        #expect(layout.styleZoom(for: TileID(z: 5, x: 0, y: 0), scale: 1) == 4)
        #expect(layout.styleZoom(for: TileID(z: 5, x: 0, y: 0), scale: 2) == 3)
        #expect(layout.dataTile(for: TileID(z: 5, x: 9, y: 7), scale: 1) == TileID(z: 4, x: 4, y: 3))
        #expect(layout.dataTile(for: TileID(z: 12, x: 2048, y: 1024), scale: 1) == TileID(z: 6, x: 32, y: 16))
        #expect(layout.dataTile(for: TileID(z: 0, x: 0, y: 0), scale: 1) == TileID(z: 0, x: 0, y: 0))
    }

    /// A 256-point source is asked for tiles a level deeper, at the same style zoom (the map's), as MapLibre does;
    /// labels and tiles read that zoom from one definition.
    @Test func aTwoHundredFiftySixPointSourceHasTheMapsStyleZoomAndDeeperData() throws {
        let small = try MapStyle(bytes: Array(#"{"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x", "tileSize": 256}}, "layers": []}"#.utf8),
                                 file: "s.json")
        let layout = VectorTileLayout(style: small, source: "v", dataLevels: 0...14)
        let big = VectorTileLayout(style: try MapStyle(bytes: Array(VectorTileLayoutTests.style.utf8), file: "t.json"), source: "v", dataLevels: 0...14)
        let tile = TileID(z: 9, x: 260, y: 170)
        for scale in [1.0, 2.0] {
            #expect(layout.styleZoom(for: tile, scale: scale) == big.styleZoom(for: tile, scale: scale))
            #expect(layout.dataTile(for: tile, scale: scale).z == big.dataTile(for: tile, scale: scale).z + 1)
        }
        #expect(layout.styleZoom(for: tile, scale: 1) == 8)
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 9, viewportSize: Size(width: 100, height: 100))
        #expect(LabelPlacer(camera: camera, scale: 1, metrics: FixedLabelMetrics()).styleZoom == layout.styleZoom(for: tile, scale: 1))
    }

    @Test func featuresWithTheSamePaintShareOneOperationInLayerOrder() {
        let drawing = Self.layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: Self.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        #expect(drawing.pixelSize == 256)
        #expect(drawing.isOpaque)
        guard drawing.operations.count == 4, case .background = drawing.operations[0],
              case .fill(let wood, let woodColor, true) = drawing.operations[1],
              case .fill(let other, let otherColor, true) = drawing.operations[2],
              case .stroke(let lines, let stroke) = drawing.operations[3] else {
            Issue.record("unexpected operations: \(drawing.operations)")
            return
        }
        #expect(woodColor == Color(hex: 0x00AA00) && wood.count == 2, "the lot is filtered out, the two woods share a fill")
        #expect(otherColor == Color(hex: 0x00FF00) && other.count == 1)
        #expect(wood[0].first == Point(x: 0, y: 0) && wood[0].contains(Point(x: 128, y: 128)))
        // A gap width draws two lines, 3 px either side of the road's middle (64 px down).
        #expect(lines.count == 2)
        #expect(Set(lines.map { $0[0].y }) == [61, 67])
        #expect(stroke.width == 2 && stroke.dashes == [4, 2])
    }

    @Test func overzoomedTilesDrawTheirPartOfTheDeepestDataLarger() {
        // Tile 6/1/1 shows the bottom-right quarter of data tile 5/0/0.
        let drawing = Self.layout.drawing(for: TileID(z: 6, x: 1, y: 1), data: Self.tile, dataTile: TileID(z: 5, x: 0, y: 0), scale: 1)
        guard case .fill(let rings, _, _) = drawing.operations[1] else { Issue.record("no fill"); return }
        // The park square ends halfway across the data tile: at the data tile's middle, this tile's corner.
        let xs = rings[0].map(\.x)
        #expect(xs.min()! >= -24 && xs.max()! <= 0.0001)
    }

    @Test func labelsComeFromPointsInsideTheTileOnly() {
        let drawing = Self.layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: Self.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        #expect(drawing.labels.map(\.text) == ["Inside"])
        let label = drawing.labels[0]
        #expect(label.placement == .point(Point(x: 62.5, y: 62.5)))
        #expect(label.look.size == 14 && label.styleZoom == 3)
        // Below the layer's minzoom: none.
        #expect(Self.layout.drawing(for: TileID(z: 3, x: 0, y: 0), data: Self.tile, dataTile: TileID(z: 3, x: 0, y: 0), scale: 1).labels.isEmpty)
    }

    /// A circle layer draws a circle at each point, and at every vertex of a line or an area's ring.
    @Test func circlesStandOnEveryVertexOfLinesAndAreas() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "dots", "type": "circle", "source": "v", "source-layer": "roads", "paint": {"circle-radius": 3}}]}
        """.utf8), file: "c.json")
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            .init(type: 2, properties: [], commands: E.commands([[(512, 1024), (1024, 1024), (2048, 2048)]])),
            .init(type: 1, properties: [], commands: E.commands([[(3072, 3072)]])),
        ])]))
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let operations = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1).drawnOperations
        guard case .circles(let centers, _)? = operations.first else { Issue.record("no circles: \(operations)"); return }
        #expect(centers.count == 4, "three vertices and a point: \(centers)")
    }

    /// A background pattern tiles the sprite's image over the whole tile (it was painted black).
    @Test func aBackgroundPatternTilesItsImage() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "paper", "type": "background", "paint": {"background-pattern": "dots", "background-opacity": 0.5}}]}
        """.utf8), file: "b.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let drawing = layout.drawing(for: TileID(z: 4, x: 3, y: 2), data: Self.tile, dataTile: TileID(z: 4, x: 3, y: 2), scale: 1)
        // The pattern's gaps show the white page beneath it.
        #expect(drawing.operations.first == .background(VectorTileLayout.pageColor))
        let operations = drawing.drawnOperations
        guard case .pattern(let rings, let image, let opacity, _, let phase)? = operations.first else {
            Issue.record("no pattern: \(operations)")
            return
        }
        #expect(image == "dots" && opacity == 0.5 && phase == Point(x: 768, y: 512))
        // The tile and its margin, as a fill reaches: a picture moved within its pixels has no bare edge.
        let margin = VectorTileLayout.margin
        #expect(LayerOperations.box(of: rings[0]) == Rect(x: -margin, y: -margin, width: 256 + 2 * margin, height: 256 + 2 * margin))
        #expect(!operations.contains { if case .background = $0 { return true } else { return false } })
    }

    /// A clear fill keeps its outline: the outline is drawn, the fill is not.
    @Test func aClearFillStillDrawsItsOutline() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "lots", "type": "fill", "source": "v", "source-layer": "areas",
                     "paint": {"fill-color": "rgba(0, 0, 0, 0)", "fill-outline-color": "#ff0000"}}]}
        """.utf8), file: "o.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let operations = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: Self.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1).operations
        let strokes = operations.compactMap { operation -> Stroke? in
            if case .stroke(_, let stroke) = operation { return stroke }
            return nil
        }
        #expect(strokes.map(\.color) == [Color(hex: 0xFF0000)])
        #expect(!operations.contains { if case .fill = $0 { return true } else { return false } })
    }

    /// `symbol-placement: line` follows lines (and the rings of areas); a
    /// point has none to follow and is not labelled, as in MapLibre.
    @Test func aLinePlacementLabelsLinesAndNoPoints() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "names", "type": "symbol", "source": "v", "source-layer": "places",
                     "layout": {"text-field": "{name}", "symbol-placement": "line", "symbol-spacing": 100}}]}
        """.utf8), file: "l.json")
        let tile = try VectorTile(bytes: E.encode([.init(name: "places", features: [
            .init(type: 1, properties: [("name", .string("Spot"))], commands: E.commands([[(1000, 1000)]])),
            .init(type: 2, properties: [("name", .string("Quai"))], commands: E.commands([[(0, 2048), (4096, 2048)]])),
        ])]))
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let labels = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1).labels
        #expect(!labels.isEmpty && labels.allSatisfy { $0.text == "Quai" }, "\(labels.map(\.text))")
    }
}

extension VectorTileLayoutTests {
    @Test func aWideLineJustBeyondTheTileStillPaintsItsEdgeAndFarFeaturesAreNot() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "roads", "type": "line", "source": "v", "source-layer": "roads", "paint": {"line-width": ["get", "w"]}}]}
        """.utf8), file: "t.json")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        // 16 units a pixel: one road 40 px below the tile, 100 px wide; another 300 px below, 10 px wide.
        let tile = try VectorTile(bytes: E.encode([.init(name: "roads", features: [
            .init(type: 2, properties: [("w", .int(100))], commands: E.commands([[(0, 4096 + 640), (4096, 4096 + 640)]])),
            .init(type: 2, properties: [("w", .int(10))], commands: E.commands([[(0, 4096 + 4800), (4096, 4096 + 4800)]])),
        ])]))
        let drawing = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        guard drawing.drawnOperations.count == 1, case .stroke(let lines, let stroke) = drawing.drawnOperations[0] else {
            Issue.record("unexpected operations: \(drawing.drawnOperations)")
            return
        }
        #expect(stroke.width == 100 && lines.count == 1 && lines[0][0].y == 296)
    }

    @Test func labelTextIsTrimmedOfTheLineBreakAnAbsentSecondNameLeaves() {
        #expect(LayerOperations.trimmed("Zürich\n") == "Zürich")
        #expect(LayerOperations.trimmed(" \n ") == "")
        #expect(LayerOperations.trimmed("Genève\nGenf") == "Genève\nGenf")
    }
}

extension VectorTileLayoutTests {
    @Test func aFillPatternReplacesTheColourAndTranslateMovesTheArea() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [
           {"id": "waves", "type": "fill", "source": "v", "source-layer": "areas", "paint": {"fill-pattern": "wave", "fill-opacity": 0.5}},
           {"id": "shadow", "type": "fill", "source": "v", "source-layer": "areas", "paint": {"fill-color": "#000", "fill-translate": [-2, 3]}}
         ]}
        """.utf8), file: "t.json")
        #expect(style.warnings.isEmpty)
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let square: [(Int32, Int32)] = [(0, 0), (2048, 0), (2048, 2048), (0, 2048)]
        let tile = try VectorTile(bytes: E.encode([.init(name: "areas", features: [
            .init(type: 3, properties: [], commands: E.commands([square], close: true)),
        ])]))
        let drawing = layout.drawing(for: TileID(z: 5, x: 3, y: 1), data: tile, dataTile: TileID(z: 5, x: 3, y: 1), scale: 2)
        guard drawing.drawnOperations.count == 2,
              case .pattern(let rings, "wave", 0.5, 2, let phase) = drawing.drawnOperations[0],
              case .fill(let moved, _, _) = drawing.drawnOperations[1] else {
            Issue.record("unexpected operations: \(drawing.drawnOperations)")
            return
        }
        #expect(phase == Point(x: 768, y: 256))
        #expect(rings[0].first == Point(x: 0, y: 0))
        #expect(moved[0].first == Point(x: -4, y: 6), "translate is in points: twice as far at scale 2")
    }
}

extension VectorTileLayoutTests {
    @Test func aRasterLayerDrawsItsSourcesTileOfTheSameGroundOrAnAncestorLarger() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"},
                                   "photo": {"type": "raster", "tiles": ["https://example.org/{z}/{x}/{y}.jpg"], "maxzoom": 10, "tileSize": 256},
                                   "hills": {"type": "raster", "tiles": ["https://example.org/h/{z}/{x}/{y}.png"]}},
         "layers": [{"id": "photo", "type": "raster", "source": "photo", "paint": {"raster-opacity": 0.5}},
                    {"id": "hills", "type": "raster", "source": "hills", "paint": {"raster-resampling": "nearest"}}]}
        """.utf8), file: "t.json")
        #expect(style.warnings.isEmpty)
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        let empty = try VectorTile(bytes: E.encode([]))
        // 256-point tiles: the same tile, 1:1.
        let near = layout.drawing(for: TileID(z: 8, x: 134, y: 91), data: empty, dataTile: TileID(z: 6, x: 33, y: 22), scale: 1)
        #expect(near.drawnOperations.first == .raster(source: "photo", tile: TileID(z: 8, x: 134, y: 91),
                                                 rect: Rect(x: 0, y: 0, width: 256, height: 256), opacity: 0.5, adjust: .none))
        // The spec's 512-point raster tiles: the parent, this tile its bottom-left quarter.
        #expect(near.drawnOperations.last == .raster(source: "hills", tile: TileID(z: 7, x: 67, y: 45),
                                                rect: Rect(x: 0, y: -256, width: 512, height: 512), opacity: 1, adjust: .none,
                                                nearest: true))
        // Past the source's maxzoom 10: its level-10 ancestor drawn four times larger.
        let deep = layout.drawing(for: TileID(z: 12, x: 2149, y: 1458), data: empty, dataTile: TileID(z: 6, x: 33, y: 22), scale: 1)
        #expect(deep.drawnOperations.first == .raster(source: "photo", tile: TileID(z: 10, x: 537, y: 364),
                                                 rect: Rect(x: -256, y: -512, width: 1024, height: 1024), opacity: 0.5, adjust: .none))
    }
}

extension VectorTileLayoutTests {
    @Test func anImageSourceIsLaidWithItsCornersWhereTheyFallInEachTileItReaches() throws {
        // A picture over the level-1 tile 1/1 (lon 0…180, lat 0…-85): its corners at the tile's quarter points.
        let text = #"{"version": 8, "sources": {"photo": {"type": "image", "url": "p.png", "coordinates": [[45, 0], [135, 0], [135, -66.51326044311186], [45, -66.51326044311186]]}}, "layers": [{"id": "photo", "type": "raster", "source": "photo", "paint": {"raster-opacity": 0.75}}]}"#
        let style = try MapStyle(bytes: Array(text.utf8), file: "t.json")
        let layout = VectorTileLayout(style: style, source: "", dataLevels: 0...14)
        let empty = try VectorTile(bytes: [])
        let drawing = layout.drawing(for: TileID(z: 1, x: 1, y: 1), data: empty, dataTile: TileID(z: 1, x: 1, y: 1), scale: 1)
        guard case .image(let source, let corners, let opacity, _)? = drawing.drawnOperations.first else {
            Issue.record("no picture: \(drawing.drawnOperations)")
            return
        }
        #expect(source == "photo" && opacity == 0.75)
        let expected = [Point(x: 64, y: 0), Point(x: 192, y: 0), Point(x: 192, y: 128), Point(x: 64, y: 128)]
        #expect(zip(corners, expected).allSatisfy { ($0 - $1).length < 1e-6 }, "\(corners)")
        let west = layout.drawing(for: TileID(z: 1, x: 0, y: 1), data: empty, dataTile: TileID(z: 1, x: 0, y: 1), scale: 1)
        #expect(west.drawnOperations.isEmpty, "a tile the picture misses draws none of it")
    }
}

extension VectorTileLayoutTests {
    @Test func aTileDrawnAgainAtItsSizeOnScreenHasAFractionalStyleZoomAndNoLabels() {
        let layout = Self.layout
        // Level 5 shown 362 pixels wide: zoom 5.5 on screen, style zoom 4.5, its data from level 4 as MapLibre would.
        #expect(abs(layout.styleZoom(for: TileID(z: 5, x: 0, y: 0), scale: 1, pixels: 362) - 4.5) < 0.01)
        #expect(layout.dataTile(for: TileID(z: 5, x: 1, y: 1), scale: 1, pixels: 362) == TileID(z: 4, x: 0, y: 0))
        let drawing = layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: Self.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1, pixels: 362)
        #expect(drawing.pixelSize == 362)
        #expect(drawing.labels.isEmpty, "the 256-pixel tile's labels stand")
        guard case .fill(let rings, _, _) = drawing.operations[1] else { Issue.record("no fill"); return }
        #expect(rings[0].contains(Point(x: 181, y: 181)), "the park square spans half the tile: 181 of 362 pixels")
    }
}

extension TileDrawing {
    /// The operations after the white page a style without a background is drawn on.
    var drawnOperations: [PaintOperation] {
        guard case .background(VectorTileLayout.pageColor)? = operations.first else { return operations }
        return Array(operations.dropFirst())
    }
}

/// A style that paints no background is drawn on white, as MapLibre's maps lie on a white page.
@Suite struct PageColourTests {
    @Test func aStyleWithoutABackgroundIsDrawnOnWhite() throws {
        let bare = try MapStyle(bytes: Array(#"{"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x"}}, "layers": []}"#.utf8), file: "p.json")
        let drawing = VectorTileLayout(style: bare, source: "v", dataLevels: 0...6)
            .drawing(for: TileID(z: 4, x: 0, y: 0), data: VectorTileLayoutTests.tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
        #expect(drawing.operations == [.background(Color(rgba: 255, 255, 255))])
        #expect(drawing.isOpaque)
    }
}

extension VectorTileLayoutTests {
    @Test func tilesFadeInForAsLongAsTheLongestRasterFadeShownAsks() throws {
        func layout(_ layers: String) throws -> VectorTileLayout {
            let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"},
                                       "photo": {"type": "raster", "tiles": ["https://example.org/{z}/{x}/{y}.jpg"]}},
             "layers": [\(layers)]}
            """.utf8), file: "t.json")
            #expect(style.warnings.isEmpty, "\(style.warnings)")
            return VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
        }
        let photo = #"{"id": "photo", "type": "raster", "source": "photo"}"#
        let slow = #"{"id": "slow", "type": "raster", "source": "photo", "minzoom": 8, "paint": {"raster-fade-duration": 1200}}"#
        let line = #"{"id": "roads", "type": "line", "source": "v", "source-layer": "roads"}"#
        #expect(try layout(photo).rasterFadeDuration(atStyleZoom: 3) == 0.3, "MapLibre's 300 ms when the style sets none")
        #expect(try layout(photo + "," + slow).rasterFadeDuration(atStyleZoom: 9) == 1.2)
        #expect(try layout(photo + "," + slow).rasterFadeDuration(atStyleZoom: 7) == 0.3, "the slow layer is not shown at 7")
        #expect(try layout(line).rasterFadeDuration(atStyleZoom: 9) == 0, "vector tiles come whole, as in MapLibre")
        let zero = #"{"id": "photo", "type": "raster", "source": "photo", "paint": {"raster-fade-duration": 0}}"#
        #expect(try layout(zero).rasterFadeDuration(atStyleZoom: 3) == 0)
    }
}

extension VectorTileLayoutTests {
    @Test func overlappingPolygonsOfASeeThroughColourAreFilledOneByOne() throws {
        func fills(_ color: String) throws -> [[[Point]]] {
            let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
             "layers": [{"id": "parks", "type": "fill", "source": "v", "source-layer": "parks", "paint": {"fill-color": "\(color)"}}]}
            """.utf8), file: "t.json")
            let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
            let square = { (x: Int32) in E.Feature(type: 3, properties: [], commands: E.commands([[(x, 1000), (x + 2000, 1000), (x + 2000, 3000), (x, 3000)]], close: true)) }
            let tile = try VectorTile(bytes: E.encode([.init(name: "parks", features: [square(500), square(1500)])]))
            return layout.drawing(for: TileID(z: 4, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: 1)
                .drawnOperations.compactMap { if case .fill(let rings, _, _) = $0 { rings } else { nil } }
        }
        // Two parks overlapping by half: see-through, each its own fill, so the overlap is drawn twice as MapLibre blends it.
        #expect(try fills("rgba(0, 128, 0, 0.5)").map(\.count) == [1, 1])
        // Opaque, one fill for both: nothing shows through.
        #expect(try fills("#008000").map(\.count) == [2])
    }
}
