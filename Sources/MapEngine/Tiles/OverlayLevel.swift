/// Where overlays sit among the map's layers (after MapKit's `MKOverlayLevel`).
///
///     map.addOverlay(floodZone, level: .aboveRoads)    // under the labels
///     map.addOverlay(route, level: .aboveLabels)       // over everything but the pins
public enum OverlayLevel: String, Sendable, CaseIterable {
    /// Above the map's shapes and roads, below its labels.
    case aboveRoads
    /// Above the map's labels too (still below the pins).
    case aboveLabels
}
