extension TileStore {
    /// What one `pump` changed.
    package struct Changes {
        /// How many keys changed state.
        package var count = 0
        /// Labels of the map's tiles that came in (every such tile, an empty list too) and went.
        package var labels = TileOfferChanges()
        /// Warnings to log, each said once per store.
        package var warnings: [String] = []
    }
}
