import Testing
@testable import MapSDL

/// Which video driver the window asks SDL for, and the scale the desktop
/// asks for beyond the window's pixel density.
@Suite struct DesktopDisplayTests {
    func choose(_ environment: [String: String], seat: Int32) throws -> DesktopDisplay.DriverChoice {
        try DesktopDisplay.chooseDriver(environment: environment) { _ in seat }
    }

    @Test func aWaylandSessionWithASeatGetsWaylandFirst() throws {
        let choice = try choose(["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"], seat: 1)
        #expect(choice.hint == "wayland,x11" && choice.note == "video driver wayland (wayland-1)")
        #expect(try choose(["XDG_SESSION_TYPE": "wayland"], seat: 1).note == "video driver wayland (wayland-0)")
    }

    @Test func withoutACompositorOrWithSDLVideodriverSDLChooses() throws {
        #expect(try choose(["DISPLAY": ":0"], seat: 1) == DesktopDisplay.DriverChoice())
        #expect(try choose(["WAYLAND_DISPLAY": "gone", "DISPLAY": ":0"], seat: -1).hint == nil)
        #expect(try choose(["SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": "w"], seat: 1).hint == nil)
    }

    @Test func aCompositorWithoutASeatFallsBackToX11OrIsSaid() throws {
        let fallback = try choose(["WAYLAND_DISPLAY": "w", "DISPLAY": ":0"], seat: 0)
        #expect(fallback.hint == "x11" && fallback.isFallback)
        #expect(throws: SDLError.self) { try choose(["WAYLAND_DISPLAY": "w"], seat: 0) }
        #expect(throws: SDLError.self) { try choose(["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": "w", "DISPLAY": ":0"], seat: 0) }
    }

    @Test func x11TakesGDKScaleElseXftDPI() {
        let scale = { (environment: [String: String], dpi: Double) in
            DesktopDisplay.extraScale(driver: "x11", environment: environment) { dpi }.map { "\($0.scale) \($0.source)" }
        }
        #expect(scale(["GDK_SCALE": "2"], 192) == "2.0 GDK_SCALE")
        #expect(scale(["GDK_SCALE": "1"], 192) == nil, "GDK_SCALE wins, even at 1")
        #expect(scale([:], 192) == "2.0 Xft.dpi 192")
        #expect(scale([:], 120) == "1.25 Xft.dpi 120")
        #expect(scale([:], 96) == nil && scale([:], 0) == nil && scale([:], .nan) == nil)
        #expect(scale(["GDK_SCALE": "banana"], 144) == "1.5 Xft.dpi 144")
        #expect(DesktopDisplay.extraScale(driver: "wayland", environment: ["GDK_SCALE": "2"]) { 192 } == nil,
                "Wayland's scale is the output's")
    }
}
