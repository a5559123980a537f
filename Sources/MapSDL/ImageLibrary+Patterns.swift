import Foundation
import Logging
import MapEngine
import MapKitLayer
import VectorRaster

extension ImageLibrary {
    /// The style sheet's pixels (`ARGB`, straight alpha, rows top to
    /// bottom), read once; nil when the library has no sheet.
    func sheetPixels(_ image: URL) throws(SDLError) -> (argb: [UInt32], width: Int, height: Int)? {
        if styleIconPixels == nil {
            let surface = try Surface.load(path: image.path)
            styleIconPixels = (surface.argbPixels(), surface.width, surface.height)
        }
        return styleIconPixels
    }

    /// A style icon's pixels, cut from the sheet once, for a pattern
    /// (`fill-extrusion-pattern`) repeated over faces on the processor.
    /// Nil (said once) when the sheet lacks it or cannot be read.
    func patternImage(named name: String) -> TrianglePicture.RepeatedImage? {
        if let known = patternImages[name] { return known }
        guard let (sheet, image) = styleIcons, let icon = sheet.icons[name] else { return nil }
        var cut: TrianglePicture.RepeatedImage?
        do {
            if let all = try sheetPixels(image) {
                let x0 = Int(icon.rect.minX), y0 = Int(icon.rect.minY), columns = Int(icon.rect.width), rows = Int(icon.rect.height)
                if x0 >= 0, y0 >= 0, columns > 0, rows > 0, x0 + columns <= all.width, y0 + rows <= all.height {
                    var pixels: [UInt32] = []
                    pixels.reserveCapacity(columns * rows)
                    for row in 0..<rows { pixels += all.argb[((y0 + row) * all.width + x0)..<((y0 + row) * all.width + x0 + columns)] }
                    cut = TrianglePicture.RepeatedImage(pixels: pixels, width: columns, height: rows)
                } else {
                    logger.warning("the style's sprite image \(name) lies outside its sheet; its pattern is left out")
                }
            }
        } catch {
            logger.warning("the style's sprite \(image.path) cannot be read for its patterns: \(error)")
        }
        patternImages[name] = .some(cut)
        return cut
    }
}
