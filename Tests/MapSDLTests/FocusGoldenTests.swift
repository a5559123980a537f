import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// The keyboard's focus ring as it looks: on a pin after Tab, and on the
/// open callout's button after Enter and Tab.
@Suite(.serialized) @MainActor struct FocusGoldenTests {
    let suite = "FocusGoldenTests"

    @Test func theFocusRingOnAPinAndOnACalloutButton() throws {
        let pins = try TestMaps.pins([("paris", 48.8566, 2.3522, ""), ("lyon", 45.764, 4.8357, "")])
        let run = try TestMaps.run(center: Coordinate(latitude: 47.5, longitude: 3.5), zoom: 5,
                                   size: Size(width: 400, height: 300), pins: pins)
        _ = try run.renderImage()
        _ = run.send(.key(KeyPress("tab")))
        run.advance(to: 0.1)
        assertGolden(try run.renderImage(), named: "focus-pin", suite: suite)
        _ = run.send(.key(KeyPress("return")))
        run.advance(to: 1)
        _ = run.send(.key(KeyPress("tab")))
        run.advance(to: 1.1)
        assertGolden(try run.renderImage(), named: "focus-callout-button", suite: suite)
    }
}
