import Foundation

/// How buildings are lit, as MapLibre's default light lights them (`light`:
/// position [1.15, 210, 30], anchored to the view, intensity 0.5): a face's
/// shade runs from 1 − intensity, facing away, to 1, facing the light; a
/// roof is lit almost fully; walls darken towards the ground
/// (`fill-extrusion-vertical-gradient`), all on a little ambient light.
package enum BuildingLight {
    /// MapLibre's default `light`: radial distance, azimuth and polar angle in degrees, and intensity.
    static let lightDistance = 1.15
    static let lightAzimuth = 210.0
    static let lightPolar = 30.0
    static let lightIntensity = 0.5
    /// The light every face gets, added to its colour's channels (0 to 1).
    static let ambient = 0.03

    /// The light's position over the ground (world directions, its
    /// horizontal part): as MapLibre places it, the azimuth turned a quarter
    /// on from the view's x axis, anchored to the view, so it turns with the
    /// map's heading.
    static func light(heading: Double) -> Point {
        let azimuth = (lightAzimuth + 90) * .pi / 180, reach = lightDistance * sin(lightPolar * .pi / 180)
        let view = Point(x: cos(azimuth) * reach, y: sin(azimuth) * reach)
        // From the view's directions to the world's.
        let h = heading * .pi / 180
        return Point(x: view.x * cos(h) - view.y * sin(h), y: view.x * sin(h) + view.y * cos(h))
    }

    /// How bright a face is, from how squarely it faces the light (`lit`,
    /// the cosine times the light's distance), for a colour of this luminance:
    /// MapLibre's mix from 1 − intensity to at least 1.
    static func shade(_ lit: Double, luminance: Double) -> Double {
        let directional = min(max(lit, 0), 1)
        let full = max(1 - luminance + lightIntensity, 1)
        return (1 - lightIntensity) + (full - (1 - lightIntensity)) * directional
    }

    /// A roof's shade: it faces straight up, where the light stands high.
    static func roofShade(luminance: Double) -> Double {
        shade(lightDistance * cos(lightPolar * .pi / 180), luminance: luminance)
    }

    /// The shade at a wall's foot and head: with a vertical gradient, dark
    /// at the ground and lighter up a tall building, never below
    /// 0.7 to 0.98 of the light (by its intensity).
    static func gradient(height: Double, base: Double, verticalGradient: Bool) -> (foot: Double, head: Double) {
        guard verticalGradient else { return (1, 1) }
        let floor = 0.7 + (0.98 - 0.7) * (1 - lightIntensity)
        let rise = (max(height, 0) / 150).squareRoot()
        func at(_ t: Double) -> Double { min(max((t + base) * rise, floor), 1) }
        return (at(0), at(1))
    }

    /// A building's colour in this shade, on the ambient light.
    @inline(__always)
    static func shaded(_ extrusion: Extrusion, _ shade: Double) -> Color {
        shaded(extrusion.litChannels, alpha: extrusion.color.alpha, shade)
    }

    /// Colour channels with the ambient light (0 to 1) in this shade.
    @inline(__always)
    static func shaded(_ channels: SIMD3<Double>, alpha: UInt8, _ shade: Double) -> Color {
        // Lane by lane: SIMD's generic clamp is a call each time.
        @inline(__always) func byte(_ value: Double) -> UInt8 { value > 0 ? (value < 1 ? UInt8(value * 255 + 0.5) : 255) : 0 }
        return Color(rgba: byte(channels.x * shade), byte(channels.y * shade), byte(channels.z * shade), alpha)
    }
}
