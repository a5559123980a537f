/// Names one image the tile store makes and a renderer keeps as a texture:
/// which tile, whose drawing (the map's, or the overlays of a level as they
/// were at a version), and at what size.
///
///     TileKey(tile: t)                                  // the map's tile at its own size
///     TileKey(tile: t, pixels: 362)                     // drawn again at its size on screen
///     TileKey(tile: t, layer: .overlay(.aboveRoads, version: 3))
package struct TileKey: Hashable, Sendable, CustomStringConvertible {
    /// Whose drawing a tile image is.
    package enum Layer: Hashable, Sendable {
        /// The map's own tiles (images, or a vector source painted).
        case base
        /// The overlays of one level, as they were at `version` of the overlay layer.
        case overlay(OverlayLevel, version: Int)
    }

    /// The tile.
    package var tile: TileID
    /// Whose drawing.
    package var layer: Layer
    /// Pixels a side the image is painted at: nil for the tile's own size
    /// (256 points at the display's scale, or an image source's own); a
    /// number for a vector tile painted again at the size it has on screen
    /// while the map rests between whole zooms.
    package var pixels: Int?
    /// How far the tile's corner lies from the pixel edge nearest it on
    /// screen, in 64ths of a pixel (-32 to 32): a tile painted again at rest
    /// is drawn this far into a picture laid on whole pixels, so its edges
    /// fall where the world's do instead of up to half a pixel off. Zero for
    /// a plain tile.
    package var phase = TilePhase()

    /// `tile` of `layer`, painted at `pixels` a side (nil: its own size).
    package init(tile: TileID, layer: Layer = .base, pixels: Int? = nil) {
        self.tile = tile
        self.layer = layer
        self.pixels = pixels
    }

    /// Whether it names one of the map's tiles at its own size, not moved
    /// (the only kind that stands in for its descendants).
    package var isPlainBase: Bool { layer == .base && pixels == nil }

    /// Whether it names one of the map's tiles at its own size, plain or
    /// painted again with its corner where it lies (a map at rest on a whole
    /// zoom): such a picture offers the tile's labels and buildings, and
    /// serves in place of the plain tile.
    package var isOwnSizeBase: Bool {
        layer == .base && (pixels == nil || pixels == Int(WebMercator.tileSize))
    }

    /// "z/x/y", with the layer and size when they are not the plain map's.
    package var description: String {
        var text = tile.description
        if case .overlay(let level, let version) = layer { text += " overlay \(level.rawValue) v\(version)" }
        if let pixels { text += " @\(pixels)px" }
        if phase != TilePhase() { text += " +\(phase.x),\(phase.y)/64" }
        return text
    }
}

/// A tile's corner from the nearest pixel edge on screen, in 64ths of a
/// pixel right and down (see `TileKey.phase`).
package struct TilePhase: Hashable, Sendable {
    /// The steps a pixel is cut into.
    package static let steps = 64
    package var x: Int
    package var y: Int

    package init(x: Int = 0, y: Int = 0) {
        self.x = x
        self.y = y
    }

    /// The offset in pixels.
    package var offset: Point { Point(x: Double(x) / Double(TilePhase.steps), y: Double(y) / Double(TilePhase.steps)) }
}
