import Testing
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// Gazetteer files made by hand, to check the reader's checks.
@Suite struct GazetteerFileTests {
    /// The bytes of a file with `places` (latitude and longitude in 1e-5
    /// degrees, name, region index) and `regions` (admin1, country code);
    /// version 2 adds each place's `weights`.
    static func file(_ places: [(Int32, Int32, String, UInt16)], regions: [(String, String)],
                     version: UInt32 = 1, weights: [UInt16]? = nil) -> [UInt8] {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        let names: [UInt8] = places.flatMap { Array($0.2.utf8) + [0] }
        let regionBytes: [UInt8] = regions.flatMap { Array($0.0.utf8) + [0] + Array($0.1.utf8) + [0] }
        var bytes = Array("PMGZ".utf8) + le(version) + le(UInt32(places.count)) + le(UInt32(regions.count))
        bytes += le(UInt32(names.count)) + le(UInt32(regionBytes.count))
        bytes += places.flatMap { le($0.0) }
        bytes += places.flatMap { le($0.1) }
        bytes += places.flatMap { le($0.3) }
        if version == 2 { bytes += (weights ?? places.map { _ in 0 }).flatMap { le($0) } }
        return bytes + names + regionBytes
    }

    static let twoTowns = file([(5_000_000, 1_000_000, "Northtown", 0), (-5_000_000, -17_999_000, "Südstadt", 1)],
                               regions: [("Upland", "XA"), ("", "XB")])

    @Test func readsPlacesNamesAndRegions() throws {
        let gazetteer = try Gazetteer.decode(GazetteerFileTests.twoTowns, file: "two.bin")
        #expect(gazetteer.count == 2)
        #expect(gazetteer.place(at: 1) == Place(name: "Südstadt", region: "", countryCode: "XB",
                                                coordinate: Coordinate(latitude: -50, longitude: -179.99)))
        #expect(gazetteer.describe(Coordinate(latitude: 50, longitude: 10)) == "Northtown, Upland, XA")
        // Across the antimeridian, 0.02° of longitude east of Südstadt.
        #expect(gazetteer.nearest(to: Coordinate(latitude: -50, longitude: 179.99))?.name == "Südstadt")
    }

    @Test func anEmptyGazetteerNamesNothing() throws {
        let gazetteer = try Gazetteer.decode(GazetteerFileTests.file([], regions: []), file: "empty.bin")
        #expect(gazetteer.describe(Coordinate(latitude: 0, longitude: 0)) == nil)
    }

    @Test(arguments: [
        (Array("PNG\u{1A}".utf8) + twoTowns.dropFirst(4), "it does not start with \"PMGZ\""),
        (file([], regions: [], version: 4), "format version 4, expected 1 to 3"),
        (Array(twoTowns.dropLast(3)), "75 bytes where the header promises 78"),
        (Array(twoTowns.prefix(10)), "cut short at byte 10"),
        (file([(9_100_000, 0, "Beyond", 0)], regions: [("", "XA")]), "place 1 is at an impossible coordinate"),
        (file([(0, 0, "Lost", 3)], regions: [("", "XA")]), "place 1 names region 3 of 1"),
    ] as [([UInt8], String)])
    func rejectsBrokenFilesNamingTheProblem(bytes: [UInt8], reason: String) {
        #expect(throws: GazetteerError.corrupt(file: "places.bin", reason: reason)) {
            try Gazetteer.decode(bytes, file: "places.bin")
        }
    }

    @Test func aNameMissingItsEndIsCaught() {
        var bytes = GazetteerFileTests.twoTowns
        // The NUL after "Northtown" becomes a letter: one name too few.
        let at = 24 + 2 * 10 + "Northtown".utf8.count
        bytes[at] = UInt8(ascii: "x")
        #expect(throws: GazetteerError.corrupt(file: "places.bin", reason: "1 names for 2 places")) {
            try Gazetteer.decode(bytes, file: "places.bin")
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: GazetteerError.self) { try Gazetteer.load(from: .init(fileURLWithPath: "/nonexistent/places.bin"), files: DiskFiles()) }
        let error = GazetteerError.unreadable(file: "/x/places.bin", reason: "no such file")
        #expect(error.description == "/x/places.bin: cannot be read: no such file")
    }
}
