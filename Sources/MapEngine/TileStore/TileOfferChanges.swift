/// The labels of the map's tiles that came in and went, for the label layer,
/// and their raised areas, for the buildings layer; each lets the departed
/// go first: a tile that came and went in one pump is only among the departed.
package struct TileOfferChanges {
    /// Each tile that came in with the labels it offers (possibly none).
    package var arrived: [(tile: TileID, labels: [LabelCandidate])] = []
    /// Each tile that came in with areas to raise (only those with some).
    package var raised: [(tile: TileID, extrusions: [Extrusion])] = []
    /// Tiles let go: their labels go with them.
    package var departed: [TileID] = []
}
