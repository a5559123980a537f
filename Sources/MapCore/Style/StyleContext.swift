/// What an expression is evaluated against: the zoom and, for data-driven
/// values, the feature.
///
///     expression.evaluate(StyleContext(zoom: 13.5, feature: feature))
public struct StyleContext: Sendable {
    public var zoom: Double
    public var feature: VectorFeature?
    /// Values bound by `let`, innermost last.
    var bindings: [(String, StyleValue)] = []

    public init(zoom: Double, feature: VectorFeature? = nil) {
        self.zoom = zoom
        self.feature = feature
    }
}
