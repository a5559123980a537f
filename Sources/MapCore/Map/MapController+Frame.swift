/// A frame in steps: `prepareFrame` (beside `advance` in
/// `MapController.swift`) brings everything that changes with time or
/// layout up to date, `prepareLabels` places a vector map's labels for the
/// whole view, and `makeScene` turns the result into draw commands and
/// changes nothing (`FrameComposer`).
extension MapController {
    /// The frame as the last `prepareFrame` left the map, in drawing order
    /// (see `FrameComposer`); it reads state and changes none.
    package func makeScene(tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        FrameComposer(map: self).scene(tiles: tiles, text: text)
    }

    /// Places the labels the tiles in view offer (the tiles drawn, or the
    /// ancestors standing in for them) and moves their fades on to `now`;
    /// `instant` ends every fade (a picture taken once the tiles are in).
    package func prepareLabels(at now: Double, text: TextMeasuring, instant: Bool = false) {
        labels.update(camera: camera, region: basePlane.camera, levels: levels, scale: displayScale, metrics: text,
                      now: now, instant: instant)
    }

    /// The frame at `now`: `prepareFrame(at:text:)`, `prepareLabels`, then `makeScene`.
    package func scene(at now: Double, tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        prepareFrame(at: now, text: text)
        prepareLabels(at: now, text: text)
        return makeScene(tiles: tiles, text: text)
    }
}
