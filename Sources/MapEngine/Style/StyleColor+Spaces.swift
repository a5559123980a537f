import Foundation

/// Colours mixed in the spaces a style may name (`interpolate-hcl`,
/// `interpolate-lab`, a legacy function's `colorSpace`): CIE Lab (D50, as
/// MapLibre and d3 take it) and its polar form, hue-chroma-luminance.
extension StyleColor {
    /// The space two colours are mixed in.
    package enum Space: String, Sendable {
        /// Red, green and blue, each straight.
        case rgb
        /// CIE Lab: lightness and two opponent axes, so a mix looks evenly spaced.
        case lab
        /// Lab as hue, chroma and lightness: a mix turns round the colour wheel the short way.
        case hcl
    }

    /// The colour `t` of the way from `self` to `other`, mixed in `space`; alpha straight.
    func interpolated(to other: StyleColor, _ t: Double, in space: Space) -> StyleColor {
        switch space {
        case .rgb:
            return interpolated(to: other, t)
        case .lab:
            let (a, b) = (lab, other.lab)
            return StyleColor(lab: (a.l + (b.l - a.l) * t, a.a + (b.a - a.a) * t, a.b + (b.b - a.b) * t),
                              alpha: alpha + (other.alpha - alpha) * t)
        case .hcl:
            let (a, b) = (hcl, other.hcl)
            // A grey has no hue: it takes the other's. Otherwise the short way round.
            var hue: Double
            switch (a.h.isNaN, b.h.isNaN) {
            case (true, true): hue = .nan
            case (true, false): hue = b.h
            case (false, true): hue = a.h
            case (false, false):
                var turn = b.h - a.h
                if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
                hue = a.h + turn * t
            }
            let chroma = a.c.isNaN || b.c.isNaN ? (a.c.isNaN ? b.c : a.c) : a.c + (b.c - a.c) * t
            let radians = hue * .pi / 180
            let lab = (l: a.l + (b.l - a.l) * t, a: hue.isNaN ? 0 : cos(radians) * chroma, b: hue.isNaN ? 0 : sin(radians) * chroma)
            return StyleColor(lab: lab, alpha: alpha + (other.alpha - alpha) * t)
        }
    }

    // Constants of the D50 white and the piecewise cube root of CIE Lab.
    private static let white = (x: 0.96422, y: 1.0, z: 0.82521)
    private static let t0 = 4.0 / 29, t1 = 6.0 / 29, t2 = 3 * (6.0 / 29) * (6.0 / 29), t3 = (6.0 / 29) * (6.0 / 29) * (6.0 / 29)

    /// The colour in CIE Lab.
    var lab: (l: Double, a: Double, b: Double) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func f(_ v: Double) -> Double { v > StyleColor.t3 ? cbrt(v) : v / StyleColor.t2 + StyleColor.t0 }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let y = f((0.2225045 * r + 0.7168786 * g + 0.0606169 * b) / StyleColor.white.y)
        let x = f((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / StyleColor.white.x)
        let z = f((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / StyleColor.white.z)
        return (116 * y - 16, 500 * (x - y), 200 * (y - z))
    }

    /// The colour as hue (degrees, NaN for a grey), chroma and lightness.
    var hcl: (h: Double, c: Double, l: Double) {
        let (l, a, b) = lab
        let chroma = (a * a + b * b).squareRoot()
        guard chroma > 1e-9 else { return (.nan, 0, l) }
        var hue = atan2(b, a) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (hue, chroma, l)
    }

    /// A colour from CIE Lab, its channels kept within 0 to 1.
    init(lab: (l: Double, a: Double, b: Double), alpha: Double) {
        func finv(_ v: Double) -> Double { v > StyleColor.t1 ? v * v * v : StyleColor.t2 * (v - StyleColor.t0) }
        func gamma(_ v: Double) -> Double { min(max(v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055, 0), 1) }
        let y0 = (lab.l + 16) / 116
        let x = StyleColor.white.x * finv(y0 + lab.a / 500), y = StyleColor.white.y * finv(y0), z = StyleColor.white.z * finv(y0 - lab.b / 200)
        self.init(red: gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
                  green: gamma(-0.9787684 * x + 1.9161415 * y + 0.0334540 * z),
                  blue: gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z), alpha: alpha)
    }
}
