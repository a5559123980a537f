/// A heatmap layer's points gathered with their weights and radii, and its
/// colour ramp, intensity and opacity worked out once per tile.
extension LayerOperations {
    mutating func addHeat(_ feature: VectorFeature, _ context: StyleContext) {
        // A point feature's points, or each vertex of a line or an area's rings, as MapLibre spreads them.
        guard feature.type != .unknown, let parts = parts(of: feature) else { return }
        if ramp == nil {
            var zoomOnly = context
            zoomOnly.subject = nil
            let made = layer.ramp("heatmap-color", along: .heatmapDensity, zoomOnly).map { $0.color() }
            ramp = made
            heat.ramp = made
            heat.intensity = layer.number("heatmap-intensity", zoomOnly)
            heat.opacity = min(max(layer.number("heatmap-opacity", zoomOnly), 0), 1)
            order.append(.heatmap)
        }
        let (weight, radius) = fixedHeat ?? (layer.number("heatmap-weight", context), layer.number("heatmap-radius", context) * scale)
        if fixedHeat == nil && !layer.isDataDriven("heatmap-weight") && !layer.isDataDriven("heatmap-radius") {
            // Neither reads the feature: worked out once per tile, not for each of a million points.
            fixedHeat = (weight, radius)
        }
        let reach = HeatmapPoints.reach(weight: weight, intensity: heat.intensity) * radius
        guard reach > 0 else { return }
        // Points beyond the drawn area still warm it as far as their kernel reaches.
        let near = Rect(x: bounds.minX - reach, y: bounds.minY - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        for point in parts.joined().map(transform) where near.contains(point) {
            heat.points.append(point)
            heat.weights.append(weight)
            heat.radii.append(radius)
        }
    }
}
