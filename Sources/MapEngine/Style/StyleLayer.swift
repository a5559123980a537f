/// One layer of a style: what it draws (fill, line, symbol…), from which
/// source layer, which features (its filter) and how (its properties).
///
///     let width = layer.number("line-width", StyleContext(zoom: 14, feature: road))
package struct StyleLayer: Sendable {
    /// The layer types pinmap draws.
    package enum Kind: String, Sendable, CaseIterable {
        /// The style spec's layer types of those names.
        case background, fill, line, symbol, circle, raster
        /// Areas raised into solids: buildings in 3D.
        case fillExtrusion = "fill-extrusion"
        /// Points spread into a coloured density.
        case heatmap
        /// Relief shaded from a `raster-dem` source.
        case hillshade
    }

    /// The layer's `id`, unique in its style.
    package var id: String
    /// The layer's `type`.
    package var kind: Kind
    /// The source it draws from (none for a background).
    package var source: String?
    /// The source's layer it draws (`source-layer`).
    package var sourceLayer: String?
    /// Shown from this style zoom (`minzoom`).
    package var minZoom: Double
    /// Shown below this style zoom (`maxzoom`).
    package var maxZoom: Double
    /// Nil draws every feature.
    package var filter: StyleExpression?
    /// False when `visibility` is `none`.
    package var visible: Bool
    /// Paint and layout properties the style sets (their names never clash).
    var properties: [String: StyleExpression]

    init(id: String, kind: Kind, source: String? = nil, sourceLayer: String? = nil, minZoom: Double = 0,
         maxZoom: Double = 24, filter: StyleExpression? = nil, visible: Bool = true,
         properties: [String: StyleExpression] = [:]) {
        self.id = id
        self.kind = kind
        self.source = source
        self.sourceLayer = sourceLayer
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.filter = filter
        self.visible = visible
        self.properties = properties
    }

    /// Whether the layer draws at this zoom (`minzoom` ≤ zoom < `maxzoom`).
    /// Zooms below 0 (a world smaller than one 512-point tile: pinmap's
    /// zoom 0, or 1 on a 2x screen) count as 0, MapLibre's least.
    package func isShown(at zoom: Double) -> Bool {
        let zoom = max(zoom, 0)
        return visible && zoom >= minZoom && zoom < maxZoom
    }

    /// Whether a tile laid out at style zoom `zoom` (a whole level) gathers
    /// the layer: as `isShown`, but a symbol layer's labels are gathered
    /// from its `minzoom` rounded down, as MapLibre lays them out, and shown
    /// once the map's zoom reaches the `minzoom` itself (a layer from 15.5
    /// is seen at 15.5, not only from 16).
    package func isGathered(inTileAt zoom: Double) -> Bool {
        guard kind == .symbol else { return isShown(at: zoom) }
        let zoom = max(zoom, 0)
        return visible && zoom >= minZoom.rounded(.down) && zoom < maxZoom
    }

    /// Whether the feature passes the layer's filter.
    package func accepts(_ context: StyleContext) -> Bool {
        filter?.evaluate(context).isTruthy ?? true
    }

    /// Whether the style sets this property at all.
    package func sets(_ name: String) -> Bool { properties[name] != nil }

    /// A property's value, or its default when unset or of no use.
    package func value(_ name: String, _ context: StyleContext) -> StyleValue {
        let fallback = StyleLayer.defaultValue(name, kind)
        guard let expression = properties[name] else { return fallback }
        let value = expression.evaluate(context)
        return value == .null ? fallback : value
    }

    /// Whether the property's value can differ from feature to feature.
    package func isDataDriven(_ name: String) -> Bool {
        guard let expression = properties[name] else { return false }
        return !expression.foldable && expression.readsFeature
    }

    /// A number property's value within the range it can be drawn in
    /// (`StyleRanges`), or its default when unset, of no use or NaN.
    package func number(_ name: String, _ context: StyleContext) -> Double {
        value(name, context).asNumber.flatMap { StyleRanges.clamp($0, name) }
            ?? StyleLayer.defaultValue(name, kind).asNumber ?? 0
    }

    /// A colour property's value, or its default.
    package func color(_ name: String, _ context: StyleContext) -> StyleColor {
        value(name, context).asColor ?? StyleLayer.defaultValue(name, kind).asColor ?? .black
    }

    /// A colour the style may leave unset (`fill-outline-color`).
    package func optionalColor(_ name: String, _ context: StyleContext) -> StyleColor? {
        guard properties[name] != nil else { return nil }
        return value(name, context).asColor
    }

    /// A property's value as text ("" when unset without a default).
    package func string(_ name: String, _ context: StyleContext) -> String {
        switch value(name, context) {
        case .null: return ""
        case let other: return other.description
        }
    }

    /// A text property's value ("" when unset without a default), and
    /// whether the expression made more text than an evaluation may
    /// (`EvaluationBudget`), so some was cut.
    func text(_ name: String, _ context: StyleContext) -> (text: String, wasCut: Bool) {
        guard let expression = properties[name] else { return (string(name, context), false) }
        var budget = EvaluationBudget()
        switch expression.evaluate(context, &budget) {
        case .null:
            let fallback = StyleLayer.defaultValue(name, kind)
            return (fallback == .null ? "" : fallback.description, budget.wasCut)
        case let other: return (other.description, budget.wasCut)
        }
    }

    /// A boolean property's value, or false.
    package func bool(_ name: String, _ context: StyleContext) -> Bool {
        value(name, context).asBool ?? false
    }

    /// A number-array property's value (`line-dasharray`, `text-offset`),
    /// each item within its range, or nil.
    package func numbers(_ name: String, _ context: StyleContext) -> [Double]? {
        value(name, context).asNumbers.flatMap { StyleRanges.clamp($0, name) }
    }

    static func defaultValue(_ name: String, _ kind: Kind) -> StyleValue {
        StyleProperty.paint[kind]?[name]?.defaultValue ?? StyleProperty.layout[kind]?[name]?.defaultValue
            ?? StyleProperty.common[name]?.defaultValue ?? .null
    }
}

