import MapCore

@MainActor
extension MapSession {
    /// Adds a pins file opened while the map runs (dropped on the window,
    /// chosen in a file dialog): its pins, lines, areas and tracks, saved
    /// like the files the session opened with when it saves pins. The map
    /// flies to show what it holds.
    package func show(_ document: PinDocument, saves: Bool, coloring: TrackColoring? = nil) {
        let pins = PinsOnMap(document: document, saves: saves, receivesDroppedPins: false)
        policy.adopt(pins)
        map.addAnnotations(pins.annotations)
        for (overlay, renderer) in document.overlays(coloring: coloring) {
            map.addOverlay(overlay, renderer: renderer)
        }
        if let rect = document.mapRect {
            map.setCamera(Camera.fitting(rect, viewportSize: map.camera.viewportSize), animated: true)
        }
    }
}
