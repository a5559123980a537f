import Testing
@testable import MapEngine

/// `text-variable-anchor` and `text-radial-offset`: a point label tries its
/// anchors in turn and stands at the first with room, moved off its point.
@Suite struct VariableAnchorTests {
    typealias Anchor = LabelLook.Anchor

    func look(_ anchors: [Anchor], radial: Double? = nil, offset: Point = .zero) -> LabelLook {
        var look = LabelLook(size: 16, padding: 0)
        look.variableAnchors = anchors
        look.radialOffset = radial
        look.offset = offset
        return look
    }

    @Test func theOffsetPointsFromThePointIntoTheText() {
        let radial = look([.left], radial: 2)
        #expect(radial.offset(for: .left) == Point(x: 2, y: 0))
        #expect(radial.offset(for: .right) == Point(x: -2, y: 0))
        #expect(radial.offset(for: .top) == Point(x: 0, y: 2))
        #expect(radial.offset(for: .bottom) == Point(x: 0, y: -2))
        #expect(radial.offset(for: .center) == .zero)
        let corner = radial.offset(for: .bottomRight)
        #expect(abs(corner.x + 2 / 2.squareRoot()) < 1e-9 && abs(corner.y + 2 / 2.squareRoot()) < 1e-9,
                "the same distance at a corner: \(corner)")
        let sized = look([.top], offset: Point(x: -1, y: -3))
        #expect(sized.offset(for: .topRight) == Point(x: -1, y: 3), "text-offset's sizes, signs from the anchor")
        var fixed = LabelLook(size: 16, padding: 0)
        fixed.offset = Point(x: -1, y: -3)
        #expect(fixed.offset(for: .topRight) == Point(x: -1, y: -3), "without variable anchors, text-offset as written")
    }

    @Test func aLabelWhoseFirstAnchorIsTakenStandsAtTheNextThatHasRoom() throws {
        // "Westend" takes the room east of (128, 128); "Baden" at the same point tries east, then west.
        let point = Point(x: 128, y: 128)
        var east = LabelLook(size: 16, padding: 0)
        east.anchor = .left
        let candidates = [
            LabelPlacementTests.point("Westend", at: point, priority: 1, look: east),
            LabelPlacementTests.point("Baden", at: point, priority: 2, look: look([.left, .right], radial: 0.5)),
        ]
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        let placed = placer.place(candidates)
        #expect(placed.map(\.key.text) == ["Westend", "Baden"])
        let westend = try #require(placed.first?.pieces.first?.rect), baden = try #require(placed.last?.pieces.first?.rect)
        #expect(baden.maxX <= westend.minX, "Baden stands west of the point: \(baden) against \(westend)")
        #expect(abs((westend.minX - baden.maxX) - 8) < 0.01, "half an em (8 px) off the point")

        // With only the taken anchor to try, it is left out.
        var onlyEast = placer
        let crowded = onlyEast.place([candidates[0], LabelPlacementTests.point("Baden", at: point, priority: 2, look: look([.left]))])
        #expect(crowded.map(\.key.text) == ["Westend"])
    }

    @Test func aLabelKeepsTheAnchorItStoodAtWhileItHasRoomThere() throws {
        let point = Point(x: 128, y: 128)
        var east = LabelLook(size: 16, padding: 0)
        east.anchor = .left
        let blocker = LabelPlacementTests.point("Westend", at: point, priority: 1, look: east)
        let baden = LabelPlacementTests.point("Baden", at: point, priority: 2, look: look([.left, .right], radial: 0.5))
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        let first = try #require(placer.place([blocker, baden]).last)
        #expect(first.key.text == "Baden" && first.textAnchor == .right)
        // The blocker gone: placed anew, Baden takes its first anchor; having stood west, it stays west.
        let fresh = try #require(placer.place([baden]).first)
        #expect(fresh.textAnchor == .left)
        let kept = try #require(placer.place(ordered: [baden], shown: [first.key], anchors: [first.key: .right]).first)
        #expect(kept.textAnchor == .right && kept.pieces.first?.rect == first.pieces.first?.rect)
    }

    @Test func theStyleReadsTheAnchorsAndTheRadialOffset() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "places", "type": "symbol", "source": "s", "source-layer": "place",
                     "layout": {"text-field": "{name}", "text-variable-anchor": ["top", "bottom-left", "sideways"],
                                "text-radial-offset": 0.8}}]}
        """.utf8), file: "style.json")
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let look = LabelStyleReader.look(style.layers[0], StyleContext(zoom: 10), icon: nil)
        #expect(look.variableAnchors == [.top, .bottomLeft], "an anchor the spec does not know is passed over")
        #expect(look.radialOffset == 0.8)
        let plain = LabelStyleReader.look(try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "places", "type": "symbol", "source": "s", "source-layer": "place", "layout": {"text-field": "{name}"}}]}
        """.utf8), file: "style.json").layers[0], StyleContext(zoom: 10), icon: nil)
        #expect(plain.variableAnchors.isEmpty && plain.radialOffset == nil)
    }
}
