import MapEngine

/// A press on an on-screen control that acts on release over the same
/// control, as buttons do everywhere: the callout's buttons, the locate
/// button and the details panel's close button all follow one pointer this
/// way. While pressed, the control looks pressed only with the pointer over
/// it; a release elsewhere, a cancel or `reset()` does nothing.
///
///     var tracker = ControlTracker<Int>()
///     tracker.handle(down, over: 2)    // .handled: element 2 pressed
///     tracker.handle(up, over: 2)      // .activated(2)
struct ControlTracker<Target: Equatable> {
    struct Press {
        let pointerID: Int
        let kind: PointerKind
        let target: Target
        var isInside: Bool
    }

    enum Outcome: Equatable {
        /// Not this control's event: let the next one have it.
        case notMine
        /// Taken (a press, a move, a release away from the control).
        case handled
        /// Released over the control it was pressed on.
        case activated(Target)
    }

    private(set) var press: Press?

    /// The target pressed, while the pointer is over it (for a pressed look).
    var pressedTarget: Target? { press?.isInside == true ? press?.target : nil }

    /// `target` is what lies under the event's position, if anything of
    /// this control. Only a left button or a finger presses.
    mutating func handle(_ event: PointerEvent, over target: Target?) -> Outcome {
        if let current = press {
            guard event.id == current.pointerID, event.kind == current.kind else {
                // Another pointer's press is swallowed while this one holds.
                return event.phase == .down ? .handled : .notMine
            }
            switch event.phase {
            case .down:
                return .handled
            case .move:
                press?.isInside = target == current.target
                return .handled
            case .cancel:
                press = nil
                return .handled
            case .up:
                press = nil
                return target == current.target ? .activated(current.target) : .handled
            }
        }
        guard event.phase == .down, event.kind == .touch || event.button == .left, let target else { return .notMine }
        press = Press(pointerID: event.id, kind: event.kind, target: target, isInside: true)
        return .handled
    }

    mutating func reset() {
        press = nil
    }
}
