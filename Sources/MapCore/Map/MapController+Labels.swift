/// A vector map's labels: gathered from the tiles in view and placed for the
/// whole view at once, after `prepareFrame` and before `makeScene`.
extension MapController {
    /// Places the labels the tiles in view offer (the tiles drawn, or the
    /// ancestors standing in for them) and moves their fades on to `now`;
    /// `instant` ends every fade (a picture taken once the tiles are in).
    public func prepareLabels(at now: Double, tiles: TileStatusProviding, text: TextMeasuring, instant: Bool = false) {
        let candidates = TileLayer.labelCandidates(camera: camera, levels: levels, tiles: tiles)
        guard !candidates.isEmpty || labels.placedCount > 0 || labels.isFading else { return }
        labels.update(candidates, camera: camera, scale: displayScale, metrics: text, now: now, instant: instant)
    }
}
