import Foundation
import MapEngine
import MapKitLayer
import VectorRaster
import FileAccess

@MainActor
extension MapSession {
    /// A frame as a vector document (`SceneDocument`): the tiles' drawings
    /// as shapes, text as text, and what has no shapes (pins, icons, 3D
    /// buildings, image tiles) as pixels this session's renderer draws.
    package func document(of scene: Scene, as format: SceneDocument.Format, title: String) throws(SceneDocument.Failure) -> [UInt8] {
        let store = tiles, renderer = sceneRenderer
        let painter = ScenePainter(sources: ScenePainter.Sources(
            drawing: { key in store.drawing(for: key) },
            picture: { commands, size in renderer.picture(of: commands, size: size) },
            text: fonts.engine))
        return try SceneDocument.bytes(of: scene, as: format, painter: painter, scale: map.displayScale, title: title)
    }

    /// Writes a frame at `path` as the document its name says (.pdf or
    /// .svg), whole or not at all.
    func writeDocument(_ scene: Scene, as format: SceneDocument.Format, path: String, title: String) throws(HeadlessError) {
        let bytes: [UInt8]
        do {
            bytes = try document(of: scene, as: format, title: title)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
