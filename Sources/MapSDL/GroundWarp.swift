import MapEngine
import MapKitLayer
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

    /// Begins the picture with the map's background over the whole target
    /// (`size`), so that it comes out opaque and is copied without
    /// blending, and the target need not be filled first; false, with
    /// nothing done, when no picture of that size can be made.
    func cover(with color: Color, size: Size) -> Bool {
        if !canvas.isSized(size) { lay() }
        guard canvas.fit(size) else { return false }
        warpGathered()
        canvas.picture.cover(with: color)
        return true
    }

    /// Whether tiles are gathered, not yet laid on the target.
    var isGathering: Bool { !pending.isEmpty || canvas.picture.drawn != nil }

    /// Raises a layer of buildings (`draw`) on the tiles gathered, in the
    /// one picture, so that the target gets one copy rather than two:
    /// the tiles are warped, the faces filled into `layer` (a picture of
    /// the same size) and laid over them at the layer's opacity. False,
    /// with nothing done, when the pictures' sizes differ.
    func raise(_ draw: TriangleDraw, using layer: ProcessorPicture, images: ImageLibrary) -> Bool {
        guard isGathering, layer.picture.width == canvas.picture.width, layer.picture.height == canvas.picture.height else {
            return false
        }
        warpGathered()
        layer.picture.fill(draw, images: images)
        canvas.picture.lay(&layer.picture, opacity: draw.opacity)
        return true
    }

    /// Lays a gradient (the haze) over the tiles gathered, in their picture;
    /// false, with nothing done, when none are gathered.
    func shade(_ gradient: RowGradient) -> Bool {
        guard isGathering else { return false }
        warpGathered()
        canvas.picture.shade(gradient)
        return true
    }

    /// Warps the tiles gathered (on every core, a band of rows each).
    private func warpGathered() {
        guard !pending.isEmpty else { return }
        canvas.picture.map(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Warps the tiles gathered, lays the picture on the target and clears it for the next.
    func lay() {
        warpGathered()
        canvas.lay()
    }
}
