import Foundation

/// A TileJSON document (a style source's `url` on a server): where a
/// source's tiles are and which it has. Its tile addresses may be relative
/// to the document's own.
///
///     let info = try TileJSON(bytes: bytes, url: "https://tiles.example.org/planet.json")
///     info.tiles   // ["https://tiles.example.org/planet/{z}/{x}/{y}.pbf"]
package struct TileJSON: Equatable, Sendable {
    /// Tile URL templates, absolute.
    package var tiles: [String]
    package var minZoom = 0
    package var maxZoom = 22
    /// Rows from the south when `tms`.
    package var scheme = TileScheme.xyz
    package var attribution: String?
    /// West, south, east and north, in degrees; nil when it covers the world.
    package var bounds: (west: Double, south: Double, east: Double, north: Double)?
    /// What was left out or taken otherwise than written, one line each, naming the document.
    package var warnings: [String] = []

    /// Why a document could not be read.
    package struct Invalid: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads the document at `url` from its bytes.
    package init(bytes: [UInt8], url: String) throws(Invalid) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Invalid(description: "\(url): not a TileJSON document: \(error)")
        }
        guard case .object = root.value else { throw Invalid(description: "\(url): not a TileJSON document (not an object)") }
        let base = URL(string: url)
        let templates = root["tiles"]?.elements?.compactMap(\.string) ?? []
        tiles = templates.map { RelativeAddress.resolve($0, against: base) }
        guard !tiles.isEmpty else { throw Invalid(description: "\(url): the TileJSON document lists no \"tiles\"") }
        func level(_ key: String) -> Int? {
            guard let number = root[key]?.number, number.isFinite else { return nil }
            return Int(min(max(number, 0), 30))
        }
        minZoom = level("minzoom") ?? 0
        maxZoom = max(level("maxzoom") ?? 22, minZoom)
        if let given = root["scheme"] {
            switch given.string {
            case "tms": scheme = .tms
            case "xyz": break
            default: warnings.append("\(url): \"scheme\" is neither \"xyz\" nor \"tms\"; rows are read as xyz")
            }
        }
        attribution = root["attribution"]?.string
        if let field = root["bounds"] {
            let numbers = field.elements?.compactMap(\.number) ?? []
            if numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[0] < numbers[2], numbers[1] < numbers[3] {
                let world = (-180.0, -90.0, 180.0, 90.0)
                if (numbers[0], numbers[1], numbers[2], numbers[3]) != world {
                    bounds = (max(numbers[0], -180), max(numbers[1], -90), min(numbers[2], 180), min(numbers[3], 90))
                }
            } else {
                warnings.append("\(url): \"bounds\" is not [west, south, east, north] with west before east and south before north; "
                                    + "left out (the tiles are asked for everywhere)")
            }
        }
    }

    package static func == (lhs: TileJSON, rhs: TileJSON) -> Bool {
        lhs.tiles == rhs.tiles && lhs.minZoom == rhs.minZoom && lhs.maxZoom == rhs.maxZoom && lhs.scheme == rhs.scheme
            && lhs.attribution == rhs.attribution && lhs.bounds.map { [$0.west, $0.south, $0.east, $0.north] }
            == rhs.bounds.map { [$0.west, $0.south, $0.east, $0.north] }
    }

    /// Whether a tile reaches into the bounds (every tile does without them).
    package func covers(_ tile: TileID) -> Bool {
        guard let bounds else { return true }
        let n = Double(1 << tile.z)
        let northWest = WebMercator.unproject(Point(x: Double(tile.x) / n, y: Double(tile.y) / n))
        let southEast = WebMercator.unproject(Point(x: Double(tile.x + 1) / n, y: Double(tile.y + 1) / n))
        return southEast.longitude > bounds.west && northWest.longitude < bounds.east
            && northWest.latitude > bounds.south && southEast.latitude < bounds.north
    }
}
