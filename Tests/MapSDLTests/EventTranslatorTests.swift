import CSDL2
import MapCore
import Testing
@testable import MapSDL

@Suite struct EventTranslatorTests {
    let translator = EventTranslator()

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

    @Test func keysGetTheCoreNames() {
        #expect(translator.translate(key(SDLK_EQUALS)) == [.key(KeyPress("equals"))])
        #expect(translator.translate(key(SDLK_KP_MINUS)) == [.key(KeyPress("minus"))])
        #expect(translator.translate(key(SDLK_LEFT)) == [.key(KeyPress("left"))])
        #expect(translator.translate(key(SDLK_0)) == [.key(KeyPress("0"))])
        #expect(translator.translate(key(SDLK_q, modifiers: KMOD_LCTRL)) == [.key(KeyPress("q", modifiers: .control))])
        #expect(translator.translate(key(SDLK_F13)) == [], "keys the core has no name for are dropped")
    }

    @Test func mouseEventsMadeFromTouchesAreDropped() {
        #expect(translator.translate(mouseDown(which: 0)) == [
            .pointer(PointerEvent(phase: .down, location: Point(x: 12, y: 34), button: .left)),
        ])
        #expect(translator.translate(mouseDown(which: EventTranslator.touchMouseID)) == [])
    }
}
