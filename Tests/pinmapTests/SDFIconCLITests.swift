import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import Testing

/// A style's SDF icons (`"sdf": true` in its sprite), which drew nothing:
/// the shape in `icon-color`, its halo around it.
@Suite struct SDFIconCLITests {
    let cli = PinmapCLITests()

    @Test func anSDFIconIsDrawnInItsColourWithItsHalo() throws {
        let dir = try cli.temporaryFolder()
        // A 24-texel disc of radius 6 as a distance field: 0.75 at its edge, 1/8 less a texel outward.
        let sheet = try Surface(width: 24, height: 24)
        for y in 0..<24 {
            for x in 0..<24 {
                let outward = ((Double(x) + 0.5 - 12) * (Double(x) + 0.5 - 12) + (Double(y) + 0.5 - 12) * (Double(y) + 0.5 - 12)).squareRoot() - 6
                let field = min(max(0.75 - outward / 8, 0), 1)
                sheet.setPixel(x: x, y: y, Color(rgba: 0, 0, 0, UInt8((field * 255).rounded())))
            }
        }
        try sheet.savePNG(path: dir.appendingPathComponent("sprite.png").path)
        try Data(#"{"dot": {"x": 0, "y": 0, "width": 24, "height": 24, "pixelRatio": 1, "sdf": true}}"#.utf8)
            .write(to: dir.appendingPathComponent("sprite.json"))
        let style = dir.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "sprite": "sprite", "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#000000"}},
                    {"id": "dot", "type": "symbol", "source": "p", "layout": {"icon-image": "dot", "icon-size": 4},
                     "paint": {"icon-color": "#ff0000", "icon-halo-color": "#00ff00", "icon-halo-width": 4}}]}
        """#.utf8).write(to: style)
        let shot = dir.appendingPathComponent("shot.png"), dump = dir.appendingPathComponent("scene.json")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", style.path, "--center", "0,0", "--zoom", "5",
                                      "--size", "200x200", "--screenshot", shot.path, "--dump-scene", dump.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let scene = try String(contentsOf: dump, encoding: .utf8)
        #expect(scene.contains(##""tint":"#ff0000""##) && scene.contains(##""halo":"#00ff00""##), "\(scene.prefix(600))")
        let pixels = try Surface.load(path: shot.path).argbPixels().map { $0 & 0xFFFFFF }
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 200 + x] }
        // Four times its sprite: a disc of radius 24 px, its halo 4 points (one texel, 4 px) beyond.
        #expect(at(100, 100) == 0xFF0000, "the middle in icon-color")
        #expect(at(100 + 18, 100) == 0xFF0000)
        #expect(at(100 + 26, 100) == 0x00FF00, "the halo just beyond the edge")
        #expect(at(100 + 34, 100) == 0x000000, "nothing farther out")
    }
}

