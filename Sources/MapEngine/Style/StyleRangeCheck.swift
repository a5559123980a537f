/// Checks, when a style is read, the values a number property can take
/// without a feature (a constant, or one that follows only the zoom)
/// against the range it is drawn in, so that a style saying
/// `"text-size": 1e308` or `"line-width": -5` is told once, naming the
/// file, layer and property, instead of drawing something else in silence.
enum StyleRangeCheck {
    /// The zooms a zoom-only value is tried at: every whole style zoom.
    static let zooms = (0...24).map(Double.init)

    /// The first problem with the property's values, or nil.
    static func problem(_ name: String, _ expression: StyleExpression) -> String? {
        guard StyleRanges.ranges[name] != nil || StyleRanges.itemRanges[name] != nil else { return nil }
        guard !expression.readsFeature else { return nil }
        for zoom in expression.foldable ? [0] : zooms {
            switch expression.evaluate(StyleContext(zoom: zoom)) {
            case .number(let value):
                if let problem = StyleRanges.problem(value, name) { return problem }
            case .array(let items):
                for case .number(let value) in items {
                    if let problem = StyleRanges.problem(value, name) { return problem }
                }
            default: continue
            }
        }
        return nil
    }

    /// A layer's `minzoom` or `maxzoom` within the spec's 0 to 24, and the
    /// problem when it was not.
    static func zoom(_ value: Double) -> (Double, String?) {
        guard let problem = StyleRanges.problem(value, "zoom", range: StyleRanges.zooms) else { return (value, nil) }
        let clamped = value.isNaN ? 0 : min(max(value, StyleRanges.zooms.lowerBound), StyleRanges.zooms.upperBound)
        return (clamped, problem)
    }
}
