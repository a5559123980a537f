import MapCore
import VectorRaster

/// A turned or tilted map's tiles warped on the processor (a software
/// renderer's: SDL's software triangles cost about ten nanoseconds a
/// textured pixel) into one picture, then laid on the target in one copy.
/// Tiles are gathered while the commands are tiles on meshes, and laid
/// before the next other command, so the order of drawing stands.
final class GroundWarp {
    private let renderer: Renderer
    private var picture = TrianglePicture(width: 1, height: 1)
    private var texture: Texture?
    /// The tiles gathered, not yet warped and laid on the target.
    private var pending: [TrianglePicture.Warp] = []

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// A tile's pixels warped onto its mesh in a picture of `size` (the
    /// target's); false when no texture for the picture can be made (SDL
    /// then draws the tile).
    func warp(_ pixels: TexelBlocks, source: Rect, mesh: TileMesh, size: Size) -> Bool {
        let width = max(Int(size.width.rounded()), 1), height = max(Int(size.height.rounded()), 1)
        if picture.width != width || picture.height != height || texture == nil {
            lay()
            picture = TrianglePicture(width: width, height: height)
            texture = nil
            texture = try? renderer.makeStreamingTexture(width: width, height: height)
        }
        guard texture != nil else { return false }
        // Sources are in pixels of a 256 px tile; scale to the real image.
        let scale = Double(pixels.width) / WebMercator.tileSize
        pending.append(TrianglePicture.Warp(pixels, source: Rect(x: source.minX * scale, y: source.minY * scale,
                                                                 width: source.width * scale, height: source.height * scale),
                                            onto: mesh))
        return true
    }

    /// Warps the tiles gathered (on every core, a band of rows each), lays
    /// them on the target and clears the picture for the next.
    func lay() {
        guard !pending.isEmpty else { return }
        picture.map(pending)
        pending.removeAll(keepingCapacity: true)
        guard let texture, let drawn = picture.drawn else { return }
        texture.update(columns: drawn.columns, rows: drawn.rows, from: picture.pixels, width: picture.width)
        let rect = Rect(x: Double(drawn.columns.lowerBound), y: Double(drawn.rows.lowerBound),
                        width: Double(drawn.columns.count), height: Double(drawn.rows.count))
        renderer.copy(texture, source: rect, destination: rect)
        picture.clear()
    }
}