extension StyleExpression {
    /// Whether evaluating reads the feature (its properties, type or id).
    var readsFeature: Bool {
        switch self {
        case .literal, .zoom, .drawingInput, .variable, .globalState: return false
        case .get, .has, .accumulated, .geometryType, .id, .oneOf, .within, .distance, .properties: return true
        case .makeArray(let items): return items.contains(where: \.readsFeature)
        case .featureState: return true
        case .numberFormat(let number, let options): return number.readsFeature || options.values.contains(where: \.readsFeature)
        case .not(let inner), .toString(let inner), .toBoolean(let inner), .upcase(let inner), .downcase(let inner),
             .length(let inner):
            return inner.readsFeature
        case .compare(_, let a, let b), .contains(let a, let b): return a.readsFeature || b.readsFeature
        case .collate(_, let a, let b, let c), .collator(let a, let b, let c): return a.readsFeature || b.readsFeature || c.readsFeature
        case .format(let parts): return parts.contains { $0.content.readsFeature || $0.options.values.contains(where: \.readsFeature) }
        case .imageNamed(let name): return name.readsFeature
        case .all(let items), .any(let items), .coalesce(let items), .toNumber(let items), .toColor(let items),
             .assertType(_, let items), .concat(let items), .arithmetic(_, let items), .call(_, let items),
             .assertArray(_, _, let items):
            return items.contains(where: \.readsFeature)
        case .choose(let branches, let otherwise):
            return otherwise.readsFeature || branches.contains { $0.0.readsFeature || $0.1.readsFeature }
        case .match(let input, let branches, let otherwise):
            return input.readsFeature || otherwise.readsFeature || branches.contains { $0.1.readsFeature }
        case .step(let input, let base, let stops):
            return input.readsFeature || base.readsFeature || stops.contains { $0.1.readsFeature }
        case .interpolate(_, let input, let stops, _):
            return input.readsFeature || stops.contains { $0.1.readsFeature }
        case .bind(let bindings, let body):
            return body.readsFeature || bindings.contains { $0.1.readsFeature }
        }
    }
}
