/// How far a tile has got on its way to the screen.
package enum TileStatus: Equatable, Sendable {
    /// Requested and not answered yet.
    case loading
    /// Decoded and ready to draw.
    case loaded
    /// The source has no such tile.
    case missing
    /// The source has a file, but it is not a usable image.
    case failed
}

/// Answers what the tile store knows about each tile image; nil means the
/// key was never requested (or was evicted). A frame reads it and changes nothing.
package protocol TileStatusProviding {
    /// Whether the key's image is loaded, loading, missing or failed; nil when never asked for.
    func status(of key: TileKey) -> TileStatus?
    /// Whether ancestors are asked for to stand in for tiles not yet
    /// loaded (before the tiles themselves): yes for images, which come
    /// fast and show something at once; no for painted vector tiles, where
    /// an ancestor costs as much as the tile (the whole world's far more).
    /// An ancestor already loaded stands in either way.
    var asksForStandIns: Bool { get }
    /// Whether the map's tiles can be painted at any size (vector tiles):
    /// at rest between whole zooms they are then asked for at their size on screen.
    var paintsAtAnySize: Bool { get }
    /// Whether the map's tiles carry labels (vector tiles): the tiles of
    /// the level labels come from are then asked for too.
    var offersLabels: Bool { get }
    /// Whether a loaded tile is being painted anew (the style changed): its
    /// old pixels are drawn meanwhile, and a picture waits for the new.
    func isRepainting(_ key: TileKey) -> Bool
    /// When a tile first came in (its pixels first shown), to fade it in; nil when not known.
    func readySince(_ key: TileKey) -> Double?
    /// A loaded overlay tile of an earlier version of the overlays, for the
    /// same tile and level as `key`, drawn while `key` is painted: a
    /// selection that repaints the overlays never blanks them. Nil when none is kept.
    func overlayStandIn(for key: TileKey) -> TileKey?
    /// A loaded picture of `tile` at its own size, painted with its corner
    /// moved within its first pixel (`TileKey.phase`), drawn where the plain
    /// tile is not in; nil when none is kept.
    func ownSizePicture(of tile: TileID) -> TileKey?
    /// Counts the changes to what this provider tells a scene: equal counts,
    /// equal answers, so tile draws built from them may be kept. Nil when
    /// not counted (nothing is kept).
    var drawVersion: Int? { get }
    /// Whether a tile came in less than `duration` seconds before `now` (it is still fading in).
    func isFadingIn(at now: Double, duration: Double) -> Bool
}

extension TileStatusProviding {
    /// Stand-ins asked for, as for images.
    package var asksForStandIns: Bool { true }
    /// No overlay tiles of earlier versions kept.
    package func overlayStandIn(for key: TileKey) -> TileKey? { nil }
    /// No pictures painted again kept.
    package func ownSizePicture(of tile: TileID) -> TileKey? { nil }
    /// Not counted.
    package var drawVersion: Int? { nil }
    /// Any tile may be fading in.
    package func isFadingIn(at now: Double, duration: Double) -> Bool { true }

    /// Images come at their own size.
    package var paintsAtAnySize: Bool { false }

    /// Images carry no labels.
    package var offersLabels: Bool { false }

    /// Nothing is painted anew.
    package func isRepainting(_ key: TileKey) -> Bool { false }

    /// Tiles are shown whole at once.
    package func readySince(_ key: TileKey) -> Double? { nil }

    /// The status of the map's own tile at its own size.
    package func status(of tile: TileID) -> TileStatus? { status(of: TileKey(tile: tile)) }
}
