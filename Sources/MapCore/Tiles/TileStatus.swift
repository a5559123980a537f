/// How far a tile has got on its way to the screen.
public enum TileStatus: Equatable, Sendable {
    /// Requested and not answered yet.
    case loading
    /// Decoded and ready to draw.
    case loaded
    /// The source has no such tile.
    case missing
    /// The source has a file, but it is not a usable image.
    case failed
}

/// Answers what the renderer side knows about each tile; nil means the tile
/// was never requested (or was evicted).
public protocol TileStatusProviding {
    func status(of tile: TileID) -> TileStatus?
    /// The labels a loaded tile of a vector source offers; none for images.
    func labels(of tile: TileID) -> [LabelCandidate]
}

extension TileStatusProviding {
    /// None: image tiles offer no labels.
    public func labels(of tile: TileID) -> [LabelCandidate] { [] }
}
