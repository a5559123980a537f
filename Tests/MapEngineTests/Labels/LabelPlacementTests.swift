import Testing
@testable import MapEngine

/// Fixed metrics: every character 10 px wide per 16 px of font, lines 1.2 em high.
struct FixedLabelMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size {
        Size(width: Double(text.count) * font.size * 10 / 16, height: (font.size * 1.2).rounded())
    }
}

@Suite struct LabelPlacementTests {
    static let tile = TileID(z: 10, x: 536, y: 358)

    static func camera(offset: Point = .zero) -> Camera {
        // The tile's centre in the middle of an 800x600 view at the tile's zoom.
        let world = Point(x: (Double(tile.x) + 0.5) / 1024, y: (Double(tile.y) + 0.5) / 1024)
        var camera = Camera(center: WebMercator.unproject(world), zoom: 10, viewportSize: Size(width: 800, height: 600))
        camera.pan(by: offset)
        return camera
    }

    static func point(_ text: String, at point: Point, priority: Int, layer: String = "places",
                      look: LabelLook = LabelLook(size: 16, padding: 2)) -> LabelCandidate {
        LabelCandidate(text: text, tile: tile, styleZoom: 9, placement: .point(point), layer: layer, look: look,
                       priority: LabelPriority(layerIndex: 0, featureIndex: priority))
    }

