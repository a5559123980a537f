@testable import MapEngine
import Testing

/// How an SDF icon's edges are worked out, as MapLibre's SDF shader does.
@Suite struct SDFIconLookTests {
    private let icon = SpriteSheet.Icon(rect: Rect(x: 0, y: 0, width: 24, height: 24), pixelRatio: 1)

    @Test func theEdgeFadesOverAboutAPixelAndTheHaloReachesItsWidth() {
        var look = LabelLook(size: 16, icon: "dot", iconSize: 2)
        look.iconColor = Color(rgba: 200, 0, 0, 255)
        look.iconHaloColor = Color(rgba: 255, 255, 255, 255)
        look.iconHaloWidth = 4
        look.iconHaloBlur = 1
        // Drawn 48 px wide: half a texel a pixel.
        let (color, sdf) = LabelLayer.sdfLook(look, icon: icon, drawnWidth: 48)
        #expect(color == look.iconColor)
        #expect(abs(sdf.gamma - 0.105 / 2) < 1e-12)
        // 4 points at icon-size 2 are 2 texels of the field: 2/8 inside the shape's 0.75.
        #expect(abs(sdf.haloEdge - 0.5) < 1e-12)
        #expect(abs(sdf.haloGamma - (0.5 * 1.19 / 8 + 0.105 / 2)) < 1e-12)
        #expect(sdf.haloColor == look.iconHaloColor)
        // No halo width, no halo; a halo is never wider than the field reaches.
        look.iconHaloWidth = 0
        #expect(LabelLayer.sdfLook(look, icon: icon, drawnWidth: 48).1.haloColor.alpha == 0)
        look.iconHaloWidth = 100
        #expect(LabelLayer.sdfLook(look, icon: icon, drawnWidth: 48).1.haloEdge == 0)
    }
}
