import Foundation
import Testing
@testable import MapEngine

@Suite struct TileURLTemplateTests {
    @Test func fillsInZoomColumnAndRowFromTheNorthOrTheSouth() throws {
        let tile = TileID(z: 11, x: 327, y: 791)
        let xyz = try TileURLTemplate("https://tile.example.org/{z}/{x}/{y}.png")
        #expect(xyz.url(for: tile)?.absoluteString == "https://tile.example.org/11/327/791.png")
        let tms = try TileURLTemplate("http://127.0.0.1:8080/tms/{z}/{x}/{-y}.jpg")
        #expect(tms.url(for: tile)?.absoluteString == "http://127.0.0.1:8080/tms/11/327/1256.jpg")
    }

    @Test func subdomainsComeFromTheTileSoEachTileKeepsItsHost() throws {
        let template = try TileURLTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png", subdomains: "abc")
        let hosts = (0..<6).compactMap { template.url(for: TileID(z: 3, x: $0, y: 1))?.host }
        #expect(hosts == ["b.tile.example.org", "c.tile.example.org", "a.tile.example.org",
                          "b.tile.example.org", "c.tile.example.org", "a.tile.example.org"])
        #expect(template.url(for: TileID(z: 3, x: 4, y: 1)) == template.url(for: TileID(z: 3, x: 4, y: 1)))
        let listed = try TileURLTemplate("https://{s}.example.org/{z}/{x}/{y}.png", subdomains: "t1,t2")
        #expect(listed.subdomains == ["t1", "t2"])
        #expect(try TileURLTemplate("https://{s}.example.org/{z}/{x}/{y}.png").subdomains == ["a", "b", "c"])
    }

    @Test func refusesTemplatesThatCannotNameATile() {
        for bad in ["ftp://example.org/{z}/{x}/{y}.png", "https://example.org/{z}/{x}.png",
                    "example.org/{z}/{x}/{y}.png", "https://exa mple.org/{z}/{x}/{y}"] {
            #expect(throws: TileURLTemplate.Invalid.self, "\(bad)") { try TileURLTemplate(bad) }
        }
    }

    /// Templates of other shapes, as styles write them for MapLibre: Bing's
    /// quadkeys, a WMS server's box, or one address for every tile.
    @Test func fillsInQuadkeysAndBoxesAndTakesOneAddress() throws {
        let bing = try TileURLTemplate("https://ecn.example.net/tiles/a{quadkey}.jpeg?g=1")
        #expect(bing.url(for: TileID(z: 3, x: 3, y: 5))?.absoluteString == "https://ecn.example.net/tiles/a213.jpeg?g=1")
        let wms = try TileURLTemplate("https://wms.example.org/?bbox={bbox-epsg-3857}&width=256")
        #expect(wms.url(for: TileID(z: 1, x: 0, y: 0))?.absoluteString
                == "https://wms.example.org/?bbox=-20037508.342789,0.000000,0.000000,20037508.342789&width=256")
        let one = try TileURLTemplate("https://example.org/tiles.png")
        #expect(one.url(for: TileID(z: 5, x: 3, y: 9))?.absoluteString == "https://example.org/tiles.png")
    }

    /// A style's `scheme: "tms"`: its {y} counts rows from the south.
    @Test func swappingRowsTurnsAnXYZTemplateIntoATMSOne() {
        #expect(TileURLTemplate.swappingRows("https://t.example.org/{z}/{x}/{y}.png") == "https://t.example.org/{z}/{x}/{-y}.png")
        #expect(TileURLTemplate.swappingRows("https://t.example.org/{z}/{x}/{-y}.png") == "https://t.example.org/{z}/{x}/{y}.png")
    }
}
