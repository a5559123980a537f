@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Where callouts go on an 800 x 600 screen.
@Suite struct CalloutPlacementTests {
    let viewport = Size(width: 800, height: 600)
    let size = Size(width: 200, height: 56)

    func place(_ tip: Point, side: CalloutPlacement.Side = .above, size: Size? = nil) -> CalloutPlacement {
        CalloutPlacement(bodySize: size ?? self.size, tip: tip, side: side, viewport: viewport, scale: 1)
    }

    @Test func aboveTheTipCentredWithThePointerBelow() {
        let p = place(Point(x: 400, y: 300))
        #expect(p.body == Rect(x: 300, y: 230, width: 200, height: 56))  // 300 - 14 - 56
        #expect(p.bounds == Rect(x: 300, y: 230, width: 200, height: 70))
        #expect(p.panIntoView(viewport: viewport, scale: 1) == .zero)
    }

    @Test func nearAnEdgeTheBubbleSlidesButThePointerStillHitsThePin() {
        let left = place(Point(x: 80, y: 300))
        #expect(left.body.minX == 10)  // slid in to the screen margin
        #expect(left.tip.x == 80)
        let right = place(Point(x: 700, y: 300))
        #expect(right.body.maxX == 790)
        #expect(right.tip.x == 700)
    }

    @Test func thePointerKeeps39PointsFromTheBubblesEnds() {
        let p = place(Point(x: 20, y: 300))
        // Sliding to the margin would put the tip 10 px from the end: the bubble moves out instead.
        #expect(p.tip.x - p.body.minX == 39)
        #expect(p.body.minX == -19)
        let narrow = place(Point(x: 5, y: 300), size: Size(width: 75, height: 56))
        // Half of 75, give or take the rounding to whole pixels.
        #expect(abs(narrow.tip.x - narrow.body.minX - 37.5) <= 0.5)
        // And the map pans so the whole callout shows with 10 px to spare.
        #expect(p.panIntoView(viewport: viewport, scale: 1) == Point(x: 29, y: 0))
    }

    @Test func panIntoViewMovesJustEnoughWithA10PixelMargin() {
        #expect(place(Point(x: 400, y: 40)).panIntoView(viewport: viewport, scale: 1) == Point(x: 0, y: 40))
        #expect(place(Point(x: 400, y: 79)).panIntoView(viewport: viewport, scale: 1) == Point(x: 0, y: 1))
        #expect(place(Point(x: 400, y: 80)).panIntoView(viewport: viewport, scale: 1) == .zero)
        #expect(place(Point(x: 400, y: 590), side: .below).panIntoView(viewport: viewport, scale: 1)
                == Point(x: 0, y: -70))  // 590 + 70 must end at 590
        #expect(place(Point(x: 780, y: 300)).panIntoView(viewport: viewport, scale: 1) == Point(x: -29, y: 0))
    }

    @Test func belowTheTipThePointerIsOnTop() {
        let p = place(Point(x: 400, y: 100), side: .below)
        #expect(p.body == Rect(x: 300, y: 114, width: 200, height: 56))
        #expect(p.bounds == Rect(x: 300, y: 100, width: 200, height: 70))
    }

    @Test func itFlipsOnlyWhenNoPanCanMakeRoomAbove() {
        // Needs 14 + 10 + 56 = 80 px above the tip.
        #expect(CalloutPlacement.fitsAbove(bodyHeight: 56, maxTipY: 80, scale: 1))
        #expect(!CalloutPlacement.fitsAbove(bodyHeight: 56, maxTipY: 79, scale: 1))
        // At scale 2 the pointer and margin take 48 px: 48 + 112 > 150.
        #expect(!CalloutPlacement.fitsAbove(bodyHeight: 112, maxTipY: 150, scale: 2))
        #expect(CalloutPlacement.fitsAbove(bodyHeight: 112, maxTipY: 160, scale: 2))
    }

    @Test func thePointerOutlineHitsTheTipAndItsBaseStaysOnTheBubble() {
        let p = place(Point(x: 20, y: 300))
        let pointer = CalloutDrawing.pointer(p)
        #expect(pointer[1] == p.tip)
        #expect(pointer.allSatisfy { $0.x >= p.body.minX && $0.x <= p.body.maxX })
        #expect(pointer[0].y == p.body.maxY && pointer[2].y == p.body.maxY)
        let outline = CalloutDrawing.outline(p, radius: 10)
        #expect(outline.contains(p.tip))
        // One point where the outline starts, four arcs of 7 (the last one's end left out), the pointer's 3.
        #expect(outline.count == 1 + 4 * 7 - 1 + 3)
    }
}
