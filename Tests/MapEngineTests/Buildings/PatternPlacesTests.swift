import Foundation
@testable import MapEngine
import Testing

/// `fill-extrusion-pattern`: a patterned building's faces carry where they
/// lie in the sprite's image, lined up with the world on its roof and run
/// around its outline and up its height on its walls.
@Suite struct PatternPlacesTests {
    let base = BuildingLayerTests()

    /// A sheet with a 16 x 8 image "brick" at 2 pixels a point (8 x 4 points).
    let sprite = SpriteSheet(icons: ["brick": SpriteSheet.Icon(rect: Rect(x: 32, y: 0, width: 16, height: 8), pixelRatio: 2)])

    func brickBlock(height: Double = 30) -> Extrusion {
        let ring = [Point(x: 118, y: 118), Point(x: 138, y: 118), Point(x: 138, y: 138), Point(x: 118, y: 138)]
        return Extrusion(rings: [ring], roof: Triangulation.triangles(rings: [ring]), height: height, base: 0,
                         color: Color(rgba: 0, 0, 0, 0), layer: 0, opacity: 1, translate: .zero,
                         verticalGradient: false, pattern: "brick")
    }

    func draw(_ extrusions: [Extrusion], camera: Camera, sprite: SpriteSheet?) throws -> TriangleDraw? {
        let commands = base.layer(extrusions).commands(camera: camera, levels: 0...16, sprite: sprite)
        guard case .triangles(let draw)? = commands.first else { return nil }
        return draw
    }

    @Test func aFlatRoofTakesTheImageLinedUpWithTheWorld() throws {
        let draw = try #require(try draw([brickBlock()], camera: base.camera(), sprite: sprite))
        let pattern = try #require(draw.pattern)
        #expect(pattern.images == ["brick"])
        #expect(draw.points.count == 4 && pattern.texels.count == 4, "from straight above only the roof shows")
        // The tile's corner lies a whole number of the image's 8 x 4 points from the world's: x = 34167 · 256, y = 23892 · 256.
        let origin = Point(x: (34167.0 * 256).truncatingRemainder(dividingBy: 8), y: (23892.0 * 256).truncatingRemainder(dividingBy: 4))
        #expect(origin == .zero)
        #expect(pattern.texels[0] == Point(x: 118 * 2, y: 118 * 2), "two image pixels a tile pixel")
        #expect(pattern.texels[2] == Point(x: 138 * 2, y: 138 * 2))
        #expect(pattern.scales.allSatisfy { $0 > 1 }, "the roof is nearer the eye than the ground: enlarged")
        // Lit as a pattern is lit: grey, opaque, whatever the colour (here clear) says.
        #expect(draw.colors.allSatisfy { $0.red == $0.green && $0.green == $0.blue && $0.alpha == 255 && $0.red > 200 })
    }

    @Test func aWallRunsThePatternAlongTheOutlineAndUpItsHeight() throws {
        let camera = base.camera(pitch: 60)
        let draw = try #require(try draw([brickBlock(height: 30)], camera: camera, sprite: sprite))
        let pattern = try #require(draw.pattern)
        // At pitch 60 looking north, the south wall (third edge, 40 to 60 tile pixels along) faces the eye, then the roof.
        #expect(draw.points.count == 4 + 4)
        let perMetre = 1 / WebMercator.metresPerPixel(latitude: WebMercator.unproject(
            Point(x: (34167 + 0.5) / 65536, y: (23892 + 0.5) / 65536)).latitude, worldSize: 256 * 65536)
        let top = -30 * perMetre * 2
        #expect(pattern.texels[0] == Point(x: 40 * 2, y: 0) && pattern.texels[1] == Point(x: 60 * 2, y: 0), "\(pattern.texels)")
        #expect(abs(pattern.texels[2].y - top) < 1e-9 && pattern.texels[2].x == 120 && pattern.texels[3].x == 80)
        #expect(pattern.scales[2] > pattern.scales[1], "the wall's head is nearer the eye than its foot")
    }

    @Test func aBuildingWhosePatternTheSpriteLacksIsLeftOut() throws {
        #expect(try draw([brickBlock()], camera: base.camera(), sprite: nil) == nil)
        let plain = base.block(Point(x: 60, y: 0))
        let mixed = try #require(try draw([brickBlock(), plain], camera: base.camera(), sprite: SpriteSheet(icons: [:])))
        let alone = try #require(try draw([plain], camera: base.camera(), sprite: nil))
        #expect(mixed.points == alone.points && mixed.pattern == nil, "the plain block alone")
    }

    @Test func joinedDrawsGatherTheirImages() {
        let a = TrianglePattern(images: ["x", "y"], texels: [.zero, .zero], scales: [1, 1], image: [0, 1])
        let b = TrianglePattern(images: ["y"], texels: [.zero], scales: [1], image: [0])
        let joined = TrianglePattern(joining: [a, TrianglePattern(plain: 2), b])
        #expect(joined.images == ["x", "y"] && joined.image == [0, 1, -1, -1, 1])
    }
}
