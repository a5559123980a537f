import Testing
@testable import MapEngine

/// The order labels are drawn in (`symbol-z-order`): the style's lower
/// layers first; within a layer, lower on screen in front, or sort-key and
/// feature order.
@Suite struct SymbolZOrderTests {
    typealias Fixture = LabelPlacementTests

    func candidate(_ text: String, y: Double, layer: Int, feature: Int, byY: Bool = true) -> LabelCandidate {
        var look = LabelLook(size: 16, padding: 0, allowOverlap: true)
        look.drawsByScreenY = byY
        return LabelCandidate(text: text, tile: Fixture.tile, styleZoom: 9, placement: .point(Point(x: 128, y: y)),
                              layer: "layer\(layer)", look: look, priority: LabelPriority(layerIndex: layer, featureIndex: feature))
    }

    func drawn(_ candidates: [LabelCandidate]) -> [String] {
        var layer = LabelLayer()
        layer.update(candidates, camera: Fixture.camera(), scale: 1, metrics: FixedLabelMetrics(), now: 0, instant: true)
        return layer.commands().compactMap { if case .text(let draw) = $0 { draw.text } else { nil } }
    }

    @Test func aLowerLayerIsDrawnFirstAndWithinALayerTheLowerLabelInFront() {
        // Placed top layer first (it wins room), but drawn bottom layer first, as MapLibre draws layers.
        #expect(drawn([candidate("Top", y: 128, layer: 2, feature: 0), candidate("Bottom", y: 128, layer: 1, feature: 0)])
                == ["Bottom", "Top"])
        // Feature 0 lies lower on screen than feature 1: with viewport-y it is drawn last, in front.
        #expect(drawn([candidate("Lower", y: 136, layer: 1, feature: 0), candidate("Upper", y: 128, layer: 1, feature: 1)])
                == ["Upper", "Lower"])
        #expect(drawn([candidate("Lower", y: 136, layer: 1, feature: 0, byY: false), candidate("Upper", y: 128, layer: 1, feature: 1, byY: false)])
                == ["Lower", "Upper"], "source order")
    }

    @Test func theStyleReadsTheZOrder() throws {
        func look(_ layout: String) throws -> LabelLook {
            let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"s": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
             "layers": [{"id": "poi", "type": "symbol", "source": "s", "source-layer": "poi", "layout": {"text-field": "{name}"\(layout)}}]}
            """.utf8), file: "style.json")
            #expect(style.notes.isEmpty, "\(style.notes)")
            return LabelStyleReader.look(style.layers[0], StyleContext(zoom: 10), icon: nil)
        }
        #expect(try look("").drawsByScreenY, "auto without a sort key: by the screen")
        #expect(try !look(#", "symbol-sort-key": 3"#).drawsByScreenY, "auto with one: by the key")
        #expect(try !look(#", "symbol-z-order": "source""#).drawsByScreenY)
        #expect(try look(#", "symbol-z-order": "viewport-y", "symbol-sort-key": 3"#).drawsByScreenY)
    }
}
