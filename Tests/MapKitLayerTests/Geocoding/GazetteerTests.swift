import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// The real gazetteer, read once for every test here (about 3 MB).
enum SharedGazetteer {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Resources/Gazetteer/places.bin").standardized
    static let loaded: Gazetteer = {
        do { return try Gazetteer.load(from: url, files: DiskFiles()) } catch { fatalError("\(error)") }
    }()
}

@Suite struct GazetteerTests {
    let gazetteer = SharedGazetteer.loaded

    @Test func holdsEveryNamedPlaceOfTheSource() {
        // cities1000-full.tsv has 170,391 rows, 103 of them parts of a city ("Paris 04 Hôtel-de-Ville", "Zürich (Kreis 11)"),
        // left out; cities1000.csv adds 28,583 places the TSV lacks (McMurdo Station), without its city parts.
        #expect(gazetteer.count == 198_871)
    }

    @Test(arguments: [
        // Each city's own coordinate from GeoNames, a few hundred metres off.
        (48.8566, 2.3522, "Paris, Ile-de-France, FR"),
        (51.5074, -0.1278, "London, England, GB"),
        (40.7128, -74.0060, "New York City, New York, US"),
        (-23.5475, -46.6361, "São Paulo, BR"),  // the region only repeats the name
        (-1.2833, 36.8167, "Nairobi, Nairobi Area, KE"),
        (30.0626, 31.2497, "Cairo, Muhafazat al Qahirah, EG"),
        (35.6895, 139.6917, "Tokyo, JP"),
        (1.2897, 103.8501, "Singapore, SG"),
        (-33.8679, 151.2073, "Sydney, New South Wales, AU"),
        (-36.8667, 174.7667, "Grafton, Auckland, NZ"),  // the suburb beside the centre
        (-77.846, 166.676, "McMurdo Station, AQ"),
    ])
    func namesTheCityAtItsCentre(latitude: Double, longitude: Double, expected: String) {
        #expect(gazetteer.describe(Coordinate(latitude: latitude, longitude: longitude)) == expected)
    }

    @Test func pastTwoKilometresSaysHowFarAndWhichWay() throws {
        // Due north and due east of the nearest town, by a known distance.
        // Longyearbyen: no other town of 1000 people for 50 km.
        let town = Coordinate(latitude: 78.22334, longitude: 15.64689)
        let north = Coordinate(latitude: town.latitude + 0.1, longitude: town.longitude)  // 11.1 km
        #expect(gazetteer.describe(north) == "11 km N of Longyearbyen, Svalbard, SJ")
        let east = Coordinate(latitude: town.latitude, longitude: town.longitude + 0.03)  // 0.7 km
        #expect(gazetteer.describe(east) == "Longyearbyen, Svalbard, SJ")
        let south = Coordinate(latitude: town.latitude - 0.03, longitude: town.longitude)  // 3.3 km
        #expect(gazetteer.describe(south) == "3.3 km S of Longyearbyen, Svalbard, SJ")
    }

    @Test func aPointInTheOceanNamesTheNearestShore() throws {
        // The middle of the South Atlantic: St Helena's Jamestown is nearest.
        let text = try #require(gazetteer.describe(Coordinate(latitude: -20, longitude: -10)))
        let place = try #require(gazetteer.nearest(to: Coordinate(latitude: -20, longitude: -10)))
        #expect(place.countryCode == "SH")
        #expect(text.hasSuffix("of \(place.label)"))
        let kilometres = try #require(Int(text.split(separator: " ")[0]))
        #expect(kilometres > 500 && kilometres < 1000)
    }

    @Test func describesTinyDistancesWithADecimal() {
        #expect(PlaceDescription.kilometresText(2.04) == "2.0")
        #expect(PlaceDescription.kilometresText(9.94) == "9.9")
        #expect(PlaceDescription.kilometresText(9.96) == "10")
        #expect(PlaceDescription.kilometresText(1234.4) == "1234")
    }

    @Test(arguments: [(0.0, "N"), (22.4, "N"), (22.6, "NE"), (90, "E"), (135, "SE"), (180, "S"), (225, "SW"),
                      (270, "W"), (315, "NW"), (337.4, "NW"), (337.6, "N"), (359.9, "N")])
    func namesTheCompassPoint(bearing: Double, point: String) {
        #expect(PlaceDescription.compassPoint(bearing) == point)
    }

    @Test func searchesAcrossTheAntimeridian() throws {
        // Just east of 180° (in the west), the nearest town is in Fiji, west of it.
        let east = try #require(gazetteer.nearest(to: Coordinate(latitude: -16.8, longitude: -179.95)))
        #expect(east.coordinate.longitude > 179 || east.coordinate.longitude < -179)
        #expect(east.countryCode == "FJ")
        // And Taveuni from both sides of the line gives the same answer.
        let west = try #require(gazetteer.nearest(to: Coordinate(latitude: -16.85, longitude: 179.99)))
        let across = try #require(gazetteer.nearest(to: Coordinate(latitude: -16.85, longitude: -179.99)))
        #expect(west.countryCode == "FJ" && across.countryCode == "FJ")
    }

    @Test func nearThePolesFindsTheClosestSettlement() throws {
        // The northernmost and southernmost places of the list, from any side.
        for longitude in [-170.0, -60.0, 0.0, 90.0, 179.0] {
            let north = try #require(gazetteer.nearest(to: Coordinate(latitude: 89.9, longitude: longitude)))
            #expect(north.name == "Longyearbyen")
            let south = try #require(gazetteer.nearest(to: Coordinate(latitude: -89.9, longitude: longitude)))
            #expect(south.name == "McMurdo Station")
        }
        #expect(gazetteer.describe(Coordinate(latitude: 90, longitude: 0)) == "1310 km N of Longyearbyen, Svalbard, SJ")
    }

    @Test func theIndexAgreesWithAnExhaustiveSearch() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<60 {
            let coordinate = Coordinate(latitude: random.next(in: -90...90), longitude: random.next(in: -180...180))
            let found = gazetteer.nearest(to: coordinate)!
            var best = Double.infinity
            for i in 0..<gazetteer.count {
                best = min(best, gazetteer.coordinate(at: i).distanceKilometres(to: coordinate))
            }
            #expect(abs(found.coordinate.distanceKilometres(to: coordinate) - best) < 1e-6, "\(coordinate)")
        }
    }
}

extension SeededGenerator {
    /// A uniform value in `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }
}
