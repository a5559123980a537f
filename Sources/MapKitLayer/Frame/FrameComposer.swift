import MapEngine

/// Lays a frame's draw commands out in their order from the map's parts as
/// `MapController.prepareFrame` left them: tiles (or their stand-ins), the
/// overlays under the labels, 3D buildings, a tilted map's haze, the labels,
/// the overlays above them, the user's location, the annotation
/// views, the locate button, the legends and controls, the callout, a
/// profile's marker, the search, the
/// details panel, the pin editor, a message, then the credit line. It reads state and
/// changes none.
@MainActor
package struct FrameComposer {
    unowned let map: MapController
    /// Tiles that came in lately fade in (a style's `raster-fade-duration`); nil draws them whole.
    var fade: TileFade?

    func scene(tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        let camera = map.camera, scale = map.displayScale, input = map.input, location = map.userLocation
        let layer = TileLayer.build(camera: camera, levels: map.levels, tiles: tiles, atRest: !map.cameraIsMoving, fade: fade)
        var commands = layer.commands
        let overlayCover = map.overlayLayer.isEmpty ? [] : TileLayer.cover(camera: camera, levels: map.levels)
        commands += map.overlayLayer.commands(level: .aboveRoads, cover: overlayCover, tiles: tiles)
        let underBuildings = commands.count
        // Raised buildings change shape as the map moves: they, and the labels over them, are drawn every frame.
        let buildings = map.buildings.commands(camera: camera, levels: map.levels, sprite: map.labels.sprite)
        commands += buildings
        commands += HorizonFog.commands(camera: camera)
        commands += map.labels.commands(atRest: true)
        let base = buildings.isEmpty ? basePlane(count: commands.count, withLabels: true, tiles: tiles)
                                     : basePlane(count: underBuildings, withLabels: false, tiles: tiles)
        // Labels fading in or out are drawn every frame: only those that can show in the view (not the plane's margin's).
        commands += map.labels.commands(atRest: false, showing: Rect(origin: .zero, size: camera.viewportSize))
        commands += map.overlayLayer.commands(level: .aboveLabels, cover: overlayCover, tiles: tiles)
        if let fix = location.fix { commands += UserLocationMarker.commands(for: fix, camera: camera, scale: scale) }
        commands += map.clusters.spider.legCommands(camera: camera, scale: scale)
        if let batch = map.annotationLayer.spriteBatch(camera: camera) { commands.append(.sprites(batch)) }
        commands += map.clusters.countCommands(camera: camera, scale: scale, text: text)
        // The map's own controls, cards and text, drawn dark over a dark style (see `ChromeAppearance`).
        var chrome: [DrawCommand] = []
        if location.feed != nil {
            chrome += LocateButton.commands(viewport: camera.viewportSize, scale: scale, hasFix: location.fix != nil,
                                            isPressed: input.locateButton.isPressed)
        }
        var rulerBottom: Double?
        if let ruler = map.chrome.ruler {
            let drawn = RulerOverlay.commands(ruler, camera: camera, scale: scale, units: map.chrome.units, isDark: map.chrome.isDark,
                                              metrics: text)
            rulerBottom = drawn.compactMap { if case .rect(let frame, _) = $0 { frame.maxY } else { nil } }.max()
            chrome += drawn
        }
        chrome += LegendOverlay.commands(map.overlayLayer.legends(), viewport: camera.viewportSize, scale: scale, metrics: text)
        chrome += map.chrome.commands(camera: camera, scale: scale, hasLocateButton: location.feed != nil,
                                      pressed: input.zoomButtons.pressed, zoomLimits: Camera.zoomLimits, metrics: text)
        if map.chrome.showsControls { chrome += Compass.commands(camera: camera, scale: scale, isPressed: input.compass.isPressed) }
        chrome += map.callouts.commands(at: map.frameTime, in: map.calloutFrame)
        // The profile's marker on the track, above any callout (the track's own stays open under the panel).
        if let marked = map.detailsPanel.markerCoordinate {
            let at = camera.screenPoint(for: marked)
            chrome.append(.shape(.disc(at, 7 * scale, Color(hex: 0xFFFFFF), feather: 1, role: "profile-marker-ring")))
            chrome.append(.shape(.disc(at, 5 * scale, ProfileChart.markerColor, feather: 1, role: "profile-marker")))
        }
        chrome += input.focus.commands { map.annotationLayer.frame(of: $0, camera: camera, scale: scale) }
        let labelBoxes = map.search.marker == nil ? [] : commands.compactMap { command -> Rect? in
            if case .text(let label) = command, label.role == "label", label.rotation == 0 { label.rect } else { nil }
        }
        chrome += SearchPanel.commands(box: map.search, camera: camera, scale: scale, pressed: input.search.pressed,
                                       showsButton: map.chrome.showsControls, labels: labelBoxes, metrics: text)
        chrome += map.detailsPanel.layout?.commands ?? []
        if map.pinEditor.isOpen {
            chrome += PinEditorPanel.commands(map.pinEditor, layout: input.pinEditor.layout, pressed: input.pinEditor.pressed,
                                              scale: scale, metrics: text)
        }
        if map.showsAreaPanel, let panel = map.areaPanel {
            chrome += panel.commands(camera: camera, scale: scale, pressed: map.input.areaPanel.pressed, metrics: text)
        }
        chrome += map.chrome.menu?.commands(viewport: camera.viewportSize, scale: scale, metrics: text) ?? []
        if map.chrome.showsShortcuts { chrome += ShortcutSheet.commands(viewport: camera.viewportSize, scale: scale, recent: map.chrome.recentFiles,
                                                                               downloadsAreas: map.offersAreaDownload, metrics: text) }
        // A message never covers the open search field or its list, the ruler's panel, the details panel or the pin
        // editor: it stands below them.
        let panels = [map.naming.frame?.maxY, map.detailsPanel.layout?.frame.maxY].compactMap { $0 }
        let messageTop = max(SearchPanel.bottom(box: map.search, viewport: camera.viewportSize, scale: scale) ?? 0, rulerBottom ?? 0,
                             panels.max() ?? 0) + 8 * scale
        chrome += map.messages.commands(viewport: camera.viewportSize, scale: scale, metrics: text, top: messageTop)
        if map.showsTouches { chrome += input.fingers.commands(scale: scale) }
        if let attribution = map.attribution {
            chrome += AttributionOverlay.commands(text: attribution, viewport: camera.viewportSize, scale: scale, metrics: text)
        }
        commands += map.chrome.isDark ? ChromeAppearance.darkened(chrome) : chrome
        let plain = layer.requests.prefix { $0.isOwnSizeBase }
        let requests = Array(plain) + map.overlayLayer.requests(cover: overlayCover) + layer.requests.dropFirst(plain.count)
        var scene = Scene(camera: camera, commands: commands, tileRequests: requests)
        // Every placement of the cover gets a draw; only a world shorter than the view leaves a band.
        scene.tilesCoverView = camera.worldSize >= camera.viewportSize.height
        scene.base = base
        return scene
    }

    /// The first `count` commands (tiles, the overlays under the labels,
    /// and the labels at rest unless buildings stand between them) as the
    /// base plane sees them, when the plane serves this frame.
    private func basePlane(count: Int, withLabels: Bool, tiles: TileStatusProviding) -> BasePlane? {
        guard let plane = map.basePlane.camera, let origin = map.basePlane.origin(for: map.camera) else { return nil }
        let atRest = !map.cameraIsMoving
        // Kept from the last frame while nothing under the plane changed (and no tile is fading in).
        let fading = fade.map { tiles.isFadingIn(at: $0.now, duration: $0.duration) } ?? false
        let inputs = tiles.drawVersion.flatMap { version in
            fading ? nil : BasePlaneMemo.Inputs(camera: plane, levels: map.levels, atRest: atRest, withLabels: withLabels, tiles: version,
                                                labels: map.labels.drawVersion, overlays: map.overlayLayer.version)
        }
        let built = map.basePlaneMemo.commands(for: inputs) {
            var commands = TileLayer.build(camera: plane, levels: map.levels, tiles: tiles, atRest: atRest, fade: fade).commands
            if !map.overlayLayer.isEmpty {
                commands += map.overlayLayer.commands(level: .aboveRoads, cover: TileLayer.cover(camera: plane, levels: map.levels), tiles: tiles)
            }
            if withLabels { commands += map.labels.commands(atRest: true, in: plane) }
            return (commands, plane.worldSize >= plane.viewportSize.height)
        }
        return BasePlane(commands: built.commands, size: plane.viewportSize, origin: origin, count: count, tilesCover: built.tilesCover)
    }
}

