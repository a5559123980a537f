/// The haze over a tilted map's far ground, as MapLibre's fog and sky
/// draw it: the ground fades towards the fog colour from where it is drawn
/// at `clearScale` of its size at the centre up to the horizon, and above
/// the horizon (only in view past the pitch limit's default) the sky
/// fades from the fog colour to the sky's.
package enum HorizonFog {
    /// MapLibre's default `fog-color` and `sky-color`.
    static let fog = Color(hex: 0xFFFFFF)
    static let sky = Color(hex: 0x88C6FC)
    /// Ground drawn larger than this fraction of its size at the centre is clear.
    static let clearScale = 0.75
    /// The haze at the horizon itself.
    static let horizonHaze = 0.9

    package static func commands(camera: Camera) -> [DrawCommand] {
        guard camera.pitch > 0 else { return [] }
        let w = camera.viewportSize.width, h = camera.viewportSize.height
        let d = camera.eyeDistance, sinP = camera.tilt.sin, cosP = camera.tilt.cos
        // Where ground at `clearScale` shows: ahead by d(1 − 1/s)/sin p, drawn s as large.
        let ahead = d * (1 - 1 / clearScale) / sinP
        let clearY = h / 2 + ahead * cosP * clearScale
        let horizon = camera.horizonY ?? -.infinity
        guard clearY > 0 else { return [] }
        // The haze grows as the scale falls from `clearScale` to 0 at the horizon.
        func haze(atY y: Double) -> Double {
            guard y > horizon else { return horizonHaze }
            let ry = (y - h / 2) * d / (d * cosP + (y - h / 2) * sinP)
            let scale = d / (d - ry * sinP)
            return horizonHaze * min(max((clearScale - scale) / clearScale, 0), 1)
        }
        let top = max(horizon, 0)
        var commands: [DrawCommand] = []
        if horizon > 0 {
            commands.append(.gradient(Rect(x: 0, y: 0, width: w, height: horizon), top: sky, bottom: fog))
        }
        let alpha = haze(atY: top)
        commands.append(.gradient(Rect(x: 0, y: top, width: w, height: clearY - top),
                                  top: faded(alpha), bottom: faded(0)))
        return commands
    }

    private static func faded(_ alpha: Double) -> Color {
        Color(rgba: fog.red, fog.green, fog.blue, UInt8((min(max(alpha, 0), 1) * 255).rounded()))
    }
}
