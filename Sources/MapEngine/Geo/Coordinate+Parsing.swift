import Foundation

/// Why a coordinate given as text was refused.
///
///     do { _ = try Coordinate.parse("95,3") } catch { print(error) }   // latitude past ±90
package enum CoordinateParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not two numbers separated by a comma.
    case notAPair(String)
    /// A part that is not a number.
    case notANumber(String)
    /// A latitude outside -90...90.
    case latitudeOutOfRange(Double)
    /// A longitude outside -180...180.
    case longitudeOutOfRange(Double)

    /// What is wrong with the text, in words.
    package var description: String {
        switch self {
        case .notAPair(let text):
            return "\"\(text)\" is not LAT,LON (two numbers in degrees, e.g. 48.85,2.35)"
        case .notANumber(let text):
            return "\"\(text)\" is not a number"
        case .latitudeOutOfRange(let value):
            return "latitude \(value) is outside -90...90"
        case .longitudeOutOfRange(let value):
            return "longitude \(value) is outside -180...180"
        }
    }
}

extension Coordinate {
    /// Parses "LAT,LON" in decimal degrees, e.g. "48.85,2.35".
    package static func parse(_ text: String) throws(CoordinateParseError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .notAPair(text) }
        let fields = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let latitude = DecimalText.parse(fields[0]), latitude.isFinite else { throw .notANumber(fields[0]) }
        guard let longitude = DecimalText.parse(fields[1]), longitude.isFinite else { throw .notANumber(fields[1]) }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
