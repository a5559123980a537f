import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// The pin editor as it looks: open on a selected pin, its name typed in
/// two scripts and the note field with the keyboard (its frame and caret),
/// and the callout telling the new name once saved.
@Suite(.serialized) @MainActor struct PinEditorGoldenTests {
    let suite = "PinEditorGoldenTests"

    @Test func thePinEditorAndTheRenamedPinsCallout() throws {
        let pins = try TestMaps.pins([("paris", 48.8566, 2.3522, "")])
        let run = try TestMaps.run(center: Coordinate(latitude: 47.5, longitude: 3.5), zoom: 5,
                                   size: Size(width: 480, height: 320), pins: pins)
        _ = try run.renderImage()
        _ = run.send(.key(KeyPress("tab")))
        _ = run.send(.key(KeyPress("return")))  // selects it
        run.advance(to: 1)
        _ = run.send(.key(KeyPress("return")))  // and names it
        for _ in 0..<5 { _ = run.send(.key(KeyPress("backspace"))) }
        _ = run.send(.text("Paris · باريس"))
        _ = run.send(.key(KeyPress("tab")))
        _ = run.send(.text("Café de Flore, 東京の友達と"))
        run.advance(to: 1.5)
        assertGolden(try run.renderImage(), named: "pin-editor", suite: suite)
        _ = run.send(.key(KeyPress("return")))
        run.advance(to: 2.5)
        assertGolden(try run.renderImage(), named: "pin-renamed", suite: suite)
    }
}
