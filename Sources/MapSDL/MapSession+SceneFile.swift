import Foundation
import MapEngine
import MapKitLayer
import FileAccess

@MainActor
extension MapSession {
    /// Writes a frame's draw commands, with the annotations and overlays
    /// it shows, as JSON at `path` (`--dump-scene`), whole or not at all; a
    /// FIFO, a device or a read-only file there is refused.
    func writeScene(_ scene: Scene, path: String) throws(HeadlessError) {
        let bytes: Data
        do {
            bytes = try SceneDump(scene: scene, annotations: map.annotationSummaries(), overlays: map.overlayLayer.summaries()).jsonData()
        } catch {
            throw .cannotWrite(path: path, reason: "the scene cannot be encoded: \(error.localizedDescription)")
        }
        do {
            try AtomicFile.write(Array(bytes), to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
