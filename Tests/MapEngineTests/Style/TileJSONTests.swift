import Foundation
@testable import MapEngine
import Testing

/// TileJSON documents as published styles' sources name them.
@Suite struct TileJSONTests {
    @Test func readsTilesLevelsSchemeCreditAndBounds() throws {
        let info = try TileJSON(bytes: Array("""
        {"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf", "https://b.example.org/{z}/{x}/{y}.pbf?key=1"],
         "minzoom": 2, "maxzoom": 14, "scheme": "tms", "attribution": "© OpenMapTiles", "bounds": [5.9, 45.8, 10.5, 47.8]}
        """.utf8), url: "https://a.example.org/v3/planet.json?key=1")
        #expect(info.tiles == ["https://a.example.org/v3/tiles/{z}/{x}/{y}.pbf", "https://b.example.org/{z}/{x}/{y}.pbf?key=1"])
        #expect(info.minZoom == 2 && info.maxZoom == 14 && info.scheme == .tms && info.attribution == "© OpenMapTiles")
        // Zurich's tile at level 8 is inside; Paris's is not.
        let zurich = WebMercator.project(Coordinate(latitude: 47.37, longitude: 8.54)), paris = WebMercator.project(Coordinate(latitude: 48.86, longitude: 2.35))
        #expect(info.covers(TileID(z: 8, x: Int(zurich.x * 256), y: Int(zurich.y * 256))))
        #expect(!info.covers(TileID(z: 8, x: Int(paris.x * 256), y: Int(paris.y * 256))))
    }

    @Test func theWholeWorldAndOutOfRangeNumbersNeedNoBounds() throws {
        let info = try TileJSON(bytes: Array("""
        {"tiles": ["https://t.example.org/{z}/{x}/{y}.png"], "minzoom": -4, "maxzoom": 1e300, "bounds": [-180, -90, 180, 90]}
        """.utf8), url: "https://t.example.org/t.json")
        #expect(info.minZoom == 0 && info.maxZoom == 30 && info.bounds == nil && info.scheme == .xyz)
        #expect(info.covers(TileID(z: 3, x: 7, y: 7)))
    }

    @Test(arguments: ["[1, 2]", #"{"tiles": []}"#, #"{"name": "no tiles"}"#, "{"])
    func documentsWithoutTilesAreRefusedNamingTheAddress(_ text: String) {
        #expect {
            try TileJSON(bytes: Array(text.utf8), url: "https://t.example.org/bad.json")
        } throws: { error in
            "\(error)".contains("https://t.example.org/bad.json")
        }
    }
}

/// Addresses relative to a fetched document.
@Suite struct RelativeAddressTests {
    @Test func relativeAddressesKeepTheirPlaceholders() throws {
        let base = try #require(URL(string: "https://maps.example.org/styles/bright/style.json?v=2"))
        #expect(RelativeAddress.resolve("sprite", against: base) == "https://maps.example.org/styles/bright/sprite")
        #expect(RelativeAddress.resolve("../tiles/{z}/{x}/{y}.pbf", against: base) == "https://maps.example.org/styles/tiles/{z}/{x}/{y}.pbf")
        #expect(RelativeAddress.resolve("/planet.json", against: base) == "https://maps.example.org/planet.json")
        #expect(RelativeAddress.resolve("mbtiles://city.mbtiles", against: base) == "mbtiles://city.mbtiles")
        #expect(RelativeAddress.resolve("https://other.example/{z}.png", against: base) == "https://other.example/{z}.png")
        #expect(RelativeAddress.resolve("sprite", against: nil) == "sprite")
    }
}
