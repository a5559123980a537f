import Foundation
import Testing
@testable import MapCore

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
                    "https://example.org/tiles.png", "example.org/{z}/{x}/{y}.png", "https://exa mple.org/{z}/{x}/{y}"] {
            #expect(throws: TileURLTemplate.Invalid.self, "\(bad)") { try TileURLTemplate(bad) }
        }
    }
}
