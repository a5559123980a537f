import Foundation

extension ShapeDraw {
    /// A filled circle, with enough sides to look round at its size: the
    /// blue dot and its accuracy, the locate button, a finger's disc.
    package static func disc(_ center: Point, _ radius: Double, _ color: Color, feather: Double, role: String,
                     action: String? = nil) -> ShapeDraw {
        let sides = max(24, min(180, Int(radius * 1.5)))
        let outline = (0..<sides).map { i -> Point in
            let angle = Double(i) / Double(sides) * 2 * .pi
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let box = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        return ShapeDraw(outline: outline, center: center, color: color, feather: feather, rect: box, role: role,
                         action: action)
    }
}
