import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Forward search: exact names first, then names the query finishes the
/// last word of, then longer names; the larger place first within each.
struct PlaceSearchTests {
    static let gazetteer: Gazetteer = {
        let places: [(Int32, Int32, String, UInt16)] = [
            (3_366_094, -9_555_551, "Paris", 0),          // Texas
            (4_885_341, 234_880, "Paris", 1),             // Île-de-France
            (4_400_000, 100_000, "Parisot", 1),
            (4_310_000, -7_500_000, "Paris Hill", 2),
            (4_736_667, 855_000, "Zürich", 3),
            (5_200_000, 550_000, "Zurich", 4),            // a village in the Netherlands
            (3_366_000, -9_555_000, "Paris", 0),          // a second Paris, Texas: reads the same
        ]
        let bytes = GazetteerFileTests.file(places, regions: [("Texas", "US"), ("Île-de-France", "FR"), ("New York", "US"),
                                                             ("Zurich", "CH"), ("Friesland", "NL")],
                                            version: 2, weights: [4, 362, 10, 50, 100, 1, 3])
        return try! Gazetteer.decode(bytes, file: "search.bin")
    }()

    let search = PlaceSearch(PlaceSearchTests.gazetteer)

    @Test func exactThenWordEndThenLongerNamesLargestFirst() {
        #expect(search.matches(for: "paris").map(\.label) == [
            "Paris, Île-de-France, FR", "Paris, Texas, US", "Parisot, Île-de-France, FR", "Paris Hill, New York, US",
        ])
        // "pari" is finished by Paris (1 letter on) and Parisot (3): size over letters added,
        // so Parisot (10 towns around) comes before Paris, Texas (4).
        #expect(search.matches(for: "pari", limit: 3).map(\.label) == ["Paris, Île-de-France, FR", "Parisot, Île-de-France, FR",
                                                                        "Paris, Texas, US"])
    }

    @Test func caseAndAccentsDoNotMatter() {
        #expect(search.matches(for: "ZÜRICH").map(\.label) == ["Zürich, CH", "Zurich, Friesland, NL"])
        #expect(search.matches(for: "zur").first?.name == "Zürich")
        #expect(search.matches(for: "  Paris Hi ").map(\.name) == ["Paris Hill"], "spaces around are ignored")
    }

    @Test func nothingMatchesNothing() {
        #expect(search.matches(for: "").isEmpty)
        #expect(search.matches(for: "   ").isEmpty)
        #expect(search.matches(for: "qqq").isEmpty)
        #expect(search.matches(for: "parisx").isEmpty)
    }

    @Test func aWholeGazetteerAnswersFromTheIndexAsAFullScanWould() throws {
        // Every query prefix of every name finds that name among all its matches.
        let all = PlaceSearchTests.gazetteer
        for i in 0..<all.count {
            let name = all.place(at: i).name
            for length in 1...name.count {
                let query = String(name.prefix(length))
                #expect(search.matches(for: query, limit: 100).contains { $0.label == all.place(at: i).label },
                        "\(query) finds \(name)")
            }
        }
    }
}
