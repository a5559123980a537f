import MapEngine

/// The small round button that drops a pin at the user's location (key L
/// does the same): bottom right, above the credit line, 44 points so a
/// finger finds it. Its arrow is blue once there is a fix, grey before.
enum LocateButton {
    /// What of the button a pointer is over: there is only the button.
    enum Part: Equatable { case button }

    static let size = 44.0
    static let margin = 10.0
    /// Space left for the credit line below.
    static let bottomClearance = 22.0
    static let arrowReady = Color(hex: 0x1A73E8)
    static let arrowWaiting = Color(hex: 0x9AA0A6)
    static let pressedFace = Color(hex: 0xE3E3E3)
    static let action = "locate"

    /// `scale` is pixels per point.
    static func frame(viewport: Size, scale: Double = 1) -> Rect {
        Rect(x: viewport.width - (size + margin) * scale, y: viewport.height - (size + margin + bottomClearance) * scale,
             width: size * scale, height: size * scale)
    }

    static func commands(viewport: Size, scale: Double = 1, hasFix: Bool, isPressed: Bool) -> [DrawCommand] {
        let box = frame(viewport: viewport, scale: scale)
        let center = box.center
        let button = ShapeDraw.disc(center, size * scale / 2, isPressed ? pressedFace : Color(hex: 0xFFFFFF),
                                    feather: 1, role: "locate-button", action: action)
        let shadow = CalloutStyle.shadow(of: button.outline, center: center, rect: box, role: "locate-button-shadow",
                                         scale: scale)
        // A navigation arrow pointing north-east, 20 points across.
        let arrow = [Point(x: 8, y: -8), Point(x: -9, y: -1), Point(x: -1, y: 1), Point(x: 1, y: 9)]
            .map { center + $0 * scale }
        let pivot = center + Point(x: 0.5, y: -0.5) * scale
        return [.shape(shadow), .shape(button),
                .shape(ShapeDraw(outline: arrow, center: pivot, color: hasFix ? arrowReady : arrowWaiting,
                                 feather: 1, rect: box, role: "locate-arrow"))]
    }
}
