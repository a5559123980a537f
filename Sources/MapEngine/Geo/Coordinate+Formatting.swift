import Foundation

extension Coordinate {
    /// The coordinate as people read it, four decimals with hemispheres:
    /// "37.8100° N, 122.4780° W".
    public var displayText: String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let text = String(format: "%.4f", abs(value))
            // A value that rounds to zero has no hemisphere to speak of.
            let hemisphere = text == "0.0000" ? positive : (value < 0 ? negative : positive)
            return "\(text)° \(hemisphere)"
        }
        return "\(part(latitude, "N", "S")), \(part(longitude, "E", "W"))"
    }
}
