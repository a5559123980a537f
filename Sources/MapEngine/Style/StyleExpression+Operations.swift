import Foundation

// The operations evaluation uses: comparing, arithmetic, and moving between stops.
extension StyleExpression {
    static func compare(_ comparison: Comparison, _ a: StyleValue, _ b: StyleValue) -> Bool {
        switch comparison {
        case .equal: return a == b
        case .notEqual: return a != b
        default: break
        }
        let order: Int
        switch (a, b) {
        case (.number(let x), .number(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
        default: return false
        }
        return holds(comparison, order: order)
    }

    /// Whether a comparison holds of two values in this order (−1, 0 or 1).
    static func holds(_ comparison: Comparison, order: Int) -> Bool {
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    static func arithmetic(_ op: Arithmetic, _ numbers: [Double]) -> Double {
        guard !numbers.isEmpty || [.plus, .times, .min, .max].contains(op) else { return .nan }
        switch op {
        case .plus: return numbers.reduce(0, +)
        case .times: return numbers.reduce(1, *)
        case .minus: return numbers.count == 1 ? -numbers[0] : numbers[0] - numbers[1]
        case .divide: return numbers[0] / (numbers.count > 1 ? numbers[1] : 1)
        case .remainder: return numbers[0].truncatingRemainder(dividingBy: numbers.count > 1 ? numbers[1] : 1)
        case .power: return pow(numbers[0], numbers.count > 1 ? numbers[1] : 1)
        case .min: return numbers.min() ?? .infinity
        case .max: return numbers.max() ?? -.infinity
        }
    }

    static func interpolate(_ curve: Curve, _ x: Double, _ stops: [(Double, StyleExpression)], _ space: StyleColor.Space,
                            _ context: StyleContext, _ budget: inout EvaluationBudget) -> StyleValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        if x <= first.0 { return first.1.evaluate(context, &budget) }
        if x >= last.0 { return last.1.evaluate(context, &budget) }
        let upper = stops.firstIndex { $0.0 > x } ?? stops.count - 1
        let (x0, low) = stops[upper - 1]
        let (x1, high) = stops[upper]
        let t = fraction(curve, x, x0, x1)
        return mix(low.evaluate(context, &budget), high.evaluate(context, &budget), t, in: space)
    }

    /// How far `x` is from `x0` to `x1` along the curve.
    static func fraction(_ curve: Curve, _ x: Double, _ x0: Double, _ x1: Double) -> Double {
        let span = x1 - x0
        guard span > 0 else { return 0 }
        let progress = (x - x0) / span
        switch curve {
        case .linear: return progress
        case .exponential(let base):
            guard base != 1 else { return progress }
            return (pow(base, x - x0) - 1) / (pow(base, span) - 1)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(progress)
        }
    }

    /// The projections a style's `projection` names.
    static let projections: Set<String> = ["mercator", "vertical-perspective", "globe"]

    static func mix(_ a: StyleValue, _ b: StyleValue, _ t: Double, in space: StyleColor.Space = .rgb) -> StyleValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
        case _ where a.asColor != nil && b.asColor != nil:
            return .color(a.asColor!.interpolated(to: b.asColor!, t, in: space))
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            return .array(zip(xs, ys).map { mix($0, $1, t, in: space) })
        case (.string(let from), .string(let to)) where projections.contains(from) && projections.contains(to):
            // Between two projections, the move from one to the other (a globe's `projection`).
            return t <= 0 ? a : t >= 1 ? b : .object(["from": a, "to": b, "transition": .number(t)])
        default: return t < 1 ? a : b
        }
    }
}

/// CSS's cubic-bezier easing, solved for y at a given x.
struct CubicBezier {
    let x1, y1, x2, y2: Double

    func solve(_ x: Double) -> Double {
        // Bisection: 30 halvings pin t to 1e-9, plenty for a style's stops.
        var low = 0.0, high = 1.0, t = x
        for _ in 0..<30 {
            let value = curve(t, x1, x2)
            if abs(value - x) < 1e-7 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return curve(t, y1, y2)
    }

    private func curve(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
}
