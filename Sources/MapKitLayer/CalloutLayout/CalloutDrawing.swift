import Foundation
import MapEngine

/// Turns a placed callout into draw commands: a soft shadow, the bubble
/// (or the gradient strip and solid fill of a custom callout) with its
/// pointer, then text, images and controls. `scale` grows it about the
/// pointer's tip (the pop), `alpha` fades it.
struct CalloutDrawing {
    var body: CalloutBody
    var placement: CalloutPlacement
    /// The annotation's name, put on controls for scene dumps.
    var annotationID: String?
    /// The control drawn pressed, by its index in `body.elements`.
    var pressed: Int?
    var scale: Double = 1
    var alpha: Double = 1
    /// Pixels per point.
    var displayScale: Double = 1

    init(body: CalloutBody, placement: CalloutPlacement, annotationID: String?) {
        self.body = body
        self.placement = placement
        self.annotationID = annotationID
    }

    var commands: [DrawCommand] {
        var commands: [DrawCommand] = []
        let bodyRect = placement.body
        let outline = CalloutDrawing.outline(placement, radius: cornerRadius)
        commands.append(.shape(CalloutStyle.shadow(of: outline.map(grow), center: grow(bodyRect.center),
                                                   rect: grow(bodyRect), role: "callout-shadow",
                                                   scale: displayScale * scale, alpha: alpha)))
        switch body.background {
        case .bubble:
            commands.append(.shape(ShapeDraw(outline: outline.map(grow), center: grow(bodyRect.center),
                                             color: faded(CalloutStyle.bubbleColor), rect: grow(bodyRect),
                                             role: "callout")))
        case .strip(let strip):
            // The pointer in the solid colour; the body is the strip and the fill.
            let pointer = CalloutDrawing.pointer(placement)
            let pointerCenter = Point(x: placement.tip.x, y: (pointer[0].y + placement.tip.y) / 2)
            commands.append(.shape(ShapeDraw(outline: pointer.map(grow), center: grow(pointerCenter),
                                             color: faded(strip.solid), rect: grow(bodyRect), role: "callout")))
            let stripHeight = min(bodyRect.height, CalloutStrip.height * displayScale)
            let stripRect = Rect(x: bodyRect.minX, y: bodyRect.minY, width: bodyRect.width, height: stripHeight)
            commands.append(.gradient(grow(stripRect), top: faded(strip.top), bottom: faded(strip.bottom)))
            if bodyRect.height > stripHeight {
                commands.append(.rect(grow(Rect(x: bodyRect.minX, y: stripRect.maxY, width: bodyRect.width,
                                                height: bodyRect.height - stripHeight)), faded(strip.solid)))
            }
        }
        for (index, element) in body.elements.enumerated() {
            let frame = element.frame.offsetBy(bodyRect.origin)
            switch element.content {
            case .text(let text, let font, let color):
                commands.append(.text(TextDraw(text: text, font: font, color: color, rect: grow(frame),
                                               alpha: alpha, scale: scale)))
            case .image(let name):
                commands.append(.image(ImageDraw(name: name, rect: grow(frame), alpha: alpha, role: "callout-image",
                                                 id: annotationID)))
            case .control(let control):
                commands += self.control(control, frame: frame, isPressed: pressed == index)
            }
        }
        return commands
    }

    private var cornerRadius: Double {
        switch body.background {
        case .bubble: return CalloutStyle.cornerRadius * displayScale
        case .strip: return 0
        }
    }

    private func control(_ control: CalloutControl, frame: Rect, isPressed: Bool) -> [DrawCommand] {
        switch control.look {
        case .image(let name):
            return [.image(ImageDraw(name: name, rect: grow(frame), alpha: alpha, role: "callout-control",
                                     id: annotationID, tint: isPressed ? CalloutStyle.pressedTint : nil,
                                     action: control.action))]
        case .button(let fill):
            let color = isPressed ? fill.multiplied(by: CalloutStyle.pressedTint) : fill
            let outline = CalloutDrawing.roundedRect(frame, radius: min(frame.height / 2, 8 * displayScale))
            return [.shape(ShapeDraw(outline: outline.map(grow), center: grow(frame.center), color: faded(color),
                                     rect: grow(frame), role: "callout-control", action: control.action))]
        }
    }

    // MARK: Scaling and fading

    private func grow(_ point: Point) -> Point {
        scale == 1 ? point : placement.tip + (point - placement.tip) * scale
    }

    private func grow(_ rect: Rect) -> Rect {
        guard scale != 1 else { return rect }
        let origin = grow(rect.origin)
        return Rect(origin: origin, size: Size(width: rect.width * scale, height: rect.height * scale))
    }

    private func faded(_ color: Color) -> Color {
        var faded = color
        faded.alpha = UInt8((Double(color.alpha) * max(0, min(1, alpha))).rounded())
        return faded
    }

    // MARK: Outlines

    /// The bubble's outline with its pointer, clockwise.
    static func outline(_ placement: CalloutPlacement, radius: Double) -> [Point] {
        var points = roundedRect(placement.body, radius: radius)
        // Above: after the bottom-right corner. Below: along the top edge,
        // just after the outline's first point.
        let index = placement.side == .above ? (radius > 0 ? 1 + 2 * (arcSteps + 1) : 3) : 1
        points.insert(contentsOf: pointer(placement), at: index)
        return points
    }

    static let arcSteps = 6

    /// The pointer: its base's two ends on the bubble's edge and its tip,
    /// in the order the outline passes them.
    static func pointer(_ placement: CalloutPlacement) -> [Point] {
        let body = placement.body
        let half = placement.pointerWidth / 2
        let baseX = min(max(placement.tip.x, body.minX + half), body.maxX - half)
        if placement.side == .above {
            return [Point(x: baseX + half, y: body.maxY), placement.tip, Point(x: baseX - half, y: body.maxY)]
        }
        return [Point(x: baseX - half, y: body.minY), placement.tip, Point(x: baseX + half, y: body.minY)]
    }

    /// A rounded rectangle's outline, clockwise from the end of the top-left
    /// corner's arc (from the top-left corner when `radius` is 0).
    static func roundedRect(_ rect: Rect, radius: Double) -> [Point] {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return rect.corners }
        let steps = arcSteps
        let corners: [(center: Point, start: Double)] = [
            (Point(x: rect.maxX - r, y: rect.minY + r), -Double.pi / 2),
            (Point(x: rect.maxX - r, y: rect.maxY - r), 0),
            (Point(x: rect.minX + r, y: rect.maxY - r), Double.pi / 2),
            (Point(x: rect.minX + r, y: rect.minY + r), Double.pi),
        ]
        var points: [Point] = [Point(x: rect.minX + r, y: rect.minY)]
        for corner in corners {
            for step in 0...steps {
                let angle = corner.start + Double(step) / Double(steps) * Double.pi / 2
                points.append(Point(x: corner.center.x + r * cos(angle), y: corner.center.y + r * sin(angle)))
            }
        }
        points.removeLast()  // the last arc ends where the outline began
        return points
    }
}
