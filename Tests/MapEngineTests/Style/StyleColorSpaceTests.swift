@testable import MapEngine
import Testing

/// Colours mixed in CIE Lab and HCL, as `interpolate-lab`, `interpolate-hcl`
/// and a legacy function's `colorSpace` mix them (d3's and MapLibre's D50 Lab).
@Suite struct StyleColorSpaceTests {
    let red = StyleColor(red: 1, green: 0, blue: 0), blue = StyleColor(red: 0, green: 0, blue: 1)

    @Test func labHasItsKnownValuesAndComesBack() {
        let lab = red.lab
        #expect(abs(lab.l - 54.29) < 0.01 && abs(lab.a - 80.81) < 0.01 && abs(lab.b - 69.89) < 0.01, "\(lab)")
        let white = StyleColor(red: 1, green: 1, blue: 1).lab
        #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
        for color in [red, blue, StyleColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.5)] {
            let back = StyleColor(lab: color.lab, alpha: color.alpha)
            // The published matrices have seven places: well within a 255th either way.
            #expect(abs(back.red - color.red) < 1e-4 && abs(back.green - color.green) < 1e-4 && abs(back.blue - color.blue) < 1e-4)
        }
    }

    @Test func mixesDifferBySpaceAndKeepTheirEnds() {
        let rgb = red.interpolated(to: blue, 0.5, in: .rgb), lab = red.interpolated(to: blue, 0.5, in: .lab)
        let hcl = red.interpolated(to: blue, 0.5, in: .hcl)
        #expect(rgb == StyleColor(red: 0.5, green: 0, blue: 0.5))
        // Lab's middle is lighter than the straight one; HCL's turns through the hues between.
        #expect(lab.red > 0.7 && lab.blue > 0.5 && lab.green < 0.1, "\(lab)")
        #expect(hcl.red > 0.7 && hcl.blue > 0.4, "\(hcl)")
        for space in [StyleColor.Space.rgb, .lab, .hcl] {
            let start = red.interpolated(to: blue, 0, in: space), end = red.interpolated(to: blue, 1, in: space)
            #expect(abs(start.red - 1) < 1e-6 && abs(end.blue - 1) < 1e-6, "\(space)")
        }
    }

    /// A grey has no hue: mixed with a colour in HCL, it takes the colour's hue, not red's at zero degrees.
    @Test func aGreyTakesTheOtherColoursHue() {
        let grey = StyleColor(red: 0.5, green: 0.5, blue: 0.5), green = StyleColor(red: 0, green: 0.6, blue: 0)
        let mix = grey.interpolated(to: green, 0.5, in: .hcl)
        #expect(mix.green > mix.red && mix.green > mix.blue, "\(mix)")
    }

    /// `interpolate-hcl` refuses outputs that are not colours when the style is read.
    @Test func hclMixesOnlyColours() throws {
        #expect(throws: StyleValueError.self) { try StyleTestSupport.expression(#"["interpolate-hcl", ["linear"], ["zoom"], 0, 1, 10, 2]"#) }
        let mix = try StyleTestSupport.expression(#"["interpolate-lab", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#)
        #expect(mix.evaluate(StyleContext(zoom: 5)) == .color(red.interpolated(to: blue, 0.5, in: .lab)))
    }
}
