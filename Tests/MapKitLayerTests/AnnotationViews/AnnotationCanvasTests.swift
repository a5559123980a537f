import Testing
@testable import MapEngine
@testable import MapKitLayer

/// What a view's shapes and text become: pictures on whole pixels, named by
/// what they show, kept in drawing order with the view's images.
@Suite @MainActor struct AnnotationCanvasTests {
    /// Eight pixels a character, twelve high, at any size.
    struct FixedMetrics: TextMeasuring {
        func size(of text: String, font: FontSpec) -> Size {
            Size(width: Double(text.count) * font.size * 0.5, height: font.size * 1.2)
        }
    }

    let badge = Rect(x: 0, y: 0, width: 40, height: 20)

    func drawBadge(_ canvas: inout AnnotationCanvas, text: String = "42", color: Color = Color(hex: 0x1A73E8)) {
        canvas.fill(.roundedRect(badge, cornerRadius: 10), color: color)
        canvas.draw(text, font: FontSpec(size: 10, weight: .bold), color: Color(hex: 0xFFFFFF), centeredIn: badge)
    }

    @Test func shapesAndTextDrawnTogetherAreOnePictureJustLargeEnough() throws {
        var canvas = AnnotationCanvas(scale: 2, metrics: FixedMetrics())
        drawBadge(&canvas)
        canvas.finishPicture()
        #expect(canvas.items.count == 1)
        let item = try #require(canvas.items.first)
        let picture = try #require(item.picture)
        // The fill covers 80 x 40 pixels; a pixel each side for its soft edge.
        #expect(item.offset == Point(x: -1, y: -1))
        #expect((picture.width, picture.height) == (82, 42))
        #expect(item.size == Size(width: 82, height: 42))
        #expect(item.name == picture.name && picture.name.hasPrefix(CanvasPicture.namePrefix))
        // The text, 20-pixel font at scale 2, is centred in the badge and moved with the picture.
        guard case .text(let text) = picture.layers.last else { Issue.record("no text layer"); return }
        #expect(text.font == FontSpec(size: 20, weight: .bold))
        #expect(text.rect == Rect(x: 31, y: 9, width: 20, height: 24))
    }

    @Test func canvasSizesOfTextAreInPoints() {
        let canvas = AnnotationCanvas(scale: 2, metrics: FixedMetrics())
        #expect(canvas.size(of: "ABCD", font: FontSpec(size: 10)) == Size(width: 20, height: 12))
    }

    @Test func anImageBetweenShapesKeepsTheOrderTheViewDrewIn() {
        var canvas = AnnotationCanvas(scale: 1, metrics: FixedMetrics())
        canvas.fill(.circle(center: Point(x: 10, y: 10), radius: 10), color: Color(hex: 0xFF0000))
        canvas.draw(AnnotationImage(name: "dot", size: Size(width: 8, height: 8)))
        canvas.stroke(.circle(center: Point(x: 10, y: 10), radius: 9), color: Color(hex: 0xFFFFFF), lineWidth: 2)
        canvas.finishPicture()
        #expect(canvas.items.map { $0.picture == nil } == [false, true, false])
        #expect(canvas.items[1].name == "dot")
    }

    @Test func theSameDrawingHasTheSameNameAndADifferentOneAnother() throws {
        func name(_ draw: (inout AnnotationCanvas) -> Void) throws -> String {
            var canvas = AnnotationCanvas(scale: 1, metrics: FixedMetrics())
            draw(&canvas)
            canvas.finishPicture()
            return try #require(canvas.items.first).name
        }
        let first = try name { drawBadge(&$0) }
        #expect(try name { drawBadge(&$0) } == first)
        #expect(try name { drawBadge(&$0, text: "43") } != first)
        #expect(try name { drawBadge(&$0, color: Color(hex: 0x1A73E9)) } != first)
    }

    @Test func invisibleOrRunawayShapesDrawNothing() {
        var canvas = AnnotationCanvas(scale: 1, metrics: FixedMetrics())
        canvas.fill(.rect(badge), color: Color(hex: 0xFF0000, alpha8: 0))
        canvas.stroke(.rect(badge), color: Color(hex: 0xFF0000), lineWidth: 0)
        canvas.draw("", font: FontSpec(size: 10), color: Color(hex: 0), at: .zero)
        canvas.finishPicture()
        #expect(canvas.items.isEmpty)
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 1e9, height: 10)), color: Color(hex: 0xFF0000))
        canvas.finishPicture()
        #expect(canvas.items.isEmpty, "a picture a billion pixels wide is left out")
    }

    @Test func aClosedStrokeIsJoinedWhereItStarted() throws {
        var canvas = AnnotationCanvas(scale: 1, metrics: FixedMetrics())
        canvas.stroke(.rect(badge), color: Color(hex: 0), lineWidth: 2)
        canvas.finishPicture()
        guard case .paint(.stroke(let lines, let stroke))? = try #require(canvas.items.first?.picture).layers.first else {
            Issue.record("no stroke"); return
        }
        // Runs on past its start over the first side, so the corner there is joined like the others.
        #expect(lines[0].count == 6 && lines[0][5] == lines[0][1])
        #expect(stroke.width == 2 && stroke.join == .round)
    }

    /// Draws the frame count as text, and asks to be drawn again every frame.
    final class CounterView: AnnotationView {
        var count = 0
        override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
            count += 1
            canvas.fill(.circle(center: Point(x: 10, y: 10), radius: 10), color: Color(hex: 0x202124))
            canvas.draw("\(count)", font: FontSpec(size: 9), color: Color(hex: 0xFFFFFF), at: Point(x: 2, y: 4))
            setNeedsDisplay()
        }
    }

    final class CounterViews: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = CounterView(annotation: annotation, reuseIdentifier: nil)
            view.size = Size(width: 20, height: 20)
            return view
        }
    }

    @Test func aViewDrawingANewPictureEveryFrameDoesNotPileThemUp() throws {
        let map = makeAnnotationMap()
        let views = CounterViews()
        map.delegate = views
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2)))
        var batch: SpriteBatch?
        for frame in 0..<5000 {
            for case .sprites(let sprites) in FrameComposer.scene(of: map, at: Double(frame) / 60, tiles: NoTiles(), text: FixedMetrics()).commands {
                batch = sprites
            }
        }
        let last = try #require(batch)
        // Each frame's picture is new, and the one on screen is the newest.
        #expect(last.imageDraws.count == 1)
        let shown = try #require(last.imageDraws.first?.name)
        let annotation = try #require(map.annotations.first)
        let view = try #require(map.view(for: annotation) as? CounterView)
        let texts = last.pictures.values.filter { $0.name == shown }.flatMap(\.layers).compactMap { layer -> String? in
            if case .text(let text) = layer { return text.text } else { return nil }
        }
        #expect(texts == ["\(view.count)"] && view.count >= 5000)
        // Old pictures are forgotten: far fewer than the 5,000 drawn.
        #expect(last.pictures.count < 4200 && last.names.count < 4200, "\(last.pictures.count) pictures kept")
    }
}
