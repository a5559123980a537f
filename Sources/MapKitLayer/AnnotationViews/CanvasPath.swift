import Foundation
import MapEngine

/// A shape for an annotation view to fill or stroke on its `AnnotationCanvas`:
/// lines and curves in points from the view's top-left corner, y down. Made
/// ready (a rectangle, a rounded rectangle, a circle, an ellipse) or drawn
/// segment by segment, as with Core Graphics' `CGPath`.
///
///     var flag = CanvasPath()
///     flag.move(to: Point(x: 4, y: 28))
///     flag.addLine(to: Point(x: 4, y: 2))
///     flag.addQuadCurve(to: Point(x: 24, y: 8), control: Point(x: 14, y: -2))
///     flag.addLine(to: Point(x: 4, y: 14))
///     canvas.stroke(flag, color: Color(hex: 0x202124), lineWidth: 2)
///     canvas.fill(.circle(center: Point(x: 12, y: 12), radius: 10), color: Color(hex: 0x1A73E8))
public struct CanvasPath: Equatable, Sendable {
    /// One step of a path.
    enum Element: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case quadCurve(Point, control: Point)
        case curve(Point, control1: Point, control2: Point)
        case close
    }

    private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Whether the path has no segments.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        elements.append(.line(point))
    }

    /// A quadratic Bézier curve from the current point to `point`, pulled towards `control`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(point, control: control))
    }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(point, control1: control1, control2: control2))
    }

    /// A circular arc about `center`, from `startAngle` to `endAngle` in
    /// radians from the positive x axis; on screen (y down) a growing angle
    /// turns clockwise. A line joins the current point to the arc's start
    /// (a new subpath starts there when there is none).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        func at(_ angle: Double) -> Point { Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        let sweep = endAngle - startAngle
        guard radius > 0, sweep.isFinite, startAngle.isFinite else { return }
        elements.append(elements.isEmpty || elements.last == .close ? .move(at(startAngle)) : .line(at(startAngle)))
        // Quarter turns at most, each a cubic whose handles are 4/3·tan(θ/4) of the radius long.
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        for piece in 0..<pieces {
            let a = startAngle + Double(piece) * step, b = a + step
            let c1 = at(a) + Point(x: -sin(a), y: cos(a)) * handle
            let c2 = at(b) - Point(x: -sin(b), y: cos(b)) * handle
            elements.append(.curve(at(b), control1: c1, control2: c2))
        }
    }

    /// Closes the subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        elements.append(.close)
    }

    /// A rectangle.
    public static func rect(_ rect: Rect) -> CanvasPath {
        var path = CanvasPath()
        path.move(to: rect.origin)
        path.addLine(to: Point(x: rect.maxX, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
        path.addLine(to: Point(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }

    /// A rectangle with round corners of `cornerRadius` points (at most half
    /// the shorter side: a capsule).
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> CanvasPath {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return .rect(rect) }
        var path = CanvasPath()
        let half = Double.pi / 2
        path.addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -half, endAngle: 0)
        path.addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: half)
        path.addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: half, endAngle: 2 * half)
        path.addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: 2 * half, endAngle: 3 * half)
        path.closeSubpath()
        return path
    }

    /// A circle.
    public static func circle(center: Point, radius: Double) -> CanvasPath {
        ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The ellipse that fits in `rect`.
    public static func ellipse(in rect: Rect) -> CanvasPath {
        var path = CanvasPath()
        guard rect.width > 0, rect.height > 0 else { return path }
        // A unit circle's arcs, stretched to the rectangle.
        var unit = CanvasPath()
        unit.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * Double.pi)
        let stretch = { (p: Point) in Point(x: rect.midX + p.x * rect.width / 2, y: rect.midY + p.y * rect.height / 2) }
        path.elements = unit.elements.map { $0.mapped(stretch) } + [.close]
        return path
    }

    /// The path as polylines `scale` pixels a point, curves cut into pieces
    /// short enough to look smooth; each with whether it is closed.
    func polylines(scale: Double) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            if current.count > 1 { result.append((current, closed)) }
            current = []
        }
        for element in elements {
            let last = current.last ?? .zero
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p * scale]
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p * scale)
            case .quadCurve(let p, let c):
                // A quadratic is the cubic with handles two thirds of the way to its control.
                let start = current.last.map { $0 / scale } ?? last
                appendCubic(from: start, start + (c - start) * (2.0 / 3), p + (c - p) * (2.0 / 3), p, scale: scale, to: &current)
            case .curve(let p, let c1, let c2):
                let start = current.last.map { $0 / scale } ?? last
                appendCubic(from: start, c1, c2, p, scale: scale, to: &current)
            case .close:
                let start = current.first
                finish(closed: true)
                if let start { current = [start] }
            }
        }
        finish(closed: false)
        return result
    }

    /// Appends a cubic's points after its start, in pixels, about every two pixels along it.
    private func appendCubic(from p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, scale: Double, to points: inout [Point]) {
        if points.isEmpty { points = [p0 * scale] }
        let hull = ((p1 - p0).length + (p2 - p1).length + (p3 - p2).length) * scale
        let pieces = min(200, max(1, Int((hull / 2).rounded(.up))))
        for k in 1...pieces {
            let t = Double(k) / Double(pieces), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y) * scale)
        }
    }
}

extension CanvasPath.Element {
    func mapped(_ f: (Point) -> Point) -> CanvasPath.Element {
        switch self {
        case .move(let p): return .move(f(p))
        case .line(let p): return .line(f(p))
        case .quadCurve(let p, let c): return .quadCurve(f(p), control: f(c))
        case .curve(let p, let c1, let c2): return .curve(f(p), control1: f(c1), control2: f(c2))
        case .close: return .close
        }
    }
}
