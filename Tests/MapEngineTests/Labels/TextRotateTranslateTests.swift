import Testing
@testable import MapEngine

/// `text-rotate`, `text-translate` / `icon-translate` and the overlap modes
/// (`text-overlap`, `icon-overlap`) on point labels.
@Suite struct TextRotateTranslateTests {
    /// The tile's middle, which the test camera puts in the middle of its view (400, 300).
    let tilePoint = Point(x: 128, y: 128), point = Point(x: 400, y: 300)

    func placed(_ look: LabelLook, heading: Double = 0) throws -> PlacedLabel {
        var camera = LabelPlacementTests.camera()
        camera.rotate(to: heading, about: point)
        var placer = LabelPlacer(camera: camera, scale: 1, metrics: FixedLabelMetrics())
        return try #require(placer.place([LabelPlacementTests.point("Bern", at: tilePoint, priority: 1, look: look)]).first)
    }

    @Test func textRotateTurnsTheTextAboutItsAnchorAndItsBoxWithIt() throws {
        let level = try placed(LabelLook(size: 16, padding: 0))
        var look = LabelLook(size: 16, padding: 0)
        look.textRotate = 90
        let upright = try placed(look)
        let piece = try #require(upright.pieces.first), flat = try #require(level.pieces.first)
        #expect(piece.rotation == 90)
        #expect(abs(piece.rect.center.x - point.x) < 0.01 && abs(piece.rect.center.y - point.y) < 0.01, "turned about its middle, the anchor")
        // The room it takes stands up too: a level label just east of it, which a level Bern would cover, finds room.
        let east = LabelPlacementTests.point("Thun", at: Point(x: tilePoint.x + flat.rect.width * 0.8, y: tilePoint.y), priority: 2,
                                             look: LabelLook(size: 16, padding: 0))
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        #expect(placer.place([LabelPlacementTests.point("Bern", at: tilePoint, priority: 1, look: LabelLook(size: 16, padding: 0)), east])
            .map(\.key.text) == ["Bern"])
        var turnedPlacer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        #expect(turnedPlacer.place([LabelPlacementTests.point("Bern", at: tilePoint, priority: 1, look: look), east])
            .map(\.key.text) == ["Bern", "Thun"])
    }

    @Test func translateMovesTheTextOnScreenOrWithTheMap() throws {
        var look = LabelLook(size: 16, padding: 0)
        look.textTranslate = Point(x: 10, y: -4)
        let moved = try #require(try placed(look).pieces.first?.rect.center)
        #expect(abs(moved.x - (point.x + 10)) < 0.01 && abs(moved.y - (point.y - 4)) < 0.01, "\(moved)")
        // On a map turned 90°, a move anchored to the map turns with it; one anchored to the screen does not.
        let turned = try #require(try placed(look, heading: 90).pieces.first?.rect.center)
        #expect(abs(turned.x - (point.x - 4)) < 0.01 && abs(turned.y - (point.y - 10)) < 0.01, "\(turned)")
        look.textTranslateTurns = false
        let onScreen = try #require(try placed(look, heading: 90).pieces.first?.rect.center)
        #expect(abs(onScreen.x - (point.x + 10)) < 0.01 && abs(onScreen.y - (point.y - 4)) < 0.01, "\(onScreen)")
    }

    @Test func theStyleReadsRotateTranslateAndOverlap() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "places", "type": "symbol", "source": "s", "source-layer": "place",
                     "layout": {"text-field": "{name}", "text-rotate": 450, "text-overlap": "always", "icon-overlap": "never",
                                "icon-allow-overlap": true},
                     "paint": {"text-translate": [3, 4], "icon-translate": [-1, 2], "text-translate-anchor": "viewport"}}]}
        """.utf8), file: "style.json")
        #expect(style.warnings.isEmpty && style.notes.isEmpty, "\(style.warnings) \(style.notes)")
        let look = LabelStyleReader.look(style.layers[0], StyleContext(zoom: 10), icon: nil)
        #expect(look.textRotate == 90)
        #expect(look.textTranslate == Point(x: 3, y: 4) && look.iconTranslate == Point(x: -1, y: 2))
        #expect(!look.textTranslateTurns && look.iconTranslateTurns)
        #expect(look.allowOverlap && !look.iconAllowOverlap, "the overlap modes stand above the flags")
    }
}
