import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The search over the embedded gazetteer (GeoNames' cities with their
/// alternate names): a place is found by a name in any script.
struct WorldSearchTests {
    static let search = PlaceSearch(SharedGazetteer.loaded)
    let search = WorldSearchTests.search

    /// Any script, any spelling GeoNames lists, with or without accents; the
    /// place reads as it is written there.
    @Test(arguments: [("münchen", "München, Bavaria, DE"), ("Munich", "München, Bavaria, DE"),
                      ("Москва", "Moscow, RU"), ("東京", "Tokyo, JP"), ("sao paulo", "São Paulo, BR"),
                      ("القاهرة", "Cairo, Muhafazat al Qahirah, EG"), ("서울", "Seoul, KR"), ("Αθήνα", "Athens, Attica, GR")])
    func findsAPlaceByANameInAnyScript(_ query: String, _ expected: String) {
        #expect(search.matches(for: query, limit: 3).first?.label == expected)
    }

    @Test func aPlaceFoundByTwoOfItsNamesIsListedOnce() {
        let found = search.matches(for: "mosk", limit: 8).map(\.label)
        #expect(found.filter { $0 == "Moscow, RU" }.count == 1)
    }
}
