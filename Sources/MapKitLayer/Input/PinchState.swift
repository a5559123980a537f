import Foundation
import MapEngine

/// Two fingers on the map: each move zooms by the change in their distance
/// about their centroid, and pans by the centroid's move, so the place under
/// the fingers stays under them. Once the fingers have twisted past
/// `twistThreshold`, they turn the map too, about their centroid. Two
/// fingers side by side that move up or down together tilt it instead,
/// and then do nothing else until they lift.
struct PinchState: Equatable {
    let first: Int
    let second: Int
    var positions: [Int: Point]
    /// When the second finger came down, and whether either has moved past
    /// the tap slop since (a quick still touch of two fingers is a tap).
    let startTime: Double
    let starts: [Int: Point]
    /// The zoom when the pinch began: a two-finger tap zooms out from it.
    let startZoom: Double
    var movedPastSlop = false
    /// The degrees the fingers have twisted since they landed, and whether past the threshold.
    private(set) var twisted = 0.0
    private(set) var isTwisting = false
    /// True once the fingers tilt the map.
    private(set) var isTilting = false

    /// A plain pinch turns nothing until its fingers twist this far, in
    /// degrees: more than a pinching hand twists by chance, less than
    /// MapLibre's 25° so a deliberate turn starts at once.
    static let twistThreshold = 12.0
    /// Each finger moves this far up or down, side by side, before the map tilts.
    static let tiltThreshold = 12.0
    /// Degrees of tilt per pixel the fingers move up (MapLibre's touch pitch: 0.5).
    static let pitchPerPixel = 0.5

    /// Fingers moving less than this are still tapping.
    static let tapSlop = 10.0
    /// Two fingers lifted within this long of landing, without moving, tap.
    static let tapDuration = 0.3

    init(first: (id: Int, location: Point), second: (id: Int, location: Point), zoom: Double, at time: Double) {
        startZoom = zoom
        self.first = first.id
        self.second = second.id
        positions = [first.id: first.location, second.id: second.location]
        starts = positions
        startTime = time
    }

    var centroid: Point { ((positions[first] ?? .zero) + (positions[second] ?? .zero)) / 2 }
    var distance: Double { ((positions[first] ?? .zero) - (positions[second] ?? .zero)).length }

    func contains(_ id: Int) -> Bool { id == first || id == second }

    /// One move of the fingers: the zoom change in levels, the centroid
    /// before and after, the turn in degrees clockwise and the tilt in degrees.
    struct Step: Equatable {
        var levels = 0.0
        var from: Point
        var to: Point
        var turn = 0.0
        var tilt = 0.0
    }

    /// Moves one finger and says what that does to the map.
    mutating func move(_ id: Int, to location: Point) -> Step {
        let oldCentroid = centroid, oldDistance = distance, oldAngle = angle
        positions[id] = location
        if let start = starts[id], (location - start).length > PinchState.tapSlop { movedPastSlop = true }
        if isTilting || startsTilting() {
            isTilting = true
            return Step(from: oldCentroid, to: oldCentroid, tilt: -(centroid.y - oldCentroid.y) * PinchState.pitchPerPixel)
        }
        let levels = oldDistance > 1 && distance > 1 ? log2(distance / oldDistance) : 0
        var turn = 0.0
        if oldDistance > 1 && distance > 1 {
            var change = (angle - oldAngle) * 180 / .pi
            if change > 180 { change -= 360 } else if change < -180 { change += 360 }
            twisted += change
            if isTwisting { turn = change } else if abs(twisted) >= PinchState.twistThreshold {
                isTwisting = true
                turn = twisted  // the map catches up with the fingers
            }
        }
        return Step(levels: levels, from: oldCentroid, to: centroid, turn: turn)
    }

    /// The direction from the first finger to the second, in radians.
    private var angle: Double {
        let d = (positions[second] ?? .zero) - (positions[first] ?? .zero)
        return atan2(d.y, d.x)
    }

    /// Whether the fingers, side by side, have both moved up or both down
    /// past the threshold, mostly vertically, neither twisting nor pinching much.
    private func startsTilting() -> Bool {
        guard !isTwisting, let a0 = starts[first], let b0 = starts[second], let a = positions[first], let b = positions[second]
        else { return false }
        let across = b0 - a0
        guard abs(across.y) < abs(across.x) * 0.6 else { return false }
        let da = a - a0, db = b - b0
        return abs(da.y) >= PinchState.tiltThreshold && abs(db.y) >= PinchState.tiltThreshold && (da.y > 0) == (db.y > 0)
            && abs(da.x) < abs(da.y) * 0.5 && abs(db.x) < abs(db.y) * 0.5
            && abs(distance - across.length) < PinchState.tiltThreshold
    }

    /// True when lifting now ends a two-finger tap.
    func isTap(liftedAt time: Double) -> Bool {
        !movedPastSlop && time - startTime <= PinchState.tapDuration
    }
}
