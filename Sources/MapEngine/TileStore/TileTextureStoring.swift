/// Where the tile store leaves finished images: the backend's texture
/// cache (MapSDL's makes SDL textures). It keeps what it is given under its
/// key until told to discard it, and decides nothing: which keys live, and
/// for how long, is the store's.
package protocol TileTextureStoring: AnyObject {
    /// Makes `key`'s texture from `pixels` and says how many bytes it now
    /// holds for it (the store keeps its budget by them); throws a human
    /// reason when it cannot.
    func store(_ pixels: TilePixels, for key: TileKey) throws(TileBackendError) -> Int
    /// Lets `key`'s texture go.
    func discard(_ key: TileKey)
}
