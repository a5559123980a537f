import Logging
import MapEngine
import MapKitLayer

/// A style's SDF icon drawn in one colour with one edge (the shape's, or
/// its halo's) at one size, as `ImageLibrary.sdfIcon` keeps it: edges and
/// fades to 1/512 of the field, sizes in whole pixels.
struct SDFIconName: Hashable {
    let name: String
    let color: UInt32
    let edge: Int
    let gamma: Int
    let width: Int
    let height: Int
}

extension ImageLibrary {
    /// The most SDF icons kept drawn; past it they are all let go (an icon
    /// shrinking with a tilted map makes a copy at each size).
    static let mostSDFIcons = 512

    /// A style's SDF icon drawn `width` by `height` pixels: where its field
    /// (read between texels, smoothly) passes `edge`, fading `gamma` either
    /// way, it is `color`, elsewhere clear, as MapLibre's SDF shader draws
    /// it at any size; made once and kept. Nil when the sheet or its image
    /// cannot be read.
    func sdfIcon(named name: String, color: Color, edge: Double, gamma: Double, width: Int, height: Int) -> Texture? {
        guard edge.isFinite, gamma.isFinite, (1...2048).contains(width), (1...2048).contains(height) else { return nil }
        let key = SDFIconName(name: name, color: UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8
                                  | UInt32(color.blue),
                              edge: Int((min(max(edge, -1), 2) * 512).rounded()), gamma: Int((min(max(gamma, 0), 1) * 512).rounded()),
                              width: width, height: height)
        if let known = sdfIcons[key] { return known }
        guard let (sheet, image) = styleIcons, let icon = sheet.icons[name] else { return nil }
        if sdfIcons.count >= ImageLibrary.mostSDFIcons { sdfIcons.removeAll() }
        do {
            guard let sheetPixels = try sheetPixels(image) else { return nil }
            let x0 = Int(icon.rect.minX), y0 = Int(icon.rect.minY), columns = Int(icon.rect.width), rows = Int(icon.rect.height)
            guard x0 >= 0, y0 >= 0, columns > 0, rows > 0, x0 + columns <= sheetPixels.width, y0 + rows <= sheetPixels.height else {
                sdfIcons[key] = .some(nil)
                return nil
            }
            let all = sheetPixels.argb
            func field(_ column: Int, _ row: Int) -> Double {
                let c = min(max(column, 0), columns - 1), r = min(max(row, 0), rows - 1)
                return Double(all[(y0 + r) * sheetPixels.width + x0 + c] >> 24) / 255
            }
            let (low, high) = (Double(key.edge - key.gamma) / 512, Double(key.edge + key.gamma) / 512)
            let rgb = key.color & 0x00FF_FFFF, alpha = Double(color.alpha)
            var pixels = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                let v = (Double(y) + 0.5) * Double(rows) / Double(height) - 0.5
                let r = Int(v.rounded(.down)), fy = v - Double(r)
                for x in 0..<width {
                    let u = (Double(x) + 0.5) * Double(columns) / Double(width) - 0.5
                    let c = Int(u.rounded(.down)), fx = u - Double(c)
                    let top = field(c, r) * (1 - fx) + field(c + 1, r) * fx
                    let bottom = field(c, r + 1) * (1 - fx) + field(c + 1, r + 1) * fx
                    let value = top * (1 - fy) + bottom * fy
                    let t = high > low ? min(max((value - low) / (high - low), 0), 1) : (value >= high ? 1 : 0)
                    let cover = t * t * (3 - 2 * t)
                    pixels[y * width + x] = UInt32((cover * alpha).rounded()) << 24 | rgb
                }
            }
            let texture = try renderer.makeTexture(from: try Surface(width: width, height: height, argb: pixels), opaque: false)
            sdfIcons[key] = .some(texture)
            return texture
        } catch {
            sdfIcons[key] = .some(nil)
            logger.warning("the style's SDF icon \(name) cannot be drawn: \(error)")
            return nil
        }
    }
}
