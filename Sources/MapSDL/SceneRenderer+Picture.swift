import CSDL2
import VectorRaster
import MapEngine
import MapKitLayer

extension SceneRenderer {
    /// Commands drawn into a transparent picture of `size` and read back
    /// (straight alpha): the parts of a scene a vector export takes as
    /// pixels (pins, icons, 3D buildings, image tiles), drawn exactly as
    /// the window draws them. Nil when SDL cannot make or read the picture.
    package func picture(of commands: ArraySlice<DrawCommand>, size: Size) -> TilePixels? {
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        guard width > 0, height > 0, width <= TilePixels.largestSide, height <= TilePixels.largestSide,
              let texture = try? renderer.makeTransparentTargetTexture(width: width, height: height) else { return nil }
        let kept = viewSize
        viewSize = size
        defer { viewSize = kept }
        var read: Surface?
        renderer.drawing(into: texture) {
            renderer.clear(Color(rgba: 0, 0, 0, 0))
            draw(commands, ground: nil, size: size)
            read = try? renderer.readPixels(width: width, height: height)
        }
        guard let read else { return nil }
        // Drawn over transparent black, the colours read back are premultiplied by their alpha.
        var argb = read.argbPixels()
        CairoRasterizer.unpremultiply(&argb)
        return TilePixels(width: width, height: height, argb: argb, isOpaque: false)
    }
}

extension SceneRenderer {
    /// The whole scene drawn into an opaque picture of its size and read
    /// back: what the window shows, for an export that leaves the window alone.
    package func image(of scene: Scene) -> Surface? {
        let size = scene.camera.viewportSize
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        guard width > 0, height > 0, width <= TilePixels.largestSide, height <= TilePixels.largestSide,
              let texture = try? renderer.makeTargetTexture(width: width, height: height) else { return nil }
        var read: Surface?
        renderer.drawing(into: texture) {
            draw(scene, into: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            read = try? renderer.readPixels(width: width, height: height)
        }
        return read
    }
}
