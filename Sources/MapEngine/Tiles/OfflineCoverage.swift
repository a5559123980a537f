/// What the areas downloaded for offline use hold of a view.
package enum OfflineCoverage: Sendable, Equatable {
    /// No area is downloaded.
    case noAreas
    /// Areas are downloaded, none of them here.
    case elsewhere
    /// An area holds this view.
    case covered
}

/// A source of tiles that draws from downloaded areas when its server
/// cannot be reached: the map asks it what they hold of the view, to say
/// so when they hold nothing there.
package protocol OfflineBackedSource: TileSource {
    /// What the downloaded areas hold around `place` at `zoom`.
    func offlineCoverage(of place: Coordinate, zoom: Int) -> OfflineCoverage
}
