import Foundation
import MapEngine
import MapKitLayer
import VectorRaster
import FileAccess

extension MapView {
    /// Writes what the view shows now to `path`, whole or not at all: a PNG
    /// of its pixels, or a PDF or SVG with its shapes and real text.
    package func export(_ format: ExportFormat, to path: String, title: String) throws(HeadlessError) {
        map.clearMessage()
        let scene = session.frame(at: lastTime)
        switch format {
        case .pdf: try session.writeDocument(scene, as: .pdf, path: path, title: title)
        case .svg: try session.writeDocument(scene, as: .svg, path: path, title: title)
        case .png:
            guard let image = session.sceneRenderer.image(of: scene) else {
                throw .cannotWrite(path: path, reason: "the view could not be drawn into a picture")
            }
            let bytes: [UInt8]
            do {
                bytes = try image.pngBytes()
            } catch {
                throw .rendering(error)
            }
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                throw .cannotWrite(path: path, reason: error.reason)
            }
        }
    }
}
