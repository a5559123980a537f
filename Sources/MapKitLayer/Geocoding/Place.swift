import Foundation
import MapEngine

/// A named place of the gazetteer: a town or city with its first-level
/// region (state, province) and ISO 3166-1 country code.
///
///     for place in try PlaceSearch.world().matches(for: "zur") {
///         print(place.name, place.region, place.countryCode, place.coordinate)
///     }
public struct Place: Equatable, Sendable {
    /// The place's name, as the gazetteer spells it.
    public let name: String
    /// Empty when the source names no region.
    public let region: String
    /// The country's two-letter ISO 3166-1 code ("CH").
    public let countryCode: String
    /// Where the place is.
    public let coordinate: Coordinate
    /// Its name in the country's own script where that is not Latin (東京,
    /// Москва, القاهرة); empty otherwise.
    public let localName: String

    /// A place called `name` (`localName` in its country's script) in
    /// `region` of the country `countryCode`, at `coordinate`.
    public init(name: String, region: String, countryCode: String, coordinate: Coordinate, localName: String = "") {
        self.name = name
        self.region = region
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.localName = localName
    }

    /// "Place, Region, CC"; the region is left out when there is none or
    /// when it only repeats the place ("Tokyo, JP", "Singapore, SG").
    public var label: String {
        var parts = [name]
        if !region.isEmpty && !Place.repeats(region, name) { parts.append(region) }
        if !countryCode.isEmpty { parts.append(countryCode) }
        return parts.joined(separator: ", ")
    }

    /// Whether `region` only says `name` again, case and accents aside:
    /// "Sao Paulo" repeats "São Paulo". ASCII pairs (most) are compared byte
    /// by byte; only others go through Foundation's folding, which is slow.
    private static func repeats(_ region: String, _ name: String) -> Bool {
        if region == name { return true }
        let (a, b) = (region.utf8, name.utf8)
        if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
            func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
            return a.count == b.count && zip(a, b).allSatisfy { lower($0) == lower($1) }
        }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return region.folding(options: options, locale: nil) == name.folding(options: options, locale: nil)
    }
}
