import Foundation
import MapEngine

/// The user's location as a map app shows it: a blue dot in a white ring
/// with a soft shadow, inside a translucent blue disc as wide as the fix's
/// accuracy. Drawn above the tiles and below the pins; never an annotation.
enum UserLocationMarker {
    static let dotColor = Color(hex: 0x1A73E8)
    static let ringColor = Color(hex: 0xFFFFFF)
    static let accuracyColor = Color(hex: 0x1A73E8, alpha8: 40)
    static let shadowColor = Color(hex: 0x000000, alpha8: 70)
    /// Radii in points.
    static let dotRadius = 6.0
    static let ringRadius = 9.0
    /// How many metres one screen pixel spans at `latitude` on this camera.
    static func metresPerPixel(latitude: Double, camera: Camera) -> Double {
        WebMercator.metresPerPixel(latitude: latitude, worldSize: camera.worldSize)
    }

    static func commands(for fix: LocationFix, camera: Camera, scale: Double) -> [DrawCommand] {
        let center = camera.screenPoint(for: fix.coordinate)
        let ring = ringRadius * scale
        var commands: [DrawCommand] = []
        if let accuracy = fix.accuracy, accuracy > 0 {
            let radius = accuracy / metresPerPixel(latitude: fix.coordinate.latitude, camera: camera)
            // Only when it shows beyond the dot, and not bigger than the screen needs.
            let limit = (camera.viewportSize.width + camera.viewportSize.height) * 2
            if radius > ring {
                commands.append(.shape(.disc(center, min(radius, limit), accuracyColor, feather: 1.5,
                                             role: "user-location-accuracy")))
            }
        }
        commands.append(.shape(.disc(center + Point(x: 0, y: 1.5 * scale), ring + scale, shadowColor,
                                     feather: 3 * scale, role: "user-location-shadow")))
        commands.append(.shape(.disc(center, ring, ringColor, feather: 1, role: "user-location-ring")))
        commands.append(.shape(.disc(center, dotRadius * scale, dotColor, feather: 1, role: "user-location")))
        return commands
    }
}
