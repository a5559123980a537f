import MapEngine

/// Where a callout of a given size goes on screen: above its anchor with
/// the pointer's tip on it (or below, flipped), centred when it can be,
/// slid sideways to stay on screen, but with the tip never closer than
/// 39 pt to either end of the bubble, so the pointer always hits the pin.
///
///     let placement = CalloutPlacement(bodySize: body.size, tip: anchor, side: .above,
///                                      viewport: camera.viewportSize, scale: 1)
///     camera.pan(by: placement.panIntoView(viewport: camera.viewportSize, scale: 1))
struct CalloutPlacement: Equatable, Sendable {
    enum Side: String, Equatable, Sendable {
        case above, below
    }

    let side: Side
    /// The pointer's tip, in screen pixels.
    let tip: Point
    /// The bubble without its pointer, in screen pixels.
    let body: Rect
    let pointerHeight: Double
    let pointerWidth: Double

    init(bodySize: Size, tip: Point, side: Side, viewport: Size, scale: Double) {
        self.side = side
        self.tip = tip
        pointerHeight = CalloutStyle.pointerHeight * scale
        pointerWidth = CalloutStyle.pointerWidth * scale
        let margin = CalloutStyle.screenMargin * scale
        // Centred over the tip, then slid to stay on screen when it fits.
        var x = tip.x - bodySize.width / 2
        if bodySize.width <= viewport.width - 2 * margin {
            x = min(max(x, margin), viewport.width - margin - bodySize.width)
        }
        // The tip keeps its distance from the ends (half the width for a narrow bubble).
        let inset = min(CalloutStyle.pointerInset * scale, bodySize.width / 2)
        let tipFromLeft = min(max(tip.x - x, inset), bodySize.width - inset)
        x = tip.x - tipFromLeft
        let y = side == .above ? tip.y - pointerHeight - bodySize.height : tip.y + pointerHeight
        body = Rect(x: x.rounded(), y: y.rounded(), width: bodySize.width, height: bodySize.height)
    }

    /// The same callout moved by `delta` pixels (it follows the map).
    func offsetBy(_ delta: Point) -> CalloutPlacement {
        CalloutPlacement(side: side, tip: tip + delta, body: body.offsetBy(delta), pointerHeight: pointerHeight,
                         pointerWidth: pointerWidth)
    }

    private init(side: Side, tip: Point, body: Rect, pointerHeight: Double, pointerWidth: Double) {
        self.side = side
        self.tip = tip
        self.body = body
        self.pointerHeight = pointerHeight
        self.pointerWidth = pointerWidth
    }

    /// The bubble and its pointer together.
    var bounds: Rect {
        side == .above ? Rect(x: body.minX, y: body.minY, width: body.width, height: body.height + pointerHeight)
            : Rect(x: body.minX, y: body.minY - pointerHeight, width: body.width, height: body.height + pointerHeight)
    }

    /// How far to move the map's content (as `Camera.pan(by:)` takes it) for
    /// the whole callout to show with the screen margin around it; the top
    /// and left win when it cannot fit.
    func panIntoView(viewport: Size, scale: Double) -> Point {
        let margin = CalloutStyle.screenMargin * scale
        func shift(_ low: Double, _ high: Double, _ limit: Double) -> Double {
            if low < margin { return margin - low }
            if high > limit - margin { return max(margin - low, limit - margin - high) }
            return 0
        }
        let box = bounds
        return Point(x: shift(box.minX, box.maxX, viewport.width), y: shift(box.minY, box.maxY, viewport.height))
    }

    /// Whether a callout `bodyHeight` tall fits above its tip when the map is
    /// panned as far down as it goes, which brings the tip `maxTipY` pixels
    /// below the top of the screen.
    static func fitsAbove(bodyHeight: Double, maxTipY: Double, scale: Double) -> Bool {
        maxTipY - (CalloutStyle.pointerHeight + CalloutStyle.screenMargin) * scale - bodyHeight >= 0
    }
}
