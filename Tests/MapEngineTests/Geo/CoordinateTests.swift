import Testing
@testable import MapEngine

@Suite struct CoordinateTests {
    @Test func parsesLatLon() throws {
        #expect(try Coordinate.parse("48.85,2.35") == Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(try Coordinate.parse(" -33.9 , 151.2 ") == Coordinate(latitude: -33.9, longitude: 151.2))
    }

    @Test(arguments: [
        ("48.85", "\"48.85\" is not LAT,LON (two numbers in degrees, e.g. 48.85,2.35)"),
        ("abc,2", "\"abc\" is not a number"),
        ("1,2,3", "\"1,2,3\" is not LAT,LON (two numbers in degrees, e.g. 48.85,2.35)"),
        ("91,0", "latitude 91.0 is outside -90...90"),
        ("0,-181", "longitude -181.0 is outside -180...180"),
        ("nan,0", "\"nan\" is not a number"),
    ])
    func refusesBadText(_ text: String, _ message: String) {
        #expect(throws: (any Error).self) { try Coordinate.parse(text) }
        do {
            _ = try Coordinate.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [(190.0, -170.0), (-190.0, 170.0), (180.0, -180.0), (540.0, -180.0), (10.0, 10.0)])
    func wrapsLongitude(_ input: Double, _ expected: Double) {
        #expect(Coordinate.wrapLongitude(input) == expected)
    }
}
