import MapEngine

/// "Measure from here" while it runs: a click or tap on the map adds a
/// point (one on the first point closes the path, once it has three),
/// Enter adds the view's centre (for the keyboard: the arrows pan to the
/// place first), Backspace removes the last point, Escape ends. Clicks that
/// become drags still pan, so the path can run past the view.
@MainActor
final class RulerInteraction {
    private unowned let map: any InteractionHost

    init(map: any InteractionHost) {
        self.map = map
    }

    var isActive: Bool { map.chrome.ruler != nil }

    /// A click or tap at `location`, while measuring.
    func tap(at location: Point) -> [MapEffect] {
        guard let ruler = map.chrome.ruler else { return [] }
        if ruler.points.count >= 3, !ruler.isClosed,
           (map.camera.screenPoint(for: ruler.points[0]) - location).length <= RulerOverlay.closingReach * map.displayScale {
            return [.measure(.close)]
        }
        return ruler.isClosed ? [] : [.measure(.add(location))]
    }

    /// The measuring keys; nil for a key it leaves to the map (the arrows pan, + and − zoom).
    func handle(_ key: KeyPress) -> [MapEffect]? {
        guard isActive, key.modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
        switch key.name {
        case "backspace", "delete": return [.measure(.removeLast)]
        case "escape": return [.measure(.end)]
        case "return", "space":
            let size = map.camera.viewportSize
            return tap(at: Point(x: size.width / 2, y: size.height / 2))
        default: return nil
        }
    }
}

/// A change to the measured path.
package enum RulerEdit: Equatable, Sendable {
    /// Begins measuring at a point of the view (screen pixels).
    case start(Point)
    /// Adds a point of the view.
    case add(Point)
    /// Joins the last point to the first.
    case close
    /// Reopens a closed path, else takes its last point off.
    case removeLast
    /// Ends measuring: the path goes.
    case end
}
