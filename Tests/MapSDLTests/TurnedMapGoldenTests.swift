import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources

/// Turned and tilted maps drawn whole: the vector test map turned to
/// headings 0, 45 and 180, a real city (Monte Carlo, OpenStreetMap data)
/// tilted to pitches 0, 45 and 60 with its buildings raised in 3D, the
/// compass, and a callout over a pin on a turned map.
@Suite(.serialized) @MainActor struct TurnedMapGoldenTests {
    let suite = "TurnedMapGoldenTests"
    static let city = TestMaps.fixtures.appendingPathComponent("City")
    static let monteCarlo = Coordinate(latitude: 43.7395, longitude: 7.427)

    /// The city at zoom 16.3 (or `zoom`), 480 x 360, turned and tilted;
    /// with a `sprite`, its buildings covered with the sheet's image "brick".
    static func cityRun(heading: Double, pitch: Double, zoom: Double = 16.3, controls: Bool = false,
                        sprite: (sheet: SpriteSheet, image: URL)? = nil) throws -> HeadlessRun {
        let source = try TileSourceOpener.open(city.appendingPathComponent("monte-carlo.mbtiles").path)
        let file = city.appendingPathComponent("city-3d.json")
        var bytes = [UInt8](try Data(contentsOf: file))
        if sprite != nil {
            var json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            json["layers"] = (json["layers"] as? [[String: Any]] ?? []).map { layer in
                guard layer["type"] as? String == "fill-extrusion" else { return layer }
                var layer = layer, paint = layer["paint"] as? [String: Any] ?? [:]
                paint["fill-extrusion-pattern"] = "brick"
                layer["paint"] = paint
                return layer
            }
            bytes = [UInt8](try JSONSerialization.data(withJSONObject: json))
        }
        let style = try MapStyle(bytes: bytes, file: file.lastPathComponent)
        var options = MapOptions(source: source, center: monteCarlo, zoom: zoom, size: Size(width: 480, height: 360),
                                 attribution: "© OpenStreetMap contributors",
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: PinmapResources.imagesDirectory),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.vectorLayout = VectorTileLayout(style: style, source: "openmaptiles", dataLevels: source.levels)
        options.showsControls = controls
        options.sprite = sprite
        options.heading = heading
        options.pitch = pitch
        return try HeadlessRun(options: options)
    }

    /// The Swiss vector test map at zoom 8, turned.
    static func swissRun(heading: Double) throws -> HeadlessRun {
        let source = try TileSourceOpener.open(VectorGoldenTests.folder.appendingPathComponent("swiss.mbtiles").path)
        var options = MapOptions(source: source, center: VectorGoldenTests.zurich, zoom: 8, size: Size(width: 480, height: 360),
                                 attribution: source.attribution,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.vectorLayout = VectorTileLayout(style: try VectorGoldenTests.style(), source: "ne", dataLevels: source.levels)
        options.showsControls = false
        options.heading = heading
        return try HeadlessRun(options: options)
    }

    @Test(arguments: [0.0, 45.0, 180.0])
    func theVectorMapTurned(heading: Double) throws {
        assertGolden(try Self.swissRun(heading: heading).renderImage(), named: "swiss-heading-\(Int(heading))", suite: suite)
    }

    @Test(arguments: [0.0, 45.0, 60.0])
    func theCityTiltedWithItsBuildingsRaised(pitch: Double) throws {
        assertGolden(try Self.cityRun(heading: 30, pitch: pitch).renderImage(), named: "city-pitch-\(Int(pitch))", suite: suite)
    }

    @Test func theCompassShowsOnceTheMapIsTurnedAndPointsNorth() throws {
        let run = try Self.cityRun(heading: 60, pitch: 30, controls: true)
        assertGolden(try run.renderImage(), named: "compass", suite: suite)
        let flat = try Self.cityRun(heading: 0, pitch: 0, controls: true)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("compass-\(UUID().uuidString).json").path
        try flat.dumpScene(path: path)
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("\"compass\""), "north up and flat: no compass")
    }

    @Test func aCalloutOpensAbovePinOnATurnedMap() throws {
        var options = try TestMaps.options(center: Coordinate(latitude: 49.6, longitude: 2.35), zoom: 5, size: Size(width: 320, height: 240),
                                           pins: TestMaps.pins([("paris", 48.8566, 2.3522, #""marker-color":"red","title":"Paris""#)]))
        options.heading = 45
        options.pitch = 40
        let run = try HeadlessRun(options: options)
        run.advance(to: 0.1)
        run.session.map.selectAnnotation(run.session.pins[0])
        run.advance(to: 1)
        assertGolden(try run.renderImage(), named: "callout-turned", suite: suite)
        let pin = try #require(run.session.map.frame(of: run.session.pins[0]))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callout-\(UUID().uuidString).json").path
        try run.dumpScene(path: path)
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let commands = dump?["commands"] as? [[String: Any]] ?? []
        let rect = try #require(commands.first { $0["role"] as? String == "callout" }?["rect"] as? [Double])
        #expect(rect[1] + rect[3] <= pin.minY + 1, "the callout stands above its pin on screen: \(rect), pin \(pin)")
        let anchor = run.session.map.point(for: run.session.pins[0].coordinate)
        #expect(abs(rect[0] + rect[2] / 2 - anchor.x) < 4, "centred over the pin's point: \(rect), \(anchor)")
    }
}
