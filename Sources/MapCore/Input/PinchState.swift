import Foundation

/// Two fingers on the map: each move zooms by the change in their distance
/// about their centroid, and pans by the centroid's move, so the place under
/// the fingers stays under them.
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

    /// Moves one finger; returns the zoom change (levels) and the centroid
    /// before and after.
    mutating func move(_ id: Int, to location: Point) -> (levels: Double, from: Point, to: Point) {
        let oldCentroid = centroid, oldDistance = distance
        positions[id] = location
        if let start = starts[id], (location - start).length > PinchState.tapSlop { movedPastSlop = true }
        let levels = oldDistance > 1 && distance > 1 ? log2(distance / oldDistance) : 0
        return (levels, oldCentroid, centroid)
    }

    /// True when lifting now ends a two-finger tap.
    func isTap(liftedAt time: Double) -> Bool {
        !movedPastSlop && time - startTime <= PinchState.tapDuration
    }
}
