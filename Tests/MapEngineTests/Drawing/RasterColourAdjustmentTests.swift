import Testing
@testable import MapEngine

/// The raster paint properties' colour changes, against hand-worked pixels.
@Suite struct RasterColourAdjustmentTests {
    static let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF

    @Test func noChangeLeavesThePixelsAsTheyAre() {
        #expect(RasterColourAdjustment.none.applied(to: [Self.red, 0x8012_3456]) == [Self.red, 0x8012_3456])
    }

    @Test func aThirdOfATurnMakesRedGreen() {
        #expect(RasterColourAdjustment(hueRotate: 120).applied(to: [Self.red]) == [0xFF00_FF00])
    }

    @Test func noSaturationIsTheGreyOfTheChannelsAverage() {
        #expect(RasterColourAdjustment(saturation: -1).applied(to: [Self.red]) == [0xFF55_5555])
    }

    @Test func noContrastIsMiddleGreyAndBrightnessSpreadsTheChannels() {
        #expect(RasterColourAdjustment(contrast: -1).applied(to: [Self.red]) == [0xFF80_8080])
        #expect(RasterColourAdjustment(brightnessMax: 0.5).applied(to: [Self.white]) == [0xFF80_8080])
        #expect(RasterColourAdjustment(brightnessMin: 0.2).applied(to: [0x4000_0000]) == [0x4033_3333], "alpha is kept")
    }

    @Test func valuesFromAFileAreHeldToTheirRanges() {
        let wild = RasterColourAdjustment(hueRotate: .nan, saturation: 5, contrast: -7, brightnessMin: -1, brightnessMax: .infinity)
        #expect(wild.hueRotate == 0 && wild.saturation == 1 && wild.contrast == -1 && wild.brightnessMin == 0 && wild.brightnessMax == 1)
    }
}

extension RasterColourAdjustmentTests {
    @Test func aRasterLayersPaintPropertiesReachItsOperation() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"photo": {"type": "raster", "tiles": ["https://example.org/{z}/{x}/{y}.jpg"], "tileSize": 256}},
         "layers": [{"id": "photo", "type": "raster", "source": "photo",
                     "paint": {"raster-saturation": -1, "raster-contrast": 0.5, "raster-hue-rotate": 90, "raster-brightness-max": 0.8}}]}
        """.utf8), file: "r.json")
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let layout = VectorTileLayout(style: style, source: "photo", dataLevels: 0...6)
        let drawing = layout.drawing(for: TileID(z: 8, x: 134, y: 91), data: try VectorTile(bytes: TileEncoder.encode([])),
                                     dataTile: TileID(z: 6, x: 33, y: 22), scale: 1)
        guard case .raster(_, _, _, _, let adjust, _)? = drawing.operations.last else { Issue.record("\(drawing.operations)"); return }
        #expect(adjust == RasterColourAdjustment(hueRotate: 90, saturation: -1, contrast: 0.5, brightnessMax: 0.8))
    }
}
