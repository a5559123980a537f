/// A frame in two steps: `prepareFrame` (beside `advance` in
/// `MapController.swift`) brings everything that changes with time or
/// layout up to date, `makeScene` turns the result into draw commands and
/// changes nothing.
extension MapController {
    /// The frame as the last `prepareFrame` left the map: tiles (or their
    /// stand-ins), the user's location, the annotation views, the locate
    /// button, the callout, the details panel, a message, then the credit
    /// line. It reads state and changes none.
    public func makeScene(tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        let layer = TileLayer.build(camera: camera, levels: levels, tiles: tiles)
        var commands = layer.commands
        let overlayCover = overlayStore.entries.isEmpty ? [] : TileLayer.cover(camera: camera, levels: levels)
        commands += overlayCommands(level: .aboveRoads, cover: overlayCover)
        commands += labels.commands()
        commands += overlayCommands(level: .aboveLabels, cover: overlayCover)
        if let fix = userLocation.fix {
            commands += UserLocationMarker.commands(for: fix, camera: camera, scale: displayScale)
        }
        commands += clusters.spider.legCommands(camera: camera, scale: displayScale)
        if let batch = annotationLayer.spriteBatch(camera: camera) { commands.append(.sprites(batch)) }
        commands += clusters.countCommands(camera: camera, scale: displayScale, text: text)
        if userLocation.feed != nil {
            commands += LocateButton.commands(viewport: camera.viewportSize, scale: displayScale,
                                              hasFix: userLocation.fix != nil,
                                              isPressed: input.locateButton.isPressed)
        }
        commands += chrome.commands(camera: camera, scale: displayScale, hasLocateButton: userLocation.feed != nil,
                                    pressed: input.zoomButtons.pressed, zoomLimits: Camera.zoomLimits, metrics: text)
        commands += callouts.commands(at: frameTime, in: calloutFrame)
        commands += input.focus.commands { annotationLayer.frame(of: $0, camera: camera, scale: displayScale) }
        commands += SearchPanel.commands(box: search, camera: camera, scale: displayScale, pressed: input.search.pressed,
                                         showsButton: chrome.showsControls, metrics: text)
        commands += detailsPanel.layout?.commands ?? []
        commands += messages.commands(viewport: camera.viewportSize, metrics: text)
        if showsTouches { commands += input.fingers.commands(scale: displayScale) }
        if let attribution {
            commands += AttributionOverlay.commands(text: attribution, viewport: camera.viewportSize,
                                                    metrics: text)
        }
        var scene = Scene(camera: camera, commands: commands, tileRequests: layer.requests)
        scene.overlayRequests = overlayCover.map(\.tile)
        return scene
    }

    /// The frame at `now`: `prepareFrame(at:text:)`, `prepareLabels`, then `makeScene`.
    public func scene(at now: Double, tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        prepareFrame(at: now, text: text)
        prepareLabels(at: now, tiles: tiles, text: text)
        return makeScene(tiles: tiles, text: text)
    }
}
