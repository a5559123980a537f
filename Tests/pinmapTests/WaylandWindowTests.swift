import Foundation
import MapSDL
import Testing

/// The window on Wayland (SDL's wayland driver, under weston) and the
/// desktop's scale: the same map as on X11, keys that work, the output's
/// scale as the map's, GDK_SCALE and Xft.dpi on X11, and a compositor SDL
/// cannot start on answered without a crash.
@Suite(.serialized) struct WaylandWindowTests {
    static let view = ["--no-pins", "--center", "47.37,8.54", "--zoom", "9", "--size", "640x400"]

    /// Pixels that differ by more than a few levels in a channel, as a share of all.
    static func differing(_ a: Surface, _ b: Surface) -> Double {
        let one = a.argbPixels(), two = b.argbPixels()
        #expect(one.count == two.count)
        var count = 0
        for (p, q) in zip(one, two) {
            for shift in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > 24 {
                count += 1
                break
            }
        }
        return Double(count) / Double(max(1, one.count))
    }

    @Test func underWestonTheWindowShowsWhatX11ShowsAndTakesKeys() throws {
        // One display at a time: each session ends before the next begins.
        let onWayland = try {
            let wayland = try DesktopSession(weston: .onX11(scale: 1))
            let app = try wayland.launch(Self.view, wayland: true)
            #expect(app.text.contains("video driver wayland (pinmap-test-wayland)"), "\(app.text)")
            #expect(app.text.contains("display scale 1"), "\(app.text)")
            let picture = try wayland.screenshot()
            try wayland.key("ctrl+q")
            #expect(DesktopSession.waitForExit(app.process), "Ctrl+Q through the Wayland seat closed the window")
            return picture
        }()
        let onX11 = try {
            let x11 = try DesktopSession(weston: .none)
            let other = try x11.launch(Self.view, wayland: false)
            #expect(!other.text.contains("video driver wayland"))
            return try x11.screenshot()
        }()
        #expect(onWayland.width == 640 && onWayland.height == 400)
        // The same picture, but for weston's pointer and the odd edge of a glyph.
        let share = Self.differing(onWayland, onX11)
        #expect(share < 0.01, "\(share * 100)% of the pixels differ")
        let land = onWayland.argbPixels().filter { $0 & 0xFFFFFF == 0xF4F0E8 }.count
        #expect(land > 640 * 400 / 4, "the map is on the Wayland screen (\(land) land pixels)")
    }

    @Test func aWaylandOutputOfScaleTwoDrawsTheMapAtTwo() throws {
        let desktop = try DesktopSession(weston: .onX11(scale: 2))
        let app = try desktop.launch(Self.view, wayland: true)
        #expect(app.text.contains("display scale 2 (wayland output scale)"), "\(app.text)")
        let picture = try desktop.screenshot(scale: 2)
        let land = picture.argbPixels().filter { $0 & 0xFFFFFF == 0xF4F0E8 }.count
        #expect(land > 1280 * 800 / 4, "the map fills the output at twice the pixels (\(land))")
    }

    @Test func onX11GDKScaleAndXftDPIScaleTheWindow() throws {
        let desktop = try DesktopSession(weston: .none, screen: (1400, 900))
        let doubled = try desktop.launch(Self.view, wayland: false, environment: ["GDK_SCALE": "2"])
        #expect(doubled.text.contains("display scale 2 (GDK_SCALE)"), "\(doubled.text)")
        #expect(try desktop.x11WindowSize() == (1280, 800), "640x400 points at 2 pixels a point")
        XvfbWindow.stop(doubled.process)

        try desktop.setResources("Xft.dpi:\t144")
        let dpi = try desktop.launch(Self.view, wayland: false)
        #expect(dpi.text.contains("display scale 1.5 (Xft.dpi 144)"), "\(dpi.text)")
        #expect(try desktop.x11WindowSize() == (960, 600))
    }

    @Test func aCompositorWithoutASeatIsSaidNotCrashedOn() throws {
        let headless = try DesktopSession(weston: .headless)
        let app = try headless.launch(Self.view, wayland: true)
        #expect(DesktopSession.waitForExit(app.process))
        #expect(app.process.terminationStatus == 1, "an error, not a crash: \(app.process.terminationStatus)")
        #expect(app.text.contains("offers no seat") && app.text.contains("no X display"), "\(app.text)")
    }
}

/// The window's first frame comes before the work it does not need: the
/// search's name index is built once the frame is on screen with its tiles.
@Suite(.serialized) struct FirstFrameOrderTests {
    @Test func theSearchIndexIsBuiltAfterTheFirstFrame() throws {
        let desktop = try DesktopSession(weston: .none)
        let app = try desktop.launch(WaylandWindowTests.view, wayland: false)
        for _ in 0..<50 where !app.text.contains("search index started") { Thread.sleep(forTimeInterval: 0.1) }
        let log = app.text
        let first = try #require(log.range(of: "first frame drawn"), "\(log)")
        let index = try #require(log.range(of: "search index started"), "\(log)")
        #expect(first.lowerBound < index.lowerBound, "\(log)")
    }
}
