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
    /// Whether the tile is loaded, loading or failed; nil when never asked for.
    func status(of tile: TileID) -> TileStatus?
    /// The labels a loaded tile of a vector source offers; none for images.
    func labels(of tile: TileID) -> [LabelCandidate]
    /// Whether ancestors are asked for to stand in for tiles not yet
    /// loaded (before the tiles themselves): yes for images, which come
    /// fast and show something at once; no for painted vector tiles, where
    /// an ancestor costs as much as the tile (the whole world's far more).
    /// An ancestor already loaded stands in either way.
    var asksForStandIns: Bool { get }
}

extension TileStatusProviding {
    /// Stand-ins asked for, as for images.
    public var asksForStandIns: Bool { true }

    /// None: image tiles offer no labels.
    public func labels(of tile: TileID) -> [LabelCandidate] { [] }
}
