import MapEngine

/// The units the map measures distances in: on its scale bar, and in a
/// track's figures.
///
///     var options = MapOptions()
///     options.units = .imperial   // feet and miles
public enum DistanceUnits: String, CaseIterable, Sendable {
    /// Metres and kilometres.
    case metric
    /// Feet and miles.
    case imperial
}
