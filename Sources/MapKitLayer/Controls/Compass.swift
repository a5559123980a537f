import Foundation
import MapEngine

/// The compass (MapKit's `MKCompassButton`, MapLibre's navigation
/// control): a round button top right, under the search button, shown once
/// the map is turned or tilted. Its needle points north, red end first,
/// and shortens as the map tilts. A click or tap turns the map back to
/// north and flat.
enum Compass {
    /// What of the compass a pointer is over: there is only the button.
    enum Part: Equatable { case button }

    static let size = 40.0
    /// The gap between the search button and the compass, in points.
    static let gap = 8.0
    static let north = Color(hex: 0xE53935)
    static let south = Color(hex: 0x9AA0A6)
    static let face = Color(hex: 0xFFFFFF)
    static let pressedFace = Color(hex: 0xE3E3E3)
    static let action = "compass"

    /// Whether the compass shows for this camera.
    static func shows(for camera: Camera) -> Bool { camera.heading != 0 || camera.pitch != 0 }

    /// The button's frame: under the search button, centred on it.
    static func frame(viewport: Size, scale: Double) -> Rect {
        let search = ControlStyle.searchButton(viewport: viewport, scale: scale)
        let side = size * scale
        return Rect(x: search.midX - side / 2, y: search.maxY + gap * scale, width: side, height: side)
    }

    static func commands(camera: Camera, scale: Double, isPressed: Bool) -> [DrawCommand] {
        guard shows(for: camera) else { return [] }
        let box = frame(viewport: camera.viewportSize, scale: scale)
        let center = box.center
        let disc = ShapeDraw.disc(center, size * scale / 2, isPressed ? pressedFace : face, feather: 1,
                                  role: "compass", action: action)
        // North on screen: up turned back by the heading; the needle
        // shortens with the tilt, as a compass lying on the map would.
        let angle = -camera.heading * .pi / 180
        let along = Point(x: sin(angle), y: -cos(angle)), across = Point(x: cos(angle), y: sin(angle))
        let length = 14 * scale * max(camera.tilt.cos, 0.5), half = 5 * scale
        let tip = center + along * length, tail = center - along * length
        let left = center - across * half, right = center + across * half
        return [.shape(disc)] + ControlStyle.border(disc.outline) + [
            .shape(ShapeDraw(outline: [tip, right, left], center: center + along * (length / 3), color: north, feather: 1,
                             rect: box, role: "compass-north")),
            .shape(ShapeDraw(outline: [tail, left, right], center: center - along * (length / 3), color: south, feather: 1,
                             rect: box, role: "compass-south")),
        ]
    }
}
