@_spi(PinmapApp) import MapCore

/// The tile store's images as SDL textures, by key. It makes a texture when
/// the store hands it pixels and lets it go when told; which keys live and
/// for how long is the store's to decide.
final class TileTextures: TileTextureStoring {
    private let renderer: Renderer
    private var textures: [TileKey: Texture] = [:]

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// How many textures are held.
    var count: Int { textures.count }

    func store(_ pixels: TilePixels, for key: TileKey) throws(TileBackendError) {
        do {
            textures[key] = try renderer.makeTexture(from: pixels)
        } catch {
            throw TileBackendError(error.description)
        }
    }

    func discard(_ key: TileKey) {
        textures[key] = nil
    }

    /// The texture of `key`, when the store made it.
    func texture(for key: TileKey) -> Texture? {
        textures[key]
    }
}
