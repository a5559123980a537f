import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// A snapshot as an app takes one: a region of the embedded world with a
/// pin, at 2x, as a picture and as PNG bytes.
@Suite(.serialized) @MainActor struct MapSnapshotterTests {
    static let zurich = Coordinate(latitude: 47.3769, longitude: 8.5417)

    func options() throws -> MapSnapshotter.Options {
        let map = try TestMaps.worldOptions(center: Coordinate(latitude: 0, longitude: 0), zoom: 1, size: Size(width: 10, height: 10))
        var options = MapSnapshotter.Options(mapOptions: map, size: Size(width: 300, height: 200), scale: 2)
        options.region = CoordinateRegion(center: Self.zurich, latitudinalMeters: 30_000, longitudinalMeters: 30_000)
        options.annotations = [PointAnnotation(coordinate: Self.zurich, title: "Zürich")]
        return options
    }

    @Test func aRegionWithAPinIsDrawnAtTwiceThePixelsAndItsPointsAreInPoints() throws {
        let snapshot = try MapSnapshotter(options: options()).snapshot()
        #expect(snapshot.image.width == 600 && snapshot.image.height == 400)
        let point = snapshot.point(for: Self.zurich)
        #expect(abs(point.x - 150) < 0.5 && abs(point.y - 100) < 0.5, "the region's centre is the picture's: \(point)")
        // The pin stands on the point: its red head a little above it.
        let red = (8...40).contains { lift in
            let p = snapshot.image.pixel(x: 300, y: 200 - 2 * lift)
            return p.red > 150 && p.green < 90 && p.blue < 90
        }
        #expect(red, "the pin's head above its point")
        // The region shown whole: 30 km of latitude fit in 200 points (a place 13 km north is in the top half).
        let north = snapshot.point(for: Coordinate(latitude: Self.zurich.latitude + 0.12, longitude: Self.zurich.longitude))
        #expect(north.y >= 0 && north.y < 100)
    }

    @Test func thePictureIsPNGBytesAndAFile() throws {
        let snapshot = try MapSnapshotter(options: options()).snapshot()
        let data = try snapshot.pngData()
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try Surface.decode(data, name: "snapshot.png")
        #expect(decoded.width == 600 && decoded.height == 400)
        #expect(decoded.pixel(x: 123, y: 45) == snapshot.image.pixel(x: 123, y: 45))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-snapshot-test.png")
        try snapshot.write(to: file)
        #expect(try Surface.load(path: file.path).width == 600)
        let missing = URL(fileURLWithPath: "/nonexistent-folder/x.png")
        #expect(throws: MapSnapshotError.self) { try snapshot.write(to: missing) }
    }

    @Test func noPictureOfNoSizeOrScale() throws {
        var options = try options()
        options.scale = 0
        #expect(throws: MapSnapshotError.badOptions("the scale 0.0 is not from above 0 to 4")) { try MapSnapshotter(options: options).snapshot() }
        options.scale = 1
        options.size = Size(width: 0, height: 100)
        #expect(throws: MapSnapshotError.self) { try MapSnapshotter(options: options).snapshot() }
    }
}
