/// The overlays' pictures of earlier versions that stand in while the
/// current version's are painted (a selection repaints the overlays, and
/// the old picture stays on screen until the new one is in).
extension TileStore {
    /// An overlay tile of one level, whatever its version.
    struct RetiredOverlay: Hashable {
        let tile: TileID
        let level: OverlayLevel
    }

    /// The loaded overlay tile of an earlier version standing in for `key`.
    package func overlayStandIn(for key: TileKey) -> TileKey? {
        guard case .overlay(let level, let version) = key.layer else { return nil }
        if let retired = retiredOverlays[RetiredOverlay(tile: key.tile, level: level)] { return retired }
        // A frame built before the store takes the new version draws the one it has.
        if let current = overlayVersion, current != version {
            let shown = TileKey(tile: key.tile, layer: .overlay(level, version: current), pixels: key.pixels)
            if states[shown]?.status == .loaded { return shown }
        }
        return nil
    }

    /// Paints the overlays of each level as they are at `version` from now
    /// on. Of the tiles of other versions, the newest loaded one of each tile
    /// and level is kept to stand in until the new one is in (a selection
    /// changes a highlight, and the rest of the picture stays on screen);
    /// the others are let go (their textures discarded).
    package func useOverlays(version: Int, producers: [OverlayLevel: any TileProducing],
                             discardingInto textures: any TileTextureStoring) {
        guard version != overlayVersion else { return }
        overlayVersion = version
        drawChanges &+= 1
        workshop.setOverlays(Dictionary(uniqueKeysWithValues: producers.map { (TileKey.Layer.overlay($0.key, version: version), $0.value) }))
        var unused = Changes()
        for key in states.keys {
            guard case .overlay(let level, let keyVersion) = key.layer, keyVersion != version else { continue }
            let place = RetiredOverlay(tile: key.tile, level: level)
            if states[key]?.status == .loaded, producers[level] != nil {
                if let kept = retiredOverlays[place], kept != key {
                    guard case .overlay(_, let keptVersion) = kept.layer, keptVersion < keyVersion else {
                        forget(key, into: textures, &unused)
                        continue
                    }
                    forget(kept, into: textures, &unused)
                }
                retiredOverlays[place] = key
            } else {
                // Never painted, or of a level with no overlays now: nothing to stand in with.
                forget(key, into: textures, &unused)
            }
        }
    }
}
