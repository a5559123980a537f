@testable import MapEngine
@testable import MapKitLayer

/// One step of a fuzzed session: the time since the step before, and an
/// input event.
struct FuzzEvent: Equatable, CustomStringConvertible {
    var gap: Double
    var input: InputEvent

    var description: String { "+\(gap)s \(input)" }
}

/// Random and extreme sessions: the mouse pressing, dragging and letting go
/// of pins, wheels, keys, one to five fingers, window changes, and numbers
/// from tiny to 1e300, NaN and infinity among them.
struct FuzzEventSource {
    var random: SeededGenerator
    /// Where the pins were on screen at the last frame, to aim at them.
    var targets: [Point] = []
    var viewport = Size(width: 800, height: 600)
    private var fingersDown: [Int] = []
    private var mouseDown = false

    static let keys = ["plus", "minus", "equals", "0", "l", "escape", "left", "right", "up", "down",
                       "return", "space", "tab", "delete", "backspace", "z", "y", "q", "a", "home",
                       "slash", "f", "p"]
    /// What the search field may be typed: names, a letter, odd text.
    static let texts = ["par", "zur", "is", "l", "é", "\n", "\t", "", String(repeating: "x", count: 300), "ü名"]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func next() -> FuzzEvent {
        FuzzEvent(gap: gap(), input: input())
    }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    private mutating func gap() -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return 0
        case 1: return Double.random(in: 0.3...2, using: &random)  // long enough for a long press or a landing
        case 2: return Double.random(in: 0.4...0.6, using: &random)
        default: return 1.0 / 60
        }
    }

    /// A number for a coordinate: mostly on screen, sometimes absurd.
    private mutating func coordinate(_ extent: Double) -> Double {
        switch Int.random(in: 0..<40, using: &random) {
        case 0: return 1e300
        case 1: return -1e300
        case 2: return .nan
        case 3: return .infinity
        case 4: return -.infinity
        case 5: return 1e-300
        case 6: return -Double.random(in: 0...500, using: &random)
        case 7: return extent + Double.random(in: 0...500, using: &random)
        case 8: return Double.greatestFiniteMagnitude
        default: return Double.random(in: 0...extent, using: &random)
        }
    }

    private mutating func point() -> Point {
        if !targets.isEmpty && chance(0.5) {
            // A pin's head, give or take a few pixels.
            let target = targets[Int.random(in: 0..<targets.count, using: &random)]
            return target + Point(x: Double.random(in: -6...6, using: &random),
                                  y: Double.random(in: -30...4, using: &random))
        }
        return Point(x: coordinate(viewport.width), y: coordinate(viewport.height))
    }

    private mutating func nearby(_ p: Point) -> Point {
        chance(0.9) ? p + Point(x: Double.random(in: -40...40, using: &random),
                                 y: Double.random(in: -40...40, using: &random)) : point()
    }

    private var lastPoint = Point(x: 400, y: 300)

    private mutating func input() -> InputEvent {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30:
            return mouse()
        case 30..<60:
            return touch()
        case 60..<70:
            let dy = chance(0.1) ? coordinate(1e6) : Double.random(in: -3...3, using: &random)
            return .wheel(at: point(), dx: 0, dy: dy)
        case 70..<90:
            let name = FuzzEventSource.keys[Int.random(in: 0..<FuzzEventSource.keys.count, using: &random)]
            var modifiers: KeyPress.Modifiers = []
            if chance(0.3) { modifiers.insert(.control) }
            if chance(0.15) { modifiers.insert(.shift) }
            if chance(0.05) { modifiers.insert(.alt) }
            // Ctrl+Q quits a real session; the fuzzer's goes on.
            if name == "q" { modifiers.remove(.control) }
            return .key(KeyPress(name, modifiers: modifiers))
        case 90..<94:
            let size = chance(0.7) ? Size(width: Double.random(in: 100...1600, using: &random),
                                           height: Double.random(in: 100...1200, using: &random))
                : Size(width: coordinate(4000), height: coordinate(4000))
            return .resize(size)
        case 94..<96:
            return .text(FuzzEventSource.texts[Int.random(in: 0..<FuzzEventSource.texts.count, using: &random)])
        case 96..<97:
            fingersDown.removeAll()
            mouseDown = false
            return .focusLost
        default:
            return mouse()
        }
    }

    private mutating func mouse() -> InputEvent {
        let phase: PointerEvent.Phase
        if mouseDown {
            phase = chance(0.75) ? .move : .up
        } else {
            phase = chance(0.5) ? .down : .move
        }
        let location = phase == .down ? point() : nearby(lastPoint)
        lastPoint = location.isFinite ? location : lastPoint
        if phase == .down { mouseDown = true }
        if phase == .up { mouseDown = false }
        let buttons: [MouseButton] = [.left, .left, .left, .left, .right, .middle]
        let button = phase == .move ? nil : buttons[Int.random(in: 0..<buttons.count, using: &random)]
        return .pointer(PointerEvent(phase: phase, location: location, button: button))
    }

    private mutating func touch() -> InputEvent {
        if fingersDown.isEmpty || (fingersDown.count < 5 && chance(0.15)) {
            let id = (fingersDown.max() ?? 0) + 1 + Int.random(in: 0..<3, using: &random)
            fingersDown.append(id)
            let location = point()
            lastPoint = location.isFinite ? location : lastPoint
            return .pointer(PointerEvent(phase: .down, location: location, kind: .touch, id: id))
        }
        let id = fingersDown[Int.random(in: 0..<fingersDown.count, using: &random)]
        let roll = Double.random(in: 0..<1, using: &random)
        let phase: PointerEvent.Phase = roll < 0.8 ? .move : (roll < 0.95 ? .up : .cancel)
        if phase != .move { fingersDown.removeAll { $0 == id } }
        // Now and then a finger the map never saw come down.
        let finger = chance(0.02) ? 999 : id
        let location = nearby(lastPoint)
        lastPoint = location.isFinite ? location : lastPoint
        return .pointer(PointerEvent(phase: phase, location: location, kind: .touch, id: finger))
    }
}
