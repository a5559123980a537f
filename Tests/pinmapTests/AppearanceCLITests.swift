import Foundation
import MapSDL
import Testing

/// `--appearance`: the controls dark over the dark style by default, light when asked.
@Suite struct AppearanceCLITests {
    let cli = PinmapCLITests()

    /// The search button's face, top right, over the dark style.
    func searchButtonFace(_ flags: [String]) throws -> Int {
        let dir = try cli.temporaryFolder()
        let shot = dir.appendingPathComponent("x.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--style", "dark", "--size", "300x200", "--center", "47,8",
                                      "--zoom", "6", "--screenshot", shot.path] + flags)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Left of the lens, inside the round button 10 points from the corner.
        return Int(try Surface.load(path: shot.path).pixel(x: 300 - 10 - 36, y: 10 + 22).green)
    }

    @Test func theControlsFollowTheStyleUnlessAsked() throws {
        #expect(try searchButtonFace([]) < 80, "dark over the dark style")
        #expect(try searchButtonFace(["--appearance", "light"]) > 230, "light when asked")
        let outcome = try cli.pinmap(["--headless", "--appearance", "purple", "--screenshot", "/tmp/x.png"])
        #expect(outcome.status == 2 && outcome.stderr.contains("--appearance: \"purple\" is not auto, light or dark"), "\(outcome.stderr)")
    }
}