/// A frame in steps: `MapController.prepareFrame` brings everything that
/// changes with time or layout up to date, `prepareLabels` places a vector
/// map's labels for the whole view, and `makeScene` turns the result into
/// draw commands and changes nothing.
extension FrameComposer {
    /// The frame as the last `prepareFrame` left `map`, in drawing order; it reads state and changes none.
    package static func makeScene(of map: MapController, tiles: TileStatusProviding, text: TextMeasuring,
                                  fade: TileFade? = nil) -> Scene {
        FrameComposer(map: map, fade: fade).scene(tiles: tiles, text: text)
    }

    /// Places the labels the tiles in view offer (the tiles drawn, or the
    /// ancestors standing in for them) and moves their fades on to `now`;
    /// `instant` ends every fade (a picture taken once the tiles are in).
    package static func prepareLabels(of map: MapController, at now: Double, text: TextMeasuring, instant: Bool = false) {
        map.labels.update(camera: map.camera, region: map.basePlane.camera, levels: map.levels, scale: map.displayScale,
                          metrics: text, now: now, instant: instant)
    }

    /// The frame of `map` at `now`: `prepareFrame(at:text:)`, `prepareLabels`, then `makeScene`.
    package static func scene(of map: MapController, at now: Double, tiles: TileStatusProviding, text: TextMeasuring) -> Scene {
        map.prepareFrame(at: now, text: text)
        prepareLabels(of: map, at: now, text: text)
        return makeScene(of: map, tiles: tiles, text: text)
    }
}
