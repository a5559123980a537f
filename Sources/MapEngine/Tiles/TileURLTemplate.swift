import Foundation

/// A tile server's address with placeholders, as every web map writes it:
/// `{z}`, `{x}`, `{y}` (rows from the north), `{-y}` (rows from the south,
/// TMS), `{quadkey}` (Bing's), `{bbox-epsg-3857}` (the tile's corners in
/// web Mercator metres, as WMS servers take them) and `{s}` (one of the
/// subdomains, picked from the tile so that each tile always comes from the
/// same host and the browser-style caches agree). As in MapLibre, a URL
/// may have none of them: every tile is then that one address; but one
/// with some of `{z}`, `{x}` and `{y}` needs all three.
///
///     let osm = try TileURLTemplate("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", subdomains: "abc")
///     osm.url(for: TileID(z: 11, x: 327, y: 791))
package struct TileURLTemplate: Equatable, Sendable, CustomStringConvertible {
    /// The URL with `{z}`, `{x}`, `{y}` (and `{s}`) in it.
    package let template: String
    /// The hosts that take turns at `{s}`.
    package let subdomains: [String]

    /// Why a template was refused.
    package struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong with the template.
        package let description: String
    }

    /// `subdomains` is a string of one-letter hosts ("abc") or a
    /// comma-separated list ("a1,a2"); a template with `{s}` and none gets "abc".
    package init(_ template: String, subdomains: String? = nil) throws(Invalid) {
        let lower = template.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw Invalid(description: "a tile URL must start with http:// or https://")
        }
        // Some of the z/x/y placeholders but not all is a mistake; none at all is one address for every tile.
        let rows = template.contains("{y}") || template.contains("{-y}")
        let numbered = [template.contains("{z}"), template.contains("{x}"), rows]
        guard numbered.allSatisfy({ $0 }) || !numbered.contains(true) else {
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
    package func url(for tile: TileID) -> URL? {
        var text = template
            .replacingOccurrences(of: "{z}", with: String(tile.z))
            .replacingOccurrences(of: "{x}", with: String(tile.x))
            .replacingOccurrences(of: "{-y}", with: String(tile.tmsY))
            .replacingOccurrences(of: "{y}", with: String(tile.y))
        if text.contains("{quadkey}") { text = text.replacingOccurrences(of: "{quadkey}", with: TileURLTemplate.quadkey(tile)) }
        if text.contains("{bbox-epsg-3857}") {
            text = text.replacingOccurrences(of: "{bbox-epsg-3857}", with: TileURLTemplate.mercatorBox(tile))
        }
        if !subdomains.isEmpty {
            text = text.replacingOccurrences(of: "{s}", with: subdomains[abs(tile.x + tile.y) % subdomains.count])
        }
        return URL(string: text)
    }

    /// Bing's name of a tile: a digit (0 to 3) a level, the quarter it takes of its parent.
    static func quadkey(_ tile: TileID) -> String {
        var key = ""
        for level in (0..<tile.z).reversed() {
            let digit: Int = ((tile.x >> level) & 1) + 2 * ((tile.y >> level) & 1)
            key += String(digit)
        }
        return key
    }

    /// The tile's west, south, east and north edges in web Mercator metres.
    static func mercatorBox(_ tile: TileID) -> String {
        let half = 20_037_508.342789244, size = 2 * half / Double(1 << tile.z)
        let west = -half + Double(tile.x) * size, north = half - Double(tile.y) * size
        return [west, north - size, west + size, north].map { String(format: "%.6f", $0) }.joined(separator: ",")
    }

    /// A template with its row placeholders swapped, for a source whose
    /// `{y}` counts rows from the south (a style's `scheme: "tms"`).
    package static func swappingRows(_ template: String) -> String {
        template.replacingOccurrences(of: "{-y}", with: "\u{0}").replacingOccurrences(of: "{y}", with: "{-y}")
            .replacingOccurrences(of: "\u{0}", with: "{y}")
    }

    /// The template with subdomains named, for messages and the cache's name.
    package var description: String { template }
}
