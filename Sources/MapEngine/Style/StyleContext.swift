/// What an expression is evaluated against: the zoom and, for data-driven
/// values, the feature.
///
///     expression.evaluate(StyleContext(zoom: 13.5, feature: feature))
package struct StyleContext: Sendable {
    /// The style zoom, fractional.
    package var zoom: Double
    /// The feature read, of a tile or given by its values; nil for zoom-only values.
    package var subject: (any StyleFeature)?
    /// Where the feature's coordinates lie in the world (its tile), for `within` and `distance`.
    package var place: FeaturePlace?
    /// The style's global state (`global-state`): its root `state`'s defaults, as the map has set them.
    package var globalState: [String: StyleValue] = [:]
    /// The images the map's sprite holds, for `image`; nil when not known (then every image counts as held).
    package var availableImages: Set<String>?
    /// The feature's state as the app has set it (`feature-state`).
    package var featureState: [String: StyleValue] = [:]
    /// The values the drawing supplies (`heatmap-density`, `line-progress`, `elevation`); 0 where not given.
    package var drawingInputs: [StyleExpression.DrawingInput: Double] = [:]
    /// What a cluster property has gathered so far, for a `clusterProperties` reduce (`accumulated`).
    package var accumulated: StyleValue?
    /// Values bound by `let`, innermost last.
    var bindings: [(String, StyleValue)] = []

    /// The tile's feature, for data-driven values; nil for zoom-only ones.
    package var feature: VectorFeature? {
        get { subject as? VectorFeature }
        set { subject = newValue }
    }

    /// A context at `zoom`, for `feature` if given.
    package init(zoom: Double, feature: VectorFeature? = nil) {
        self.zoom = zoom
        self.subject = feature
    }

    /// A context at `zoom` for any feature.
    package init(zoom: Double, subject: (any StyleFeature)?) {
        self.zoom = zoom
        self.subject = subject
    }
}
