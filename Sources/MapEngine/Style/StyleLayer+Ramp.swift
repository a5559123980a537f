extension StyleLayer {
    /// How many colours a ramp holds, as MapLibre's ramp textures do.
    static let rampSize = 256

    /// A colour-ramp property (`line-gradient`, `heatmap-color`) evaluated
    /// at `rampSize` evenly spread values of `input` from 0 to 1, for
    /// `context`'s zoom; an unset `heatmap-color` is the spec's default.
    func ramp(_ name: String, along input: StyleExpression.DrawingInput, _ context: StyleContext) -> [StyleColor] {
        var context = context
        let expression = properties[name] ?? (name == "heatmap-color" ? StyleLayer.defaultHeatmapColor : nil)
        return (0..<StyleLayer.rampSize).map { step in
            context.drawingInputs[input] = Double(step) / Double(StyleLayer.rampSize - 1)
            return expression?.evaluate(context).asColor ?? .transparent
        }
    }

    /// The spec's default `heatmap-color`: clear blue through royal blue,
    /// cyan, lime and yellow to red.
    static let defaultHeatmapColor: StyleExpression = {
        let stops: [(Double, String)] = [(0, "rgba(0, 0, 255, 0)"), (0.1, "royalblue"), (0.3, "cyan"), (0.5, "lime"),
                                         (0.7, "yellow"), (1, "red")]
        return .interpolate(.linear, .drawingInput(.heatmapDensity),
                            stops: stops.map { ($0.0, .literal(.color(StyleColor(css: $0.1) ?? .black))) })
    }()
}
