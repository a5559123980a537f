import Testing
@testable import MapCore

/// `text-writing-mode`: CJK point labels set in columns, top to bottom,
/// a Latin run turned along the column, level text where a column finds
/// no room or the text has nothing to stand upright.
@Suite struct VerticalTextTests {
    let tilePoint = Point(x: 128, y: 128)

    func look(_ modes: [Bool]) -> LabelLook {
        var look = LabelLook(size: 16, padding: 0)
        look.verticalModes = modes
        return look
    }

    func place(_ candidates: [LabelCandidate]) -> [PlacedLabel] {
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        return placer.place(candidates)
    }

    @Test func ideographsStandOneUnderAnotherAndALatinRunIsTurned() throws {
        let label = try #require(place([LabelPlacementTests.point("東京 Tower", at: tilePoint, priority: 1, look: look([true]))]).first)
        let upright = label.pieces.filter { $0.rotation == 0 }, turned = label.pieces.filter { $0.rotation == 90 }
        #expect(upright.map(\.text) == ["東", "京"] && turned.map(\.text) == ["Tower"], "\(label.pieces)")
        let (first, second) = (upright[0].rect.center, upright[1].rect.center)
        #expect(abs(first.x - second.x) < 0.01 && abs((second.y - first.y) - 16) < 0.01, "one em down the same column")
        #expect(abs(turned[0].rect.center.x - first.x) < 0.01 && turned[0].rect.center.y > second.y, "the run goes on down the column")
        // The column is centred on the anchor (400, 300): two ems and the run's length, one em wide.
        let top = first.y - 8, bottom = turned[0].rect.center.y + turned[0].rect.width / 2
        #expect(abs((top + bottom) / 2 - 300) < 0.01 && abs(first.x - 400) < 0.01, "\(top)…\(bottom)")
    }

    @Test func withoutRoomForAColumnTheLabelLiesLevel() throws {
        // A level label just below the anchor takes the room of the column's foot (the column reaches 16 px down, level text 9.5).
        var wide = LabelLook(size: 16, padding: 0)
        wide.anchor = .top
        let blocker = LabelPlacementTests.point("XXXXXXXXXX", at: Point(x: tilePoint.x, y: tilePoint.y + 12), priority: 1, look: wide)
        let placed = place([blocker, LabelPlacementTests.point("北京", at: tilePoint, priority: 2, look: look([true, false]))])
        let beijing = try #require(placed.first { $0.key.text == "北京" })
        #expect(beijing.pieces.count == 1 && beijing.pieces[0].text == "北京", "level, as a second choice: \(beijing.pieces)")
    }

    @Test func textWithNothingUprightIsLevelAndTheStyleReadsTheModes() throws {
        let bern = try #require(place([LabelPlacementTests.point("Bern", at: tilePoint, priority: 1, look: look([true]))]).first)
        #expect(bern.pieces.map(\.text) == ["Bern"] && bern.pieces[0].rotation == 0)
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "places", "type": "symbol", "source": "s", "source-layer": "place",
                     "layout": {"text-field": "{name}", "text-writing-mode": ["vertical", "horizontal"]}}]}
        """.utf8), file: "style.json")
        #expect(style.notes.isEmpty && style.warnings.isEmpty, "\(style.notes)")
        #expect(LabelStyleReader.look(style.layers[0], StyleContext(zoom: 10), icon: nil).verticalModes == [true, false])
    }
}
