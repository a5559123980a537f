import MapEngine

/// What a placemark's subtitle says about a coordinate given the nearest
/// place: the place itself when the coordinate is within 2 km of it, else
/// how far and which way: "12 km NE of Mill Valley, California, US".
struct PlaceDescription: Equatable, Sendable {
    /// Closer than this, a coordinate is simply "at" the place.
    static let nearbyKilometres = 2.0

    let place: Place
    /// Great-circle distance from the place to the coordinate.
    let distanceKilometres: Double
    /// Compass bearing from the place to the coordinate, 0 ..< 360.
    let bearing: Double

    init(coordinate: Coordinate, nearest place: Place) {
        self.place = place
        distanceKilometres = place.coordinate.distanceKilometres(to: coordinate)
        bearing = place.coordinate.bearing(to: coordinate)
    }

    var text: String {
        guard distanceKilometres > PlaceDescription.nearbyKilometres else { return place.label }
        return "\(PlaceDescription.kilometresText(distanceKilometres)) km \(PlaceDescription.compassPoint(bearing)) of \(place.label)"
    }

    /// Whole kilometres from 10 km on ("12"); one decimal below, so a point
    /// just past the 2 km limit does not read "2 km" ("2.4").
    static func kilometresText(_ kilometres: Double) -> String {
        if kilometres >= 9.95 { return String(Int(kilometres.rounded())) }
        let tenths = Int((kilometres * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The nearest of the eight compass points: N, NE, E, SE, S, SW, W, NW.
    static func compassPoint(_ bearing: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        var sector = Int(((bearing + 22.5) / 45).rounded(.down)) % 8
        if sector < 0 { sector += 8 }
        return points[sector]
    }
}
