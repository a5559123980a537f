import MapEngine
import MapKitLayer
import PinmapKit
import Testing

/// The embedded gazetteer as an app searches it, offline.
@Suite struct PlaceSearchWorldTests {
    @Test func findsPlacesByTheirNamesInAnyScriptBiggestFirst() throws {
        let search = try PlaceSearch.world()
        let zurich = try #require(search.matches(for: "zürich").first)
        #expect(zurich.name == "Zürich" && zurich.countryCode == "CH")
        #expect(abs(zurich.coordinate.latitude - 47.37) < 0.05 && abs(zurich.coordinate.longitude - 8.54) < 0.05)
        #expect(search.matches(for: "東京").first?.name == "Tokyo")
        #expect(search.matches(for: "pari", limit: 3).first?.name == "Paris")
        #expect(search.matches(for: "qqqxq").isEmpty)
    }
}
