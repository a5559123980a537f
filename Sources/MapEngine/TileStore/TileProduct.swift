/// What a producer made of one tile key: its pixels, and for the map's own
/// vector tiles the labels it offers and what was wrong with its data.
package struct TileProduct: Sendable {
    /// The image.
    package var pixels: TilePixels
    /// The labels the tile offers, in its pixels (only the map's own tiles at their own size).
    package var labels: [LabelCandidate]
    /// The areas it raises in 3D (likewise).
    package var extrusions: [Extrusion] = []
    /// Problems met while laying it out, each naming the stored tile they were met in.
    package var problems: [TileProblem]
    /// Whether a source it draws from could not give its part now (a server
    /// away): it is drawn without that part and made again later.
    package var isIncomplete = false

    package init(pixels: TilePixels, labels: [LabelCandidate] = [], problems: [TileProblem] = []) {
        self.pixels = pixels
        self.labels = labels
        self.problems = problems
    }
}

/// Something wrong in a tile that was drawn anyway (a geometry that cannot
/// be read, a label cut): said once per reason, with the stored tile it was first met in.
package struct TileProblem: Sendable, Equatable {
    /// The stored tile ("world.mbtiles tile 5/16/11").
    package var location: String
    /// What was wrong.
    package var reason: String
}
