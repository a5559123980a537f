import Foundation

/// A tile server's address with placeholders, as every web map writes it:
/// `{z}`, `{x}`, `{y}` (rows from the north), `{-y}` (rows from the south,
/// TMS) and `{s}` (one of the subdomains, picked from the tile so that each
/// tile always comes from the same host and the browser-style caches agree).
///
///     let osm = try TileURLTemplate("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", subdomains: "abc")
///     osm.url(for: TileID(z: 11, x: 327, y: 791))
public struct TileURLTemplate: Equatable, Sendable, CustomStringConvertible {
    /// The URL with `{z}`, `{x}`, `{y}` (and `{s}`) in it.
    public let template: String
    /// The hosts that take turns at `{s}`.
    public let subdomains: [String]

    /// Why a template was refused.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong with the template.
        public let description: String
    }

    /// `subdomains` is a string of one-letter hosts ("abc") or a
    /// comma-separated list ("a1,a2"); a template with `{s}` and none gets "abc".
    public init(_ template: String, subdomains: String? = nil) throws(Invalid) {
        let lower = template.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw Invalid(description: "a tile URL must start with http:// or https://")
        }
        guard template.contains("{z}"), template.contains("{x}"),
              template.contains("{y}") || template.contains("{-y}") else {
            throw Invalid(description: "a tile URL needs {z}, {x} and {y} (or {-y} for rows from the south)")
        }
        let hosts: [String]
        if let subdomains, !subdomains.isEmpty {
            hosts = subdomains.contains(",") ? subdomains.split(separator: ",").map(String.init)
                : subdomains.map(String.init)
        } else {
            hosts = template.contains("{s}") ? ["a", "b", "c"] : []
        }
        self.template = template
        self.subdomains = hosts
        let sample = url(for: TileID(z: 1, x: 1, y: 1))
        guard sample != nil else {
            throw Invalid(description: "not a valid URL once {z}, {x} and {y} are filled in")
        }
    }

    /// The tile's URL, its host chosen by the tile so the same tile always comes from the same
    /// host.
    public func url(for tile: TileID) -> URL? {
        var text = template
            .replacingOccurrences(of: "{z}", with: String(tile.z))
            .replacingOccurrences(of: "{x}", with: String(tile.x))
            .replacingOccurrences(of: "{-y}", with: String(tile.tmsY))
            .replacingOccurrences(of: "{y}", with: String(tile.y))
        if !subdomains.isEmpty {
            text = text.replacingOccurrences(of: "{s}", with: subdomains[abs(tile.x + tile.y) % subdomains.count])
        }
        return URL(string: text)
    }

    /// The template with subdomains named, for messages and the cache's name.
    public var description: String { template }
}
