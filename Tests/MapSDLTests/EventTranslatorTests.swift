import CSDL2
import MapEngine
import MapKitLayer
import Testing
@testable import MapSDL

@Suite struct EventTranslatorTests {
    var translator = EventTranslator(windowSize: Size(width: 800, height: 600))

    func key(_ code: SDL_KeyCode, modifiers: SDL_Keymod = KMOD_NONE) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = Int32(bitPattern: code.rawValue)
        event.key.keysym.mod = UInt16(modifiers.rawValue)
        return event
    }

    func mouseDown(which: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEBUTTONDOWN.rawValue
        event.button.which = which
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = 12
        event.button.y = 34
        return event
    }

    @Test mutating func keysGetTheCoreNames() {
        #expect(translator.translate(key(SDLK_EQUALS)) == [.key(KeyPress("equals"))])
        #expect(translator.translate(key(SDLK_KP_MINUS)) == [.key(KeyPress("minus"))])
        #expect(translator.translate(key(SDLK_LEFT)) == [.key(KeyPress("left"))])
        #expect(translator.translate(key(SDLK_0)) == [.key(KeyPress("0"))])
        #expect(translator.translate(key(SDLK_q, modifiers: KMOD_LCTRL)) == [.key(KeyPress("q", modifiers: .control))])
        #expect(translator.translate(key(SDLK_F13)) == [], "keys the core has no name for are dropped")
    }

    @Test mutating func ctrlClickIsARightClickUntilItsRelease() {
        var up = mouseDown(which: 0)
        up.type = SDL_MOUSEBUTTONUP.rawValue
        translator.heldModifiers = { KMOD_LCTRL }
        #expect(translator.translate(mouseDown(which: 0)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 12, y: 34), button: .right)),
        ])
        translator.heldModifiers = { KMOD_NONE }  // Ctrl let go before the button: still the right click's release
        #expect(translator.translate(up) == [.pointer(PointerEvent(phase: .up, location: Point(x: 12, y: 34), button: .right))])
        #expect(translator.translate(mouseDown(which: 0)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 12, y: 34), button: .left)),
        ])
    }

    @Test mutating func mouseEventsMadeFromTouchesAreDropped() {
        #expect(translator.translate(mouseDown(which: 0)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 12, y: 34), button: .left)),
        ])
        #expect(translator.translate(mouseDown(which: EventTranslator.touchMouseID)) == [])
    }

    func finger(_ type: SDL_EventType, touch: SDL_TouchID = 3, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = touch
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        return event
    }

    @Test mutating func fingersBecomeTouchesInWindowUnits() {
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 7, x: 0.25, y: 0.5)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 200, y: 300), kind: .touch, id: 7)),
        ])
        #expect(translator.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.5, y: 0.5)) == [
            .pointer(PointerEvent(phase: .move, location: Point(x: 400, y: 300), kind: .touch, id: 7)),
        ])
        #expect(translator.translate(finger(SDL_FINGERUP, id: 7, x: 1, y: 1)) == [
            .pointer(PointerEvent(phase: .up, location: Point(x: 800, y: 600), kind: .touch, id: 7)),
        ])
    }

    @Test mutating func touchesMadeFromTheMouseAreDropped() {
        #expect(translator.translate(finger(SDL_FINGERDOWN, touch: EventTranslator.mouseTouchID, id: 0, x: 0.5, y: 0.5)) == [])
    }

    @Test mutating func aResizeChangesHowFingersScale() {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        event.window.data1 = 1000
        event.window.data2 = 500
        #expect(translator.translate(event) == [.resize(Size(width: 1000, height: 500))])
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 500, y: 250), kind: .touch, id: 1)),
        ])
    }
}
