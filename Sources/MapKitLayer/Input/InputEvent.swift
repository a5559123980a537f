import MapEngine

/// Which device a pointer event came from.
package enum PointerKind: String, Equatable, Sendable {
    /// A mouse, touchpad or pen acting as one.
    case mouse
    /// A finger on a touch screen.
    case touch
}

/// Mouse buttons the map reacts to.
package enum MouseButton: String, Equatable, Sendable {
    /// The main button.
    case left
    /// The context button.
    case right
    /// The middle button (the wheel).
    case middle
}

/// A press, move, release or cancel of one pointer (the mouse, or a finger
/// with its own id), in screen pixels.
package struct PointerEvent: Equatable, Sendable {
    /// The steps of a press: down, moves, then up, or cancel when the system takes the pointer
    /// away.
    package enum Phase: String, Equatable, Sendable {
        /// The pointer pressed.
        case down
        /// The pointer moved, pressed or not.
        case move
        /// The pointer released.
        case up
        /// The press ended without a release (the system took the pointer).
        case cancel
    }

    /// Which step of the press this is.
    package var phase: Phase
    /// Where the pointer is, in screen pixels.
    package var location: Point
    /// Whether a mouse or a finger.
    package var kind: PointerKind
    /// 0 for the mouse; a finger's id for touches.
    package var id: Int
    /// The button pressed or released (mouse down and up only).
    package var button: MouseButton?

    /// A pointer event; `id` tells fingers apart, `button` says which mouse button went down or up.
    package init(phase: Phase, location: Point, kind: PointerKind = .mouse, id: Int = 0,
                button: MouseButton? = nil) {
        self.phase = phase
        self.location = location
        self.kind = kind
        self.id = id
        self.button = button
    }
}

/// Everything the map reacts to, as core values; the SDL layer translates its
/// own events into these and the core never sees SDL types.
package enum InputEvent: Equatable, Sendable {
    /// A mouse or a finger pressed, moved or lifted.
    case pointer(PointerEvent)
    /// Scroll at a screen point: `dy` > 0 scrolls up (zoom in), in notches.
    case wheel(at: Point, dx: Double, dy: Double)
    /// A key pressed, with the modifiers held.
    case key(KeyPress)
    /// Text typed (SDL text input: a keyboard, an input method or a touch
    /// keyboard), for the search field.
    case text(String)
    /// The viewport changed size.
    case resize(Size)
    /// The window lost the keyboard and mouse (ongoing gestures end).
    case focusLost
    /// The user asked to close the window.
    case quit
}

extension InputEvent {
    /// The event with its screen positions multiplied by `scale`, for
    /// windows whose units are larger than the renderer's pixels.
    package func scaled(by scale: Double) -> InputEvent {
        guard scale != 1 else { return self }
        switch self {
        case .pointer(var pointer):
            pointer.location = pointer.location * scale
            return .pointer(pointer)
        case .wheel(let location, let dx, let dy):
            return .wheel(at: location * scale, dx: dx, dy: dy)
        default:
            return self
        }
    }
}