    @Test func higherPriorityWinsAndNoTwoLabelsOverlap() {
        let candidates = [
            Self.point("Winterthur", at: Point(x: 128, y: 128), priority: 2),
            Self.point("Zurich", at: Point(x: 130, y: 130), priority: 1),
            Self.point("Baden", at: Point(x: 128, y: 200), priority: 3),
        ]
        var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        let placed = placer.place(candidates)
        #expect(placed.map(\.key.text) == ["Zurich", "Baden"])
        let boxes = placed.flatMap { $0.pieces.map(\.rect) }
        for (i, a) in boxes.enumerated() { for b in boxes[(i + 1)...] { #expect(!a.intersects(b)) } }
    }

    @Test func aLayerShownFromBetweenTwoLevelsWaitsForTheMapsZoom() throws {
        // A layer from 9.5 is laid out by the level-10 tiles (style zoom 9), as MapLibre lays it out from 9,
        // and shown once the map's style zoom reaches 9.5.
        let style = #"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [
          {"id": "peaks", "type": "symbol", "source": "v", "source-layer": "peaks", "minzoom": 9.5, "layout": {"text-field": ["get", "name"]}}]}
        """#
        let layout = VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "t.json"), source: "v", dataLevels: 0...14)
        let tile = try VectorTile(bytes: TileEncoder.encode([.init(name: "peaks", features: [
            .init(type: 1, properties: [("name", .string("Säntis"))], commands: TileEncoder.commands([[(1024, 1024)]]))])]))
        let drawing = layout.drawing(for: Self.tile, data: tile, dataTile: Self.tile.parent!, scale: 1)
        #expect(drawing.labels.map(\.text) == ["Säntis"], "laid out from the minzoom rounded down")
        #expect(drawing.labels.first?.shownAt == 9.5..<24)
        func placed(atMapZoom zoom: Double) -> [String] {
            var camera = Self.camera()
            camera.zoom(to: zoom, about: camera.viewportSize.center)
            var placer = LabelPlacer(camera: camera, scale: 1, metrics: FixedLabelMetrics())
            return placer.place(drawing.labels).map(\.key.text)
        }
        #expect(placed(atMapZoom: 10.3).isEmpty, "style zoom 9.3: not yet")
        #expect(placed(atMapZoom: 10.6) == ["Säntis"], "style zoom 9.6: shown")
    }

    @Test func aLabelThatAvoidsEdgesIsLeftOutWhereItWouldCrossItsTilesEdge() {
        func placed(_ at: Point, edges: Rect?) -> Bool {
            var candidate = Self.point("Winterthur", at: at, priority: 1)
            candidate.edges = edges
            var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
            return !placer.place([candidate]).isEmpty
        }
        let tile = Rect(x: 0, y: 0, width: 256, height: 256)
        // 100 px wide about x = 240: it would reach 50 px into the next tile.
        #expect(!placed(Point(x: 240, y: 128), edges: tile))
        #expect(placed(Point(x: 240, y: 128), edges: nil), "without symbol-avoid-edges it crosses")
        #expect(placed(Point(x: 128, y: 128), edges: tile), "well inside, it stands")
        // The edges of a larger data tile (this tile its top-left quarter) are farther.
        #expect(placed(Point(x: 240, y: 128), edges: Rect(x: 0, y: 0, width: 512, height: 512)))
    }

    @Test func paddingKeepsLabelsApart() {
        // 10 px apart vertically: touching boxes with padding 2, free with padding 0.
        func placed(padding: Double) -> Int {
            let look = LabelLook(size: 16, padding: padding)
            var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
            return placer.place([Self.point("Aaaa", at: Point(x: 128, y: 100), priority: 1, look: look),
                                 Self.point("Bbbb", at: Point(x: 128, y: 120), priority: 2, look: look)]).count
        }
        #expect(placed(padding: 0) == 2)
        #expect(placed(padding: 2) == 1)
    }

    @Test func labelsAreStableWhileTheMapPans() {
        let candidates = (0..<40).map { i in
            Self.point("Place \(i)", at: Point(x: Double(i % 8) * 30 + 10, y: Double(i / 8) * 45 + 20), priority: i)
        }
        var first = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        let before = first.place(candidates)
        for step in 1...10 {
            let offset = Point(x: Double(step) * 3.7, y: Double(step) * -2.3)
            let camera = Self.camera(offset: offset)
            var placer = LabelPlacer(camera: camera, scale: 1, metrics: FixedLabelMetrics())
            let after = placer.place(candidates)
            let reference = WebMercator.project(Self.camera().centerCoordinate)
            let mapShift = camera.screenPoint(forWorld: reference) - Self.camera().screenPoint(forWorld: reference)
            #expect(after.map(\.key) == before.map(\.key), "the same labels win at every pan offset")
            for (a, b) in zip(before, after) {
                let moved = b.pieces[0].rect.origin - a.pieces[0].rect.origin
                #expect(abs(moved.x - mapShift.x) < 1e-6 && abs(moved.y - mapShift.y) < 1e-6, "labels move with the map")
            }
        }
    }

    @Test func longNamesWrapAtTheirMaxWidth() {
        var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        let look = LabelLook(size: 16, maxWidth: 6)
        let placed = placer.place([Self.point("Rapperswil Jona am See", at: Point(x: 128, y: 128), priority: 1, look: look)])
        // Three lines (the name is over twice the width), as even as the words allow: "See" alone would be ragged.
        #expect(placed.first?.pieces.map(\.text) == ["Rapperswil", "Jona", "am See"])
    }

    @Test func lineLabelsFollowTheLineUprightGlyphByGlyph() {
        // A line running right to left: the label is still read left to right.
        let path = [Point(x: 250, y: 128), Point(x: 10, y: 128)]
        let candidate = LabelCandidate(text: "Bahnhofstrasse", tile: Self.tile, styleZoom: 9,
                                       placement: .line(path: path, anchorDistance: 120), layer: "roads",
                                       look: LabelLook(size: 12), priority: LabelPriority(layerIndex: 0, featureIndex: 0))
        var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        let pieces = placer.place([candidate]).first?.pieces ?? []
        #expect(pieces.map(\.text).joined() == "Bahnhofstrasse")
        #expect(pieces.allSatisfy { $0.rotation == 0 })
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.rect.minX < $1.rect.minX })
        // Too long for its line: dropped, not squeezed.
        var short = candidate
        short.placement = .line(path: [Point(x: 100, y: 100), Point(x: 130, y: 100)], anchorDistance: 15)
        #expect(placer.place([short]).isEmpty)
        // A hairpin sharper than text-max-angle: dropped.
        var bent = candidate
        bent.placement = .line(path: [Point(x: 20, y: 100), Point(x: 120, y: 100), Point(x: 30, y: 110)], anchorDistance: 100)
        #expect(placer.place([bent]).isEmpty)
    }

    @Test func labelsFadeInOverAFifthOfASecondAndOut() {
        var layer = LabelLayer()
        let camera = Self.camera()
        let one = [Self.point("Zug", at: Point(x: 128, y: 128), priority: 1)]
        layer.update(one, camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 10)
        #expect(alpha(layer) == 0)
        layer.update(one, camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 10.1)
        #expect(abs(alpha(layer)! - 0.5) < 1e-9)
        #expect(layer.isFading)
        layer.update(one, camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 10.25)
        #expect(alpha(layer) == 1)
        #expect(!layer.isFading)
        layer.update([], camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 10.3)
        #expect(alpha(layer)! > 0 && alpha(layer)! < 1)
        layer.update([], camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 10.6)
        #expect(layer.commands().isEmpty)
        layer.update(one, camera: camera, scale: 1, metrics: FixedLabelMetrics(), now: 11, instant: true)
        #expect(alpha(layer) == 1)
    }

    private func alpha(_ layer: LabelLayer) -> Double? {
        if case .text(let text)? = layer.commands().first, text.role == "label" { return text.alpha }
        return layer.commands().isEmpty ? 0 : nil
    }
}

@Suite struct LabelIconTests {
    static let sheet = try! SpriteSheet(bytes: Array("""
        {"bus": {"x": 0, "y": 0, "width": 24, "height": 16, "pixelRatio": 2},
         "broken": {"x": 0, "y": 0, "width": -3, "height": 16}, "text": 7}
        """.utf8), file: "sprite@2x.json")

    @Test func aSpriteIndexGivesIconsInPointsAndSkipsBrokenEntries() {
        #expect(Self.sheet.icons.keys.sorted() == ["bus"])
        #expect(Self.sheet.icons["bus"]?.size == Size(width: 12, height: 8))
        #expect(throws: StyleError.self) { try SpriteSheet(bytes: Array("[1, 2".utf8), file: "s.json") }
    }

    @Test func iconsAreCentredOnTheirAnchorAndTakeRoom() {
        let look = LabelLook(size: 16, padding: 0, icon: "bus", iconSize: 2)
        let iconOnly = LabelCandidate(text: "", tile: LabelPlacementTests.tile, styleZoom: 9, placement: .point(Point(x: 128, y: 128)),
                                      layer: "stops", look: look, priority: LabelPriority(layerIndex: 0, featureIndex: 0))
        var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics(), sprite: Self.sheet)
        let placed = placer.place([iconOnly])
        let icon = try? #require(placed.first?.icon)
        #expect(icon?.name == "bus")
        #expect(icon?.rect.size == Size(width: 24, height: 16))
        #expect(icon?.rect.center == Point(x: 400, y: 300))
        // A label whose text would touch the icon loses to it.
        var near = LabelPlacementTests.point("Haltestelle", at: Point(x: 128, y: 130), priority: 1)
        near.look.padding = 0
        var second = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics(), sprite: Self.sheet)
        #expect(second.place([iconOnly, near]).count == 1)
        // Without the sprite an icon-only label is left out.
        var bare = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics())
        #expect(bare.place([iconOnly]).isEmpty)
    }

    /// Icons and text collide each by its own flags: an icon that may
    /// overlap is drawn over another, an icon that ignores placement lets
    /// another stand on it, and an optional text gives way alone.
    @Test func iconsAndTextCollideByTheirOwnFlags() {
        func stop(_ name: String, x: Double, _ change: (inout LabelLook) -> Void) -> LabelCandidate {
            var look = LabelLook(size: 16, padding: 0, icon: "bus", iconSize: 2)
            change(&look)
            return LabelCandidate(text: name, tile: LabelPlacementTests.tile, styleZoom: 9, placement: .point(Point(x: x, y: 128)),
                                  layer: "stops", look: look, priority: LabelPriority(layerIndex: 0, featureIndex: Int(x)))
        }
        func place(_ candidates: [LabelCandidate]) -> [PlacedLabel] {
            var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics(), sprite: Self.sheet)
            return placer.place(candidates)
        }
        // Two stops 4 points apart: their icons and texts overlap; the second is left out.
        #expect(place([stop("Bellevue", x: 128) { _ in }, stop("Bellevue", x: 132) { _ in }]).count == 1)
        // Its icon may overlap, but its text may not and is not optional: still left out.
        #expect(place([stop("Bellevue", x: 128) { _ in }, stop("Bellevue", x: 132) { $0.iconAllowOverlap = true }]).count == 1)
        // Its text is optional too: its icon alone is drawn.
        let alone = place([stop("Bellevue", x: 128) { _ in },
                           stop("Bellevue", x: 132) { $0.iconAllowOverlap = true; $0.textOptional = true }])
        #expect(alone.count == 2)
        #expect(alone.last?.icon != nil && alone.last?.pieces.isEmpty == true)
        // Both flags for both parts: both drawn whole.
        let both = place([stop("Bellevue", x: 128) { _ in },
                          stop("Bellevue", x: 132) { $0.iconAllowOverlap = true; $0.allowOverlap = true }])
        #expect(both.count == 2 && both.allSatisfy { $0.icon != nil && !$0.pieces.isEmpty })
        // The first ignores placement for its icon and text: the second stands on them.
        #expect(place([stop("Bellevue", x: 128) { $0.iconIgnorePlacement = true; $0.ignorePlacement = true },
                       stop("Bellevue", x: 132) { _ in }]).count == 2)
    }
}

extension LabelPlacementTests {
    @Test func aLayerHigherInTheStyleWinsAndASortKeyOrdersOnlyWithinItsLayer() {
        func label(_ text: String, x: Double, layer: Int, sortKey: Double) -> LabelCandidate {
            LabelCandidate(text: text, tile: Self.tile, styleZoom: 9, placement: .point(Point(x: x, y: 128)), layer: "l\(layer)",
                           look: LabelLook(size: 16, padding: 2), priority: LabelPriority(sortKey: sortKey, layerIndex: layer, featureIndex: 0))
        }
        // A village (lower layer, lowest sort key) and a city (drawn above it) at one spot: the city, as in MapLibre.
        var placer = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        #expect(placer.place([label("Village", x: 128, layer: 1, sortKey: -10), label("City", x: 130, layer: 2, sortKey: 5)])
            .map(\.key.text) == ["City"])
        // Within one layer the lower sort key wins.
        var again = LabelPlacer(camera: Self.camera(), scale: 1, metrics: FixedLabelMetrics())
        #expect(again.place([label("Second", x: 128, layer: 1, sortKey: 2), label("First", x: 130, layer: 1, sortKey: 1)])
            .map(\.key.text) == ["First"])
    }
}

extension LabelIconTests {
    /// `icon-text-fit` stretches the icon to frame the text with its
    /// padding (top, right, bottom, left, in points), side by side as the
    /// fit says; a side not fitted keeps the icon's own size, centred on the text.
    @Test func anIconStretchesToFrameItsText() throws {
        // "ABCD" at 16 px: 40 × 19 (fixed metrics), centred on the anchor at (400, 300); one line of 1.2 em is 19.2 high.
        func icon(_ fit: IconTextFit, padding: [Double] = [0, 0, 0, 0]) throws -> Rect {
            var look = LabelLook(size: 16, padding: 0, icon: "bus", iconSize: 2)
            look.iconTextFit = fit
            look.iconTextFitPadding = padding
            let label = LabelCandidate(text: "ABCD", tile: LabelPlacementTests.tile, styleZoom: 9, placement: .point(Point(x: 128, y: 128)),
                                       layer: "shields", look: look, priority: LabelPriority(layerIndex: 0, featureIndex: 0))
            var placer = LabelPlacer(camera: LabelPlacementTests.camera(), scale: 1, metrics: FixedLabelMetrics(), sprite: Self.sheet)
            return try #require(placer.place([label]).first?.icon).rect
        }
        func near(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
        }
        let plain = try icon(.none)
        #expect(near(plain, Rect(x: 388, y: 292, width: 24, height: 16)), "\(plain)")
        let both = try icon(.both)
        #expect(near(both, Rect(x: 380, y: 290.4, width: 40, height: 19.2)), "\(both)")
        let padded = try icon(.both, padding: [5, 10, 3, 2])
        #expect(near(padded, Rect(x: 378, y: 285.4, width: 52, height: 27.2)), "\(padded)")
        let wide = try icon(.width)
        #expect(near(wide, Rect(x: 380, y: 292, width: 40, height: 16)), "\(wide)")
        let tall = try icon(.height)
        #expect(near(tall, Rect(x: 388, y: 290.4, width: 24, height: 19.2)), "\(tall)")
    }
}
