@testable import MapEngine
import Testing

/// A colour's public face counts from 0 to 1, as every opacity of the API does.
@Suite struct ColorTests {
    @Test func componentsRunFromZeroToOneAndAreStoredAsBytes() {
        let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        #expect(orange == Color(rgba: 255, 128, 0, 128))
        #expect(orange.description == "#ff800080")
        let (red, green, blue, alpha) = orange.components
        #expect(red == 1 && blue == 0)
        #expect(abs(green - 0.5) < 0.5 / 255 && abs(alpha - 0.5) < 0.5 / 255)
    }

    @Test func aHexColourTakesItsOpacityFromZeroToOne() {
        #expect(Color(hex: 0x336699) == Color(rgba: 0x33, 0x66, 0x99, 255))
        #expect(Color(hex: 0xFFFFFF, alpha: 0.8) == Color(rgba: 255, 255, 255, 204))
        #expect(Color(hex: 0xFFFFFF, alpha: 0) == Color(hex: 0xFFFFFF, alpha8: 0))
    }

    @Test(arguments: [(-1.0, UInt8(0)), (2.0, 255), (.nan, 0), (.infinity, 255), (-.infinity, 0)])
    func componentsOutsideTheRangeTakeTheNearestEnd(_ value: Double, _ byte: UInt8) {
        #expect(Color(red: value, green: value, blue: value, alpha: value) == Color(rgba: byte, byte, byte, byte))
    }
}
