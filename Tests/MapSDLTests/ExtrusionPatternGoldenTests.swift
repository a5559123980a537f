import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// `fill-extrusion-pattern`: Monte Carlo's buildings covered with bricks,
/// tilted: courses level on the roofs, lined up across tiles, and running
/// around the walls and up them in perspective.
@Suite(.serialized) @MainActor struct ExtrusionPatternGoldenTests {
    let suite = "TurnedMapGoldenTests"

    /// A sheet with one 16 x 16 image of brick courses, 8 pixels high, each course shifted half a brick.
    static func brickSprite() throws -> (sheet: SpriteSheet, image: URL) {
        let image = try Surface(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let mortar = y % 8 == 7 || (x + (y < 8 ? 0 : 8)) % 16 == 15
                image.setPixel(x: x, y: y, mortar ? Color(rgba: 235, 225, 210, 255)
                                                  : Color(rgba: 178, 70, 50, 255))
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-\(UUID().uuidString).png")
        try image.savePNG(path: url.path)
        return (SpriteSheet(icons: ["brick": SpriteSheet.Icon(rect: Rect(x: 0, y: 0, width: 16, height: 16), pixelRatio: 1)]), url)
    }

    @Test func bricksOnTiltedBuildings() throws {
        let sprite = try Self.brickSprite()
        defer { try? FileManager.default.removeItem(at: sprite.image) }
        let run = try TurnedMapGoldenTests.cityRun(heading: 30, pitch: 50, zoom: 17.4, sprite: sprite)
        let image = try run.renderImage()
        assertGolden(image, named: "city-bricks", suite: suite)
        // Many pixels are brick red (laid at the layer's opacity), which the style's colour, a light grey, is not.
        let red = image.argbPixels().filter { Int(($0 >> 16) & 255) - Int(($0 >> 8) & 255) > 70 }
        #expect(red.count > 20_000, "\(red.count) red pixels")
    }
}
