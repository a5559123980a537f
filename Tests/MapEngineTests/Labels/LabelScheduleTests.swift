import Testing
@testable import MapEngine

/// While the map only pans, a placement serves for `placementInterval`
/// and the labels move with the map; a zoom, new labels on a map at rest
/// or a picture place at once.
@Suite struct LabelScheduleTests {
    typealias Fixture = LabelPlacementTests
    static let levels = 0...14

    /// A layer holding one tile's labels: "Zurich" in the middle, "Edge" far
    /// right of the view (out of it until the map pans 400 px left).
    static func layer() -> LabelLayer {
        var layer = LabelLayer()
        var changes = TileOfferChanges()
        changes.arrived = [(Fixture.tile, [Fixture.point("Zurich", at: Point(x: 128, y: 128), priority: 1),
                                           Fixture.point("Edge", at: Point(x: 900, y: 128), priority: 2)])]
        layer.apply(changes)
        return layer
    }

    func update(_ layer: inout LabelLayer, _ camera: Camera, at now: Double, instant: Bool = false) {
        layer.update(camera: camera, levels: Self.levels, scale: 1, metrics: FixedLabelMetrics(), now: now, instant: instant)
    }

    func rect(of text: String, in layer: LabelLayer) -> Rect? {
        for case .text(let draw) in layer.commands() where draw.text == text { return draw.rect }
        return nil
    }

    @Test func aPanMovesThePlacedLabelsAndNewOnesWaitForTheNextPlacement() throws {
        var layer = Self.layer()
        let start = Fixture.camera()
        update(&layer, start, at: 0, instant: true)
        #expect(layer.placedKeys.map(\.text) == ["Zurich"])
        #expect(!layer.isBehind)
        let before = try #require(rect(of: "Zurich", in: layer))

        let panned = Fixture.camera(offset: Point(x: -400, y: 0))
        update(&layer, panned, at: 0.05)
        #expect(layer.placedKeys.map(\.text) == ["Zurich"], "Edge waits for the next placement")
        #expect(layer.isBehind)
        let moved = try #require(rect(of: "Zurich", in: layer))
        #expect(abs(moved.minX - (before.minX - 400)) < 1e-6 && abs(moved.minY - before.minY) < 1e-6)

        update(&layer, panned, at: 0.05 + LabelLayer.placementInterval)
        #expect(layer.placedKeys.map(\.text) == ["Zurich", "Edge"])
        #expect(!layer.isBehind)
        // Placed anew, Zurich is where the moved one was drawn.
        let placed = try #require(rect(of: "Zurich", in: layer))
        #expect(abs(placed.minX - moved.minX) < 1e-6)
    }

    /// Labels fading in or out are drawn every frame over the base plane:
    /// those of the plane's margin, out of the view, give no commands.
    @Test func fadingLabelsOutOfTheViewAreNotDrawn() {
        var layer = Self.layer()
        let view = Fixture.camera()
        var plane = view
        plane.resize(to: Size(width: view.viewportSize.width + 1200, height: view.viewportSize.height + 1200))
        layer.update(camera: view, region: plane, levels: Self.levels, scale: 1, metrics: FixedLabelMetrics(), now: 0)
        layer.update(camera: view, region: plane, levels: Self.levels, scale: 1, metrics: FixedLabelMetrics(), now: 0.1)
        #expect(layer.placedKeys.map(\.text) == ["Zurich", "Edge"] && layer.isFading)
        func texts(_ commands: [DrawCommand]) -> [String] { commands.compactMap { if case .text(let draw) = $0 { draw.text } else { nil } } }
        #expect(texts(layer.commands(atRest: false)) == ["Zurich", "Edge"])
        #expect(texts(layer.commands(atRest: false, showing: Rect(origin: .zero, size: view.viewportSize))) == ["Zurich"])
        // Panned so that Edge is in the view, it is drawn.
        var panned = view
        panned.pan(by: Point(x: -400, y: 0))
        layer.update(camera: panned, region: plane, levels: Self.levels, scale: 1, metrics: FixedLabelMetrics(), now: 0.15)
        #expect(texts(layer.commands(atRest: false, in: panned, showing: Rect(origin: .zero, size: view.viewportSize))).contains("Edge"))
    }

    @Test func aZoomNewLabelsOrAPicturePlaceAtOnce() {
        let start = Fixture.camera()
        // A zoom: placed in the same frame.
        var zoomed = Fixture.camera(offset: Point(x: -400, y: 0))
        var layer = Self.layer()
        update(&layer, start, at: 0)
        zoomed.zoom(to: 9.9, about: zoomed.viewportSize.center)
        update(&layer, zoomed, at: 0.01)
        #expect(!layer.isBehind && layer.placedKeys.map(\.text) == ["Zurich", "Edge"])

        // A picture: placed in the same frame.
        layer = Self.layer()
        update(&layer, start, at: 0)
        update(&layer, Fixture.camera(offset: Point(x: -400, y: 0)), at: 0.01, instant: true)
        #expect(!layer.isBehind && layer.placedKeys.map(\.text) == ["Zurich", "Edge"])

        // A tile's labels arriving on a map at rest: placed in the same frame.
        layer = Self.layer()
        update(&layer, start, at: 0)
        var changes = TileOfferChanges()
        changes.arrived = [(Fixture.tile, [Fixture.point("Baden", at: Point(x: 128, y: 200), priority: 3)])]
        layer.apply(changes)
        update(&layer, start, at: 0.01)
        #expect(!layer.isBehind && layer.placedKeys.map(\.text) == ["Baden"])
    }

    @Test func whileTheMapMovesATilesLabelsWaitForTheNextPlacement() {
        var layer = Self.layer()
        let start = Fixture.camera()
        update(&layer, start, at: 0)
        #expect(layer.placedKeys.map(\.text) == ["Zurich"])
        var changes = TileOfferChanges()
        changes.arrived = [(Fixture.tile, [Fixture.point("Baden", at: Point(x: 128, y: 200), priority: 3)])]
        layer.apply(changes)
        let panned = Fixture.camera(offset: Point(x: 0, y: -10))
        update(&layer, panned, at: 0.01)
        #expect(layer.isBehind && layer.placedKeys.map(\.text) == ["Zurich"], "the placement stands while the map pans")
        update(&layer, panned, at: 0.01 + LabelLayer.placementInterval)
        #expect(!layer.isBehind && layer.placedKeys.map(\.text) == ["Baden"])
    }
}

extension LabelScheduleTests {
    /// A view with nothing to place is never behind, so an idle map there
    /// stops asking for frames (even when the last frame was a pan between
    /// placements).
    @Test func aViewWithNothingToPlaceIsNotBehind() {
        var layer = LabelLayer()
        var changes = TileOfferChanges()
        changes.arrived = [(Fixture.tile, [Fixture.point("Edge", at: Point(x: 900, y: 128), priority: 1)])]
        layer.apply(changes)
        update(&layer, Fixture.camera(), at: 0, instant: true)
        #expect(layer.placedCount == 0)
        update(&layer, Fixture.camera(offset: Point(x: -50, y: 0)), at: 0.01)
        #expect(layer.isBehind)
        // Far away, where no tile offers labels.
        let far = Camera(center: Coordinate(latitude: -40, longitude: -120), zoom: 10, viewportSize: Size(width: 800, height: 600))
        update(&layer, far, at: 0.02)
        #expect(!layer.isBehind)
    }
}
