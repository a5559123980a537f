import MapEngine
import MapKitLayer

@MainActor
extension MapSession {
    /// Told when an opened file left the map (Ctrl+W, "Close" in the menu), with its path.
    package var onFileClosed: ((String) -> Void)? {
        get { policy.onFileClosed }
        set { policy.onFileClosed = newValue }
    }

    /// Adds a pins file opened while the map runs (dropped on the window,
    /// chosen in a file dialog): its pins, lines, areas and tracks, saved
    /// like the files the session opened with when it saves pins. The map
    /// flies to show what it holds.
    package func show(_ document: PinDocument, saves: Bool, coloring: TrackColoring? = nil) {
        let pins = PinsOnMap(document: document, savingThrough: saves ? files : nil, receivesDroppedPins: false)
        policy.adopt(pins)
        map.addAnnotations(pins.annotations)
        let drawn = document.overlays(coloring: coloring)
        for (overlay, renderer) in drawn { map.addOverlay(overlay, renderer: renderer) }
        policy.note(drawn.map(\.0), of: document.file)
        if let rect = document.mapRect {
            map.setCamera(Camera.fitting(rect, viewportSize: map.camera.viewportSize, headroom: PinAnnotationView.headroom), animated: true)
        }
    }
}
