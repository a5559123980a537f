import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct KeyPressTests {
    @Test(arguments: [
        ("escape", KeyPress("escape")), ("Esc", KeyPress("escape")), ("+", KeyPress("plus")),
        ("-", KeyPress("minus")), ("ctrl+z", KeyPress("z", modifiers: .control)),
        ("ctrl+shift+z", KeyPress("z", modifiers: [.control, .shift])), ("ctrl++", KeyPress("plus", modifiers: .control)),
        ("0", KeyPress("0")), ("left", KeyPress("left")),
    ])
    func parsesNames(_ text: String, _ key: KeyPress) {
        #expect(KeyPress.parse(text) == key)
    }

    @Test(arguments: ["", "hyper", "super+a", "ctrl+", "f13"])
    func refusesUnknownNames(_ text: String) {
        #expect(KeyPress.parse(text) == nil)
    }

    @Test func describesItselfAsItParses() {
        #expect(KeyPress("z", modifiers: [.control, .shift]).description == "ctrl+shift+z")
    }
}
