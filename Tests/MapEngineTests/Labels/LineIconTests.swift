import Testing
@testable import MapEngine

/// An icon alone along a line (OSM Liberty's one-way arrows: `icon-image`
/// with `symbol-placement: line`): placed at its point on the line, turned
/// with the line, `icon-rotate` on top, taking the room of its turned box.
@Suite struct LineIconTests {
    static let sheet = try! SpriteSheet(bytes: Array(#"{"arrow": {"x": 0, "y": 0, "width": 20, "height": 14, "pixelRatio": 2}}"#.utf8),
                                        file: "sprite@2x.json")

    func arrow(along path: [Point], at distance: Double, rotate: Double = 0) -> LabelCandidate {
        var look = LabelLook(size: 16, padding: 0, icon: "arrow", iconSize: 1)
        look.iconRotate = rotate
        return LabelCandidate(text: "", tile: LabelPlacementTests.tile, styleZoom: 9,
                              placement: .line(path: path, anchorDistance: distance), layer: "oneway", look: look,
                              priority: LabelPriority(layerIndex: 0, featureIndex: 0))
    }

    func place(_ candidates: [LabelCandidate]) -> [PlacedLabel] {
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics(), sprite: Self.sheet)
        return placer.place(candidates)
    }

    @Test func anArrowStandsOnItsLineTurnedWithIt() throws {
        // A street running down and to the right at 45°, the arrow 20 units along it from (100, 100).
        let street = [Point(x: 100, y: 100), Point(x: 160, y: 160)]
        let placed = try #require(place([arrow(along: street, at: 20)]).first)
        let icon = try #require(placed.icon)
        #expect(placed.pieces.isEmpty && placed.turnsWithMap)
        #expect(abs(icon.rotation - 45) < 1e-9, "clockwise along the street: \(icon.rotation)")
        #expect(icon.rect.size == Size(width: 10, height: 7))
        let expected = Point(x: 400 + (100 + 20 / 2.squareRoot() - 128), y: 300 + (100 + 20 / 2.squareRoot() - 128))
        #expect((icon.rect.center - expected).length < 1e-6, "\(icon.rect.center) against \(expected)")
        // Its room is the turned box's bounds: wider than tall no more.
        #expect(abs(icon.bounds.width - icon.bounds.height) < 1e-9 && icon.bounds.width > 10)

        let opposite = try #require(place([arrow(along: street, at: 20, rotate: 180)]).first?.icon)
        #expect(abs(opposite.rotation - 225) < 1e-9, "icon-rotate on top of the line's direction")
    }

    @Test func anArrowNeedsALineLongEnoughToHoldIt() {
        // The arrow is 10 points wide; MapLibre measures it in the text's scale: 10 × 16 / 24 ≈ 6.7 along the line.
        let street = [Point(x: 100, y: 128), Point(x: 130, y: 128)]
        #expect(place([arrow(along: street, at: 15)]).count == 1, "in the middle of 30 units it fits")
        #expect(place([arrow(along: street, at: 2)]).isEmpty, "2 from its end it would hang past it")
        #expect(place([arrow(along: [Point(x: 100, y: 128), Point(x: 106, y: 128)], at: 3)]).isEmpty, "a 6-unit stub holds none")
    }

    @Test func twoArrowsOnTopOfEachOtherTakeOneRoom() {
        let street = [Point(x: 100, y: 128), Point(x: 200, y: 128)]
        #expect(place([arrow(along: street, at: 30), arrow(along: street, at: 32)]).count == 1)
        #expect(place([arrow(along: street, at: 30), arrow(along: street, at: 60)]).count == 2)
    }

    @Test func theSceneDrawsTheArrowTurned() throws {
        var layer = LabelLayer()
        layer.sprite = Self.sheet
        let camera = LabelPlacementTests.camera()
        layer.update([arrow(along: [Point(x: 100, y: 128), Point(x: 100, y: 200)], at: 10)], camera: camera, scale: 1,
                     metrics: FixedLabelMetrics(), now: 0, instant: true)
        let images = layer.commands(atRest: true).compactMap { command -> ImageDraw? in
            if case .image(let draw) = command { return draw } else { return nil }
        }
        #expect(images.count == 1 && abs((images.first?.rotation ?? 0) - 90) < 1e-9, "pointing down the street: \(images)")
    }
}
