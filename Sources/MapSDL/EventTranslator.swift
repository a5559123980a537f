import CSDL2
import MapEngine
import MapKitLayer

/// Turns SDL events into the core's input events. Mouse events that SDL
/// synthesises from touches are dropped, or one finger would act twice, and
/// so are touch events it synthesises from the mouse.
///
///     var translator = EventTranslator(windowSize: Size(width: 800, height: 600))
///     translator.translate(event)   // finger positions come normalised: scaled by the window size
package struct EventTranslator {
    /// `SDL_TOUCH_MOUSEID`: the `which` of mouse events made from touches.
    static let touchMouseID = UInt32.max
    /// `SDL_MOUSE_TOUCHID`: the `touchId` of touch events made from the mouse.
    static let mouseTouchID: SDL_TouchID = -1

    /// The window's size in its own units (the mouse's): finger events
    /// arrive as fractions of it.
    package var windowSize: Size
    /// True from a Ctrl+left press to its release: the pair acts as a right
    /// click (one-button mice and trackpads), whatever Ctrl does meanwhile.
    private var leftActsAsRight = false
    /// The modifier keys held now (SDL's keyboard state; tests give their own).
    var heldModifiers: () -> SDL_Keymod = { SDL_GetModState() }

    /// A translator for a window of `windowSize` points (used to scale finger positions, which SDL
    /// gives from 0 to 1).
    package init(windowSize: Size = Size(width: 1, height: 1)) {
        self.windowSize = windowSize
    }

    /// The core's events for one SDL event: none for events the map ignores, two for a press that
    /// also moves.
    package mutating func translate(_ event: SDL_Event) -> [InputEvent] {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != EventTranslator.touchMouseID, var button = mouseButton(b.button) else { return [] }
            let phase: PointerEvent.Phase = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up
            if button == .left {
                if phase == .down { leftActsAsRight = heldModifiers().rawValue & KMOD_CTRL.rawValue != 0 }
                if leftActsAsRight { button = .right }
                if phase == .up { leftActsAsRight = false }
            }
            return [.pointer(PointerEvent(phase: phase, location: Point(x: Double(b.x), y: Double(b.y)),
                                          button: button))]
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != EventTranslator.touchMouseID else { return [] }
            return [.pointer(PointerEvent(phase: .move, location: Point(x: Double(m.x), y: Double(m.y))))]
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != EventTranslator.touchMouseID else { return [] }
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return [.wheel(at: Point(x: Double(w.mouseX), y: Double(w.mouseY)),
                           dx: Double(w.preciseX * flip), dy: Double(w.preciseY * flip))]
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let finger = event.tfinger
            guard finger.touchId != EventTranslator.mouseTouchID else { return [] }
            let phase: PointerEvent.Phase = event.type == SDL_FINGERDOWN.rawValue
                ? .down : (event.type == SDL_FINGERUP.rawValue ? .up : .move)
            let location = Point(x: Double(finger.x) * windowSize.width, y: Double(finger.y) * windowSize.height)
            return [.pointer(PointerEvent(phase: phase, location: location, kind: .touch,
                                          id: Int(truncatingIfNeeded: finger.fingerId)))]
        case SDL_TEXTINPUT:
            var typed = event.text.text
            let text = withUnsafeBytes(of: &typed) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return text.isEmpty ? [] : [.text(text)]
        case SDL_KEYDOWN:
            guard let key = keyPress(event.key.keysym) else { return [] }
            return [.key(key)]
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                windowSize = Size(width: Double(event.window.data1), height: Double(event.window.data2))
                return [.resize(windowSize)]
            case SDL_WINDOWEVENT_FOCUS_LOST:
                return [.focusLost]
            default:
                return []
            }
        default:
            return []
        }
    }

    private func mouseButton(_ button: UInt8) -> MouseButton? {
        switch Int32(button) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_RIGHT: return .right
        case SDL_BUTTON_MIDDLE: return .middle
        default: return nil
        }
    }

    func keyPress(_ keysym: SDL_Keysym) -> KeyPress? {
        guard let name = keyName(keysym.sym) else { return nil }
        var modifiers: KeyPress.Modifiers = []
        let mod = UInt32(keysym.mod)
        if mod & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
        if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
        if mod & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
        return KeyPress(name, modifiers: modifiers)
    }

    private func keyName(_ sym: SDL_Keycode) -> String? {
        if let name = EventTranslator.namedKeys[sym] { return name }
        if let scalar = Unicode.Scalar(UInt32(bitPattern: sym)),
           ("a"..."z").contains(Character(scalar)) || ("0"..."9").contains(Character(scalar)) {
            return String(Character(scalar))
        }
        return nil
    }

    /// SDL key codes with a core name other than their own character; built
    /// once, not per key press.
    private static let namedKeys: [Int32: String] = [
        code(SDLK_ESCAPE): "escape", code(SDLK_LEFT): "left", code(SDLK_RIGHT): "right",
        code(SDLK_UP): "up", code(SDLK_DOWN): "down", code(SDLK_RETURN): "return",
        code(SDLK_SPACE): "space", code(SDLK_TAB): "tab", code(SDLK_BACKSPACE): "backspace",
        code(SDLK_DELETE): "delete", code(SDLK_HOME): "home", code(SDLK_END): "end",
        code(SDLK_PAGEUP): "pageup", code(SDLK_PAGEDOWN): "pagedown", code(SDLK_SLASH): "slash",
        code(SDLK_KP_DIVIDE): "slash",
        code(SDLK_PLUS): "plus", code(SDLK_KP_PLUS): "plus", code(SDLK_EQUALS): "equals",
        code(SDLK_MINUS): "minus", code(SDLK_KP_MINUS): "minus", code(SDLK_KP_0): "0",
        code(SDLK_F1): "f1", code(SDLK_F2): "f2", code(SDLK_F10): "f10", code(SDLK_F11): "f11",
        code(SDLK_KP_ENTER): "return",
        code(SDLK_APPLICATION): "menu", code(SDLK_MENU): "menu",
    ]

    private static func code(_ key: SDL_KeyCode) -> Int32 { Int32(bitPattern: key.rawValue) }
}

extension SDL_EventType {
    static func == (type: UInt32, event: SDL_EventType) -> Bool { type == event.rawValue }
}
