import MapEngine

/// The `+` and `−` buttons, bottom right above the locate button: one
/// rounded white column of two 44-point targets, acting like the `+` and
/// `-` keys. A button that cannot zoom further is drawn greyed.
///
///     ZoomButtons.part(at: click, viewport: size, scale: 1, belowIt: LocateButton.size)   // .zoomIn?
enum ZoomButtons {
    enum Part: Equatable, Sendable { case zoomIn, zoomOut }

    static let size = 44.0
    static let margin = 10.0
    static let gap = 10.0
    static let face = Color(hex: 0xFFFFFF)
    static let pressedFace = Color(hex: 0xE3E3E3)
    /// A button not pressed shows the column's face: it is drawn clear.
    static let unpressedFace = Color(hex: 0xFFFFFF, alpha8: 0)
    static let glyph = Color(hex: 0x3C4043)
    static let glyphDisabled = Color(hex: 0xBDC1C6)
    static let divider = Color(hex: 0xDADCE0)
    static let zoomInAction = "zoom-in"
    static let zoomOutAction = "zoom-out"

    /// The column of both buttons. `clearance` is what stands below it in
    /// points: the credit line, and the locate button when it shows.
    static func frame(viewport: Size, scale: Double, hasLocateButton: Bool) -> Rect {
        let side = size * scale
        var bottom = viewport.height - (margin + LocateButton.bottomClearance) * scale
        if hasLocateButton { bottom -= (LocateButton.size + gap) * scale }
        return Rect(x: viewport.width - side - margin * scale, y: bottom - 2 * side, width: side, height: 2 * side)
    }

    /// The button under a screen point, if any.
    static func part(at point: Point, viewport: Size, scale: Double, hasLocateButton: Bool) -> Part? {
        let column = frame(viewport: viewport, scale: scale, hasLocateButton: hasLocateButton)
        guard column.contains(point) else { return nil }
        return point.y < column.midY ? .zoomIn : .zoomOut
    }

    static func commands(viewport: Size, scale: Double, hasLocateButton: Bool, pressed: Part?,
                                canZoomIn: Bool, canZoomOut: Bool) -> [DrawCommand] {
        let column = frame(viewport: viewport, scale: scale, hasLocateButton: hasLocateButton)
        let half = Size(width: column.width, height: column.height / 2)
        let upper = Rect(origin: column.origin, size: half)
        let lower = Rect(origin: Point(x: column.minX, y: column.midY), size: half)
        // Square, with a thin border: cheap to draw on a software renderer
        // (a plain fill and four lines) at every frame.
        var commands: [DrawCommand] = [
            .shape(ShapeDraw(outline: column.corners, center: column.center, color: face, feather: 0, rect: column,
                             role: "zoom-buttons")),
        ]
        commands += ControlStyle.border(column.corners)
        for (part, box, action, enabled) in [(Part.zoomIn, upper, zoomInAction, canZoomIn),
                                             (.zoomOut, lower, zoomOutAction, canZoomOut)] {
            // Each button is a shape of its own (for dumps, and to look pressed).
            let inset = 2 * scale
            let face = Rect(x: box.minX + inset, y: box.minY + inset, width: box.width - 2 * inset,
                            height: box.height - 2 * inset)
            commands.append(.shape(ShapeDraw(outline: face.corners, center: box.center,
                                             color: pressed == part ? pressedFace : unpressedFace,
                                             feather: 0, rect: box, role: "zoom-button", action: action)))
            let color = enabled ? glyph : glyphDisabled
            let bar = Size(width: 16 * scale, height: 2 * scale)
            commands.append(.rect(Rect(x: (box.midX - bar.width / 2).rounded(), y: (box.midY - bar.height / 2).rounded(),
                                       width: bar.width, height: bar.height), color))
            if part == .zoomIn {
                commands.append(.rect(Rect(x: (box.midX - bar.height / 2).rounded(), y: (box.midY - bar.width / 2).rounded(),
                                           width: bar.height, height: bar.width), color))
            }
        }
        commands.append(.rect(Rect(x: column.minX + 6 * scale, y: column.midY - scale / 2, width: column.width - 12 * scale,
                                   height: max(1, scale)), divider))
        return commands
    }
}
