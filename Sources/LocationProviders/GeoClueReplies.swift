import Foundation
import MapEngine
import MapKitLayer

/// Reads what `gdbus` prints of GeoClue 2's answers: GVariant text such as
/// `(objectpath '/org/freedesktop/GeoClue2/Client/1',)` for a client, a
/// `LocationUpdated` line of `gdbus monitor`, and the `GetAll` of a
/// location, `({'Latitude': <47.3769>, 'Longitude': <8.5417>, 'Accuracy': <20.0>, …},)`.
///
///     GeoClueReplies.objectPath(in: "(objectpath '/org/freedesktop/GeoClue2/Client/1',)")
///     // "/org/freedesktop/GeoClue2/Client/1"
enum GeoClueReplies {
    /// The first object path of a reply; nil when it holds none or only `/` (no location yet).
    static func objectPath(in reply: String) -> String? {
        paths(in: reply).first { $0 != "/" }
    }

    /// The new location's path of a `LocationUpdated` signal line (its second path), nil for other lines.
    static func updatedLocation(in line: String) -> String? {
        guard line.contains("org.freedesktop.GeoClue2.Client.LocationUpdated") else { return nil }
        let found = paths(in: line.drop { $0 != "(" })
        guard found.count >= 2, found[1] != "/" else { return nil }
        return found[1]
    }

    /// The fix a location's properties describe; nil unless latitude and
    /// longitude are finite and in range. An accuracy that is not a finite
    /// positive number of metres is left out.
    static func fix(in properties: String) -> LocationFix? {
        guard let latitude = number("Latitude", in: properties), let longitude = number("Longitude", in: properties),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        let accuracy = number("Accuracy", in: properties).flatMap { $0 > 0 && $0 < 40_000_000 ? $0 : nil }
        return LocationFix(coordinate: Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy)
    }

    /// Every `objectpath '…'` of a reply, in order.
    private static func paths(in text: some StringProtocol) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "objectpath '") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "'") else { break }
            found.append(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return found
    }

    /// The finite number of `'name': <number>`, if there.
    private static func number(_ name: String, in text: String) -> Double? {
        guard let key = text.range(of: "'\(name)': <") else { return nil }
        let digits = text[key.upperBound...].prefix { $0.isNumber || "+-.eE".contains($0) }
        guard let value = Double(digits), value.isFinite else { return nil }
        return value
    }
}
