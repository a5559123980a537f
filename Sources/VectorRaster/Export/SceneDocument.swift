import CCairo
import Foundation
import MapEngine

/// A scene written as a vector document through Cairo's PDF or SVG
/// surface: one page the view's size, a point a pixel, its shapes as paths
/// and its text as text (`ScenePainter`). The bytes are returned, for the
/// caller to save atomically.
///
///     let pdf = try SceneDocument.bytes(of: scene, as: .pdf, painter: painter, title: "Zürich")
package enum SceneDocument {
    /// The vector formats.
    package enum Format: String, Sendable, CaseIterable {
        case pdf, svg
    }

    /// Why a document could not be made.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The document's bytes: a page of the view's size in points, `scale`
    /// of the scene's pixels to a point (its pictures as sharp as that).
    package static func bytes(of scene: Scene, as format: Format, painter: ScenePainter, scale: Double = 1,
                              title: String = "pinmap") throws(Failure) -> [UInt8] {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let size = Size(width: scene.camera.viewportSize.width / scale, height: scene.camera.viewportSize.height / scale)
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              size.width <= 20_000, size.height <= 20_000 else {
            throw Failure(description: "a page of \(size.width)×\(size.height) points cannot be made")
        }
        let sink = ByteSink()
        let opaqueSink = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let surface: OpaquePointer?
        switch format {
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(write, opaqueSink, size.width, size.height)
            if let surface {
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "pinmap \(PinmapVersion.current)")
            }
        case .svg:
            surface = cairo_svg_surface_create_for_stream(write, opaqueSink, size.width, size.height)
            if let surface {
                cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_2)
                cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)  // a pixel of the view a pixel of the drawing
            }
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "Cairo could not make a \(format.rawValue.uppercased()) surface")
        }
        var texts: [TextDraw] = []
        var status = CAIRO_STATUS_SUCCESS
        if let cairo = cairo_create(surface) {
            cairo_scale(cairo, 1 / scale, 1 / scale)
            texts = painter.paint(scene, on: cairo)
            status = cairo_status(cairo)
            cairo_destroy(cairo)
        } else {
            status = CAIRO_STATUS_NO_MEMORY
        }
        cairo_surface_finish(surface)
        if status == CAIRO_STATUS_SUCCESS { status = cairo_surface_status(surface) }
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "Cairo failed: \(String(cString: cairo_status_to_string(status)))")
        }
        switch format {
        case .pdf: return sink.bytes
        case .svg: return SVGTextLayer.adding(texts, to: sink.bytes, text: painter.sources.text, scale: scale)
        }
    }

    /// Where Cairo's stream lands.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
