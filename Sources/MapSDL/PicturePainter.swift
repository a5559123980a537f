import MapEngine
import MapKitLayer
import VectorRaster

/// Paints the pictures annotation views draw on their canvas (`CanvasPicture`):
/// shapes with Cairo, antialiased, and text with the map's own fonts (the
/// ones that measured it), each in the order the view drew them.
struct PicturePainter {
    let fonts: FontBook

    /// The picture as an image with straight alpha.
    func paint(_ picture: CanvasPicture) throws(SDLError) -> Surface {
        let (width, height) = (picture.width, picture.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        var shapes: [PaintOperation] = []
        func paintShapes() throws(SDLError) {
            guard !shapes.isEmpty else { return }
            do {
                try CairoRasterizer.paint(shapes, over: &pixels, width: width, height: height)
            } catch {
                throw SDLError("painting \(picture.name)", reason: error.description)
            }
            shapes.removeAll()
        }
        for layer in picture.layers {
            switch layer {
            case .paint(let operation):
                shapes.append(operation)
            case .text(let text):
                try paintShapes()
                if let image = fonts.image(of: text.text, font: text.font, color: text.color) {
                    PicturePainter.blend(image.pixels, at: text.rect.origin - image.origin, over: &pixels, width: width, height: height)
                }
            }
        }
        try paintShapes()
        CairoRasterizer.unpremultiply(&pixels)
        return try Surface(width: width, height: height, argb: pixels)
    }

    /// Lays a straight-alpha image over premultiplied pixels, its corner at
    /// `origin` (whole pixels), cut to the picture.
    static func blend(_ image: TilePixels, at origin: Point, over pixels: inout [UInt32], width: Int, height: Int) {
        let source = image.argb
        let (left, top) = (Int(origin.x.rounded()), Int(origin.y.rounded()))
        for y in max(0, -top)..<min(image.height, height - top) where image.width > 0 {
            for x in max(0, -left)..<min(image.width, width - left) {
                let s = source[y * image.width + x]
                let alpha = s >> 24
                guard alpha > 0 else { continue }
                let index = (top + y) * width + left + x
                let d = pixels[index]
                func channel(_ shift: UInt32) -> UInt32 {
                    let over = ((s >> shift) & 0xFF) * alpha / 255
                    return min(255, over + ((d >> shift) & 0xFF) * (255 - alpha) / 255) << shift
                }
                let coverage = min(255, alpha + (d >> 24) * (255 - alpha) / 255)
                pixels[index] = coverage << 24 | channel(16) | channel(8) | channel(0)
            }
        }
    }
}
