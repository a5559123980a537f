/// Where overlays sit among the map's layers (after MapKit's `MKOverlayLevel`).
public enum OverlayLevel: String, Sendable, CaseIterable {
    /// Above the map's shapes and roads, below its labels.
    case aboveRoads
    /// Above the map's labels too (still below the pins).
    case aboveLabels
}
