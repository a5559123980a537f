/// A named place of the gazetteer: a town or city with its first-level
/// region (state, province) and ISO 3166-1 country code.
public struct Place: Equatable, Sendable {
    /// The place's name, as the gazetteer spells it.
    public let name: String
    /// Empty when the source names no region.
    public let region: String
    /// The country's two-letter ISO 3166-1 code ("CH").
    public let countryCode: String
    /// Where the place is.
    public let coordinate: Coordinate

    /// A place called `name` in `region` of the country `countryCode`, at `coordinate`.
    public init(name: String, region: String, countryCode: String, coordinate: Coordinate) {
        self.name = name
        self.region = region
        self.countryCode = countryCode
        self.coordinate = coordinate
    }

    /// "Place, Region, CC"; the region is left out when there is none or
    /// when it only repeats the place ("Tokyo, JP", "Singapore, SG").
    public var label: String {
        var parts = [name]
        if !region.isEmpty && region != name { parts.append(region) }
        if !countryCode.isEmpty { parts.append(countryCode) }
        return parts.joined(separator: ", ")
    }
}
