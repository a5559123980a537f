import Foundation
import MapSDL
import Testing

/// A see-through area on a turned and tilted map is one even colour: its
/// tiles meet edge to edge, with no seam where they would be blended twice.
@Suite struct TurnedAreaCLITests {
    let cli = PinmapCLITests()

    @Test(arguments: [["--bearing", "30"], ["--bearing", "-20", "--pitch", "40"]])
    func aTranslucentAreaOverTheSeaHasNoSeam(turn: [String]) throws {
        let dir = try cli.temporaryFolder()
        let area = dir.appendingPathComponent("sea.geojson"), shot = dir.appendingPathComponent("sea.png")
        // Over open sea (one colour under it), across the tile edges at 22.5° W and 40.98° N of zoom 4.
        try Data(#"""
            {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon",
             "coordinates":[[[-45,25],[-15,25],[-15,48],[-45,48],[-45,25]]]},"properties":{"fill":"#3366cc","fill-opacity":0.5}}]}
            """#.utf8).write(to: area)
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "400x300", "--center", "38,-25", "--zoom", "4",
                                      "--screenshot", shot.path, area.path] + turn)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let picture = try Surface.load(path: shot.path)
        let pixels = picture.argbPixels()
        var inside: [UInt32] = []
        for y in 90..<220 { for x in 120..<260 { inside.append(pixels[y * picture.width + x] & 0xFFFFFF) } }
        let counts = Dictionary(inside.map { ($0, 1) }, uniquingKeysWith: +)
        let even = try #require(counts.max { $0.value < $1.value }).key
        func channel(_ c: UInt32, _ s: UInt32) -> Int { Int((c >> s) & 0xFF) }
        let off = inside.filter { p in [0, 8, 16].contains { abs(channel(p, $0) - channel(even, $0)) > 6 } }.count
        // The Azores' few pixels stay under 0.5 %; a seam along the tile edges made 1.3 % and more.
        #expect(Double(off) / Double(inside.count) < 0.008, "\(off) of \(inside.count) pixels differ from the area's colour")
    }
}
