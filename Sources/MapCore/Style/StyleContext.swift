/// What an expression is evaluated against: the zoom and, for data-driven
/// values, the feature.
///
///     expression.evaluate(StyleContext(zoom: 13.5, feature: feature))
public struct StyleContext: Sendable {
    /// The style zoom, fractional.
    public var zoom: Double
    /// The feature, for data-driven values; nil for zoom-only ones.
    public var feature: VectorFeature?
    /// Values bound by `let`, innermost last.
    var bindings: [(String, StyleValue)] = []

    /// A context at `zoom`, for `feature` if given.
    public init(zoom: Double, feature: VectorFeature? = nil) {
        self.zoom = zoom
        self.feature = feature
    }
}
