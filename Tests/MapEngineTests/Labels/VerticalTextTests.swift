import Foundation
import Testing
@testable import MapEngine

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

    @Test func alongALineNearerUprightThanLevelIdeographsStandInAColumn() throws {
        func pieces(_ text: String, from: Point, to: Point) throws -> [PlacedLabel.Piece] {
            let candidate = LabelCandidate(text: text, tile: LabelPlacementTests.tile, styleZoom: 9,
                                           placement: .line(path: [from, to], anchorDistance: (to - from).length / 2),
                                           layer: "streets", look: LabelLook(size: 16, padding: 0),
                                           priority: LabelPriority(layerIndex: 0, featureIndex: 0))
            return try #require(place([candidate]).first).pieces
        }
        // A street running straight up the screen, drawn from its bottom: read down it, each ideograph upright, one em apart.
        let down = try pieces("表参道", from: Point(x: 128, y: 200), to: Point(x: 128, y: 60))
        #expect(down.map(\.text) == ["表", "参", "道"])
        #expect(down.allSatisfy { abs($0.rotation) < 1e-9 }, "upright on screen: \(down.map(\.rotation))")
        #expect(abs(down[1].rect.center.y - down[0].rect.center.y - 16) < 1e-9, "one em down the line")
        // Leaning 30° off upright, they lean with it; level, they lie along the line as before.
        let leaning = try pieces("表参道", from: Point(x: 100, y: 60), to: Point(x: 100 + 140 * sin(.pi / 6), y: 60 + 140 * cos(.pi / 6)))
        #expect(leaning.allSatisfy { abs($0.rotation + 30) < 1e-6 }, "\(leaning.map(\.rotation))")
        let level = try pieces("表参道", from: Point(x: 60, y: 128), to: Point(x: 200, y: 128))
        #expect(level.allSatisfy { abs($0.rotation) < 1e-9 } && abs(level[1].rect.center.x - level[0].rect.center.x - 10) < 1e-9,
                "level: each its own width along the line")
        // Latin along an upright line is not set in a column: it lies along the line, read upwards as before.
        let latin = try pieces("Main", from: Point(x: 128, y: 60), to: Point(x: 128, y: 200))
        #expect(latin.allSatisfy { abs(abs($0.rotation) - 90) < 1e-9 })
    }
}
