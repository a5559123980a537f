import Foundation
import Testing

/// The default window fits the screen's usable area, title bar included;
/// a size the user gives is theirs. (`make test` installs xvfb and xdotool.)
@Suite(.serialized) struct WindowSizeTests {
    @Test func theDefaultWindowFitsASmallScreen() throws {
        let window = try XvfbWindow(arguments: ["--no-pins"], screen: "1024x600")
        let (width, height) = try window.size()
        // Without a window manager there is no title bar: the usable area is the whole screen.
        #expect(width <= 1024 && height <= 600, "the default 1024x768 on a 1024x600 screen: \(width)x\(height)")
        #expect(width >= 800 && height >= 400, "as large as fits: \(width)x\(height)")
        try window.quit()
    }

    @Test func aSizeGivenIsKept() throws {
        let window = try XvfbWindow(arguments: ["--no-pins", "--size", "900x700"], screen: "1024x600")
        let (width, height) = try window.size()
        #expect(width == 900 && height == 700, "\(width)x\(height)")
        try window.quit()
    }
}
