import Foundation
import MapEngine
import MapKitLayer

/// A made-up city in OpenMapTiles' schema, as dense as the busiest tiles of
/// real cities (5,000 buildings and 8,000 points of interest in a zoom-14
/// tile), for `bench --vector` to measure without a city file at hand.
/// Seeded, so every run measures the same map.
struct SyntheticCity: TileSource {
    let center: Coordinate
    let levels: ClosedRange<Int> = 10...14
    var attribution: String? { "synthetic city" }
    var content: TileContent { .vector }
    private let tiles: [TileID: Data]

    init(center: Coordinate, radius: Int = 2) {
        self.center = center
        var tiles: [TileID: Data] = [:]
        let world = WebMercator.project(center)
        for z in 10...14 {
            let n = Double(1 << z)
            let cx = Int(world.x * n), cy = Int(world.y * n)
            let r = z >= 13 ? radius : 1
            for x in (cx - r)...(cx + r) {
                for y in (cy - r)...(cy + r) {
                    let tile = TileID(z: z, x: x, y: y)
                    tiles[tile] = Data(SyntheticCity.tile(tile))
                }
            }
        }
        self.tiles = tiles
    }

    func data(for tile: TileID) throws(TileSourceError) -> Data? { tiles[tile] }
    /// Every tile, for writing to a file.
    var allTiles: [(TileID, Data)] { tiles.sorted { ($0.key.z, $0.key.x, $0.key.y) < ($1.key.z, $1.key.x, $1.key.y) } }
    func location(of tile: TileID) -> String { "synthetic \(tile.z)/\(tile.x)/\(tile.y)" }

    static func tile(_ tile: TileID) -> [UInt8] {
        var random = GeoJSONBenchmark.SplitMix(seed: UInt64(tile.z) << 40 ^ UInt64(tile.x) << 20 ^ UInt64(tile.y))
        let dense = tile.z >= 14
        var building = VectorTileWriter.Layer(name: "building")
        var roads = VectorTileWriter.Layer(name: "transportation")
        var names = VectorTileWriter.Layer(name: "transportation_name")
        var poi = VectorTileWriter.Layer(name: "poi")
        var water = VectorTileWriter.Layer(name: "water")
        var park = VectorTileWriter.Layer(name: "park")
        var place = VectorTileWriter.Layer(name: "place")
        var landuse = VectorTileWriter.Layer(name: "landuse")
        landuse.add(.polygon, geometry: [rect(0, 0, 4096, 4096)], properties: ["class": .string("residential")])
        // Blocks of 8 x 8 buildings between streets, 72 x 72 buildings a tile at zoom 14.
        let side = dense ? 72 : (tile.z == 13 ? 72 : 0)
        let cell = 4096.0 / Double(max(side, 1))
        for i in 0..<side {
            for j in 0..<side where i % 9 != 8 && j % 9 != 8 {
                let x = Double(i) * cell + cell * 0.15 * random.unit(), y = Double(j) * cell + cell * 0.15 * random.unit()
                let w = cell * (0.55 + 0.25 * random.unit()), h = cell * (0.55 + 0.25 * random.unit())
                building.add(.polygon, geometry: [rect(x, y, x + w, y + h)])
            }
        }
        let streets = 8
        for k in 0...streets {
            let at = Double(k) * 4096 / Double(streets) - cell / 2
            let klass: FeatureValue = .string(k % 4 == 0 ? "primary" : (k % 2 == 0 ? "secondary" : "minor"))
            let across = [Point(x: -64, y: at), Point(x: 4160, y: at + 40 * random.unit())]
            let down = [Point(x: at, y: -64), Point(x: at + 40 * random.unit(), y: 4160)]
            roads.add(.lineString, geometry: [across], properties: ["class": klass])
            roads.add(.lineString, geometry: [down], properties: ["class": klass])
            names.add(.lineString, geometry: [across], properties: named("\(street(k, &random))strasse", ["class": klass]))
            names.add(.lineString, geometry: [down], properties: named("\(street(k + 9, &random))weg", ["class": klass]))
        }
        let poiCount = dense ? 8000 : (tile.z == 13 ? 2000 : 300)
        for k in 0..<poiCount {
            let p = Point(x: 4096 * random.unit(), y: 4096 * random.unit())
            poi.add(.point, geometry: [[p]], properties: named("\(["Café", "Bäckerei", "Apotheke", "Kiosk", "Bar"][k % 5]) \(k)",
                                                                 ["rank": .number(Double(1 + k % 40)), "class": .string(["cafe", "bakery", "pharmacy", "shop", "bar"][k % 5]),
                                                                  "subclass": .string(["cafe", "bakery", "pharmacy", "kiosk", "bar"][k % 5])]))
        }
        water.add(.polygon, geometry: [rect(3000, 3000, 4200, 4200)], properties: ["class": .string("lake")])
        park.add(.polygon, geometry: [rect(200, 2600, 1200, 3500)], properties: ["class": .string("park")])
        for k in 0..<(dense ? 12 : 6) {
            place.add(.point, geometry: [[Point(x: 4096 * random.unit(), y: 4096 * random.unit())]],
                      properties: named("Quartier \(tile.x % 100)-\(k)", ["class": .string(k == 0 ? "city" : "suburb"), "rank": .number(Double(k + 5))]))
        }
        var layers = [landuse, water, park, roads, names, place, poi]
        if side > 0 { layers.insert(building, at: 3) }
        return VectorTileWriter.encode(layers)
    }

    /// A feature's name in every key OpenMapTiles tiles carry it under, as Planetiler writes them.
    private static func named(_ name: String, _ properties: [String: FeatureValue]) -> [String: FeatureValue] {
        properties.merging(["name": .string(name), "name:latin": .string(name), "name_en": .string(name),
                            "name_de": .string(name), "name_int": .string(name)]) { a, _ in a }
    }

    private static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
        [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }

    private static func street(_ k: Int, _ random: inout GeoJSONBenchmark.SplitMix) -> String {
        ["Linden", "Bahnhof", "See", "Berg", "Kirch", "Schul", "Garten", "Wiesen", "Mühle", "Rosen", "Brunnen"][(k + Int(random.unit() * 3)) % 11]
    }
}

