import MapEngine
import MapKitLayer

/// An image to render into without a display: a software renderer on a
/// surface, so frames are the same pixels on every machine.
///
///     let canvas = try OffscreenCanvas(size: Size(width: 800, height: 600))
///     try canvas.renderer.readPixels().savePNG(path: "out.png")
package final class OffscreenCanvas {
    /// The image frames are drawn into.
    package let surface: Surface
    /// The software renderer drawing into `surface`.
    package let renderer: Renderer

    /// A transparent canvas of `size` pixels; throws when SDL cannot make the surface or its
    /// renderer.
    package init(size: Size) throws(SDLError) {
        surface = try Surface(width: Int(size.width), height: Int(size.height))
        renderer = try Renderer.software(drawingInto: surface)
    }

    /// Writes what has been drawn as a PNG file, straight from the surface
    /// drawn into (no copy of the frame: 3 MB at 1024x768).
    package func savePNG(path: String) throws(SDLError) {
        renderer.flush()
        try surface.savePNG(path: path)
    }
}
