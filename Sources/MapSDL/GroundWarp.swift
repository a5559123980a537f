import MapCore
import VectorRaster

/// A turned or tilted map's tiles warped on the processor (a software
/// renderer's: SDL's software triangles cost about ten nanoseconds a
/// textured pixel) into one picture, then laid on the target in one copy.
/// Tiles are gathered while the commands are tiles on meshes, and laid
/// before the next other command, so the order of drawing stands.
final class GroundWarp {
    private let canvas: ProcessorPicture
    /// The tiles gathered, not yet warped and laid on the target.
    private var pending: [TrianglePicture.Warp] = []

    init(renderer: Renderer) {
        canvas = ProcessorPicture(renderer: renderer)
    }

    /// A tile's pixels warped onto its mesh in a picture of `size` (the
    /// target's); false when no texture for the picture can be made (SDL
    /// then draws the tile).
    func warp(_ pixels: TexelBlocks, source: Rect, mesh: TileMesh, size: Size) -> Bool {
        // Tiles gathered for a target of another size go first.
        if !canvas.isSized(size) { lay() }
        guard canvas.fit(size) else { return false }
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
        canvas.picture.map(pending)
        pending.removeAll(keepingCapacity: true)
        canvas.lay()
    }
}
