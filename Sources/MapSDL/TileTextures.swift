import MapEngine
import MapKitLayer
import VectorRaster

/// The tile store's images as SDL textures, by key. It makes a texture when
/// the store hands it pixels and lets it go when told; which keys live and
/// for how long is the store's to decide.
///
/// For a software renderer it keeps the pixels too: a tilted map's tiles
/// are then warped on the processor (`TrianglePicture.map`), several times
/// faster than SDL's software triangles, and the store counts both copies.
/// They are laid out for warping (`TexelBlocks`, with its half-size copies)
/// when a tilted frame first asks for them, not when the tile comes in: a
/// flat map, and every first frame, never pays for it.
final class TileTextures: TileTextureStoring {
    private let renderer: Renderer
    private var textures: [TileKey: Texture] = [:]
    /// The kept pixels of each key: as they came in, until a warp first asks for them laid out in blocks.
    private var pixels: [TileKey: Kept] = [:]

    private enum Kept {
        case rows(TilePixels)
        case blocks(TexelBlocks)
    }
    /// Whether the pixels are kept beside the textures.
    let keepsPixels: Bool
    /// Counts the textures replaced by new pixels for the same key (tiles
    /// painted anew after a change of style): a picture drawn from the old
    /// ones is out of date.
    private(set) var replacements = 0

    init(renderer: Renderer) {
        self.renderer = renderer
        keepsPixels = renderer.isSoftware
    }

    /// How many textures are held.
    var count: Int { textures.count }

    func store(_ pixels: TilePixels, for key: TileKey) throws(TileBackendError) -> Int {
        if textures[key] != nil { replacements &+= 1 }
        do {
            textures[key] = try renderer.makeTexture(from: pixels)
        } catch {
            throw TileBackendError(error.description)
        }
        guard keepsPixels else { return pixels.byteCount }
        self.pixels[key] = .rows(pixels)
        // Counted as the blocks they will become, so the budget holds whether a warp asks for them or not.
        return pixels.byteCount + TexelBlocks.byteCount(width: pixels.width, height: pixels.height)
    }

    func discard(_ key: TileKey) {
        textures[key] = nil
        pixels[key] = nil
    }

    /// The pixels of `key`, laid out for warping, when they are kept (a software renderer's).
    func pixels(for key: TileKey) -> TexelBlocks? {
        switch pixels[key] {
        case .blocks(let blocks):
            return blocks
        case .rows(let rows):
            let blocks = TexelBlocks(argb: rows.argb, width: rows.width, height: rows.height, isOpaque: rows.isOpaque)
            pixels[key] = blocks.map(Kept.blocks)
            return blocks
        case nil:
            return nil
        }
    }

    /// The texture of `key`, when the store made it.
    func texture(for key: TileKey) -> Texture? {
        textures[key]
    }
}
