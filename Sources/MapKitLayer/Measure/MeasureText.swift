import MapEngine

/// Lengths and areas in words, in the scale bar's units: "850 m", "12.4 km",
/// "2.3 ha", "5.1 km²"; "920 ft", "3.2 mi", "4.5 ac", "1.2 mi²".
package enum MeasureText {
    static let metresPerFoot = 0.3048
    static let metresPerMile = 1609.344
    static let squareMetresPerAcre = 4046.8564224

    /// A length given in metres.
    package static func length(_ metres: Double, units: DistanceUnits) -> String {
        guard metres.isFinite, metres >= 0 else { return TrackFigures.noFigure }
        switch units {
        case .metric:
            if metres < 1000 { return "\(TrackFigures.whole(metres)) m" }
            return number(metres / 1000) + " km"
        case .imperial:
            let feet = metres / metresPerFoot
            if feet < 1000 { return "\(TrackFigures.whole(feet)) ft" }
            return number(metres / metresPerMile) + " mi"
        }
    }

    /// An area given in square metres.
    package static func area(_ squareMetres: Double, units: DistanceUnits) -> String {
        guard squareMetres.isFinite, squareMetres >= 0 else { return TrackFigures.noFigure }
        switch units {
        case .metric:
            if squareMetres < 10_000 { return "\(TrackFigures.whole(squareMetres)) m²" }
            if squareMetres < 1_000_000 { return number(squareMetres / 10_000) + " ha" }
            return number(squareMetres / 1_000_000) + " km²"
        case .imperial:
            let squareFeet = squareMetres / (metresPerFoot * metresPerFoot)
            if squareFeet < 43_560 { return "\(TrackFigures.whole(squareFeet)) ft²" }
            let acres = squareMetres / squareMetresPerAcre
            if acres < 640 { return number(acres) + " ac" }
            return number(squareMetres / (metresPerMile * metresPerMile)) + " mi²"
        }
    }

    /// Two decimals under 10, one under 100, none above: "3.42", "12.4", "153".
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return TrackFigures.noFigure }
        if value >= 100 { return TrackFigures.whole(value) }
        return String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}
