import MapEngine

/// Live input is taken as it comes but never trusted: a driver, a touch
/// screen or a script may send positions of 1e300 or NaN, scrolls of a
/// million notches or a window of zero pixels. Before the map sees an event
/// its numbers are brought into ranges where every gesture stays finite.
///
///     let safe = event.clamped()   // .wheel(at: (1e300, 0), dy: 1e9) → at (1e6, 0), dy 100
extension InputEvent {
    /// No screen position lies further out than this many pixels (far past
    /// any real screen, and small enough that sums of them stay exact).
    package static let positionLimit = 1_000_000.0
    /// A single event scrolls at most this many notches.
    package static let wheelLimit = 100.0
    /// A single text event carries at most this many characters.
    package static let textLimit = 256

    /// The event with NaN read as 0 and every number kept within its limit.
    package func clamped() -> InputEvent {
        switch self {
        case .pointer(var pointer):
            pointer.location = InputEvent.clamp(pointer.location)
            return .pointer(pointer)
        case .wheel(let location, let dx, let dy):
            return .wheel(at: InputEvent.clamp(location), dx: InputEvent.clamp(dx, InputEvent.wheelLimit),
                          dy: InputEvent.clamp(dy, InputEvent.wheelLimit))
        case .resize(let size):
            let side = Camera.maximumViewportSide
            return .resize(Size(width: max(1, InputEvent.clamp(size.width, side)),
                                height: max(1, InputEvent.clamp(size.height, side))))
        case .text(let text):
            return .text(String(text.prefix(InputEvent.textLimit)))
        case .key, .focusLost, .quit:
            return self
        }
    }

    static func clamp(_ point: Point) -> Point {
        Point(x: clamp(point.x, positionLimit), y: clamp(point.y, positionLimit))
    }

    static func clamp(_ value: Double, _ limit: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }
}
