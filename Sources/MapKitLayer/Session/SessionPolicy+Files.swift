import Foundation
import MapEngine

@MainActor
extension SessionPolicy {
    /// The opened file (not the user's own pins file) that the selected pin,
    /// line, area or track came from; nil when nothing of one is selected.
    func fileOfSelection() -> String? {
        if let overlay = map.selectedOverlay,
           let file = overlaysOfFiles.first(where: { $0.value.contains { $0 === overlay } })?.key {
            return file
        }
        guard let pin = map.selectedAnnotations.first as? FeatureAnnotation else { return nil }
        return morePinsOnMap.first { pins in pins.annotations.contains { $0 === pin } }?.path
    }

    /// Takes an opened file off the map: its pins (saved first, when they
    /// moved), its lines, areas and tracks. The file itself is left as it is.
    package func close(_ file: String, at now: Double) {
        guard let index = morePinsOnMap.firstIndex(where: { $0.path == file }) else { return }
        if hasUnsavedMoves { try? savePins() }
        let pins = morePinsOnMap.remove(at: index)
        map.removeAnnotations(pins.annotations)
        for overlay in overlaysOfFiles.removeValue(forKey: file) ?? [] { map.removeOverlay(overlay) }
        map.showMessage("Closed \((file as NSString).lastPathComponent)", at: now, isError: false)
        onFileClosed?(file)
    }
}
