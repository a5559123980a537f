import MapEngine

extension OverlayCallout {
    /// Does what a button of this callout's own layout does (`details`:
    /// the details panel with the profile; `color-by`: the next colouring),
    /// whatever delegate the map has; false for an action not its own.
    func perform(_ action: String, on map: MapController) -> Bool {
        guard overlay is TrackOverlay else { return false }
        switch action {
        case OverlayCallout.detailsAction:
            map.showDetails(for: self)
        case OverlayCallout.colorAction:
            guard let renderer = map.renderer(for: overlay) as? TrackRenderer else { return false }
            renderer.coloring = renderer.nextColoring
            map.overlayRenderersChanged()
        default:
            return false
        }
        return true
    }
}
