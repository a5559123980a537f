import Foundation
import Testing

/// The window's renderer: on Xvfb, whose GL is always drawn by the CPU (or
/// missing), `auto` picks SDL's software renderer and says why; a
/// `--renderer` that does not exist is refused.
@Suite(.serialized) struct RendererChoiceTests {
    let cli = PinmapCLITests()

    @Test func resourcesSayWhichRendererAWindowGetsAndWhy() throws {
        let (xvfb, display) = try XvfbWindow.startDisplay()
        defer { XvfbWindow.stop(xvfb, display: display) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["SDL_RENDER_DRIVER"] = nil
        let outcome = try cli.pinmap(["resources"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("renderer ") })
        #expect(line.hasPrefix("renderer software ("), "Xvfb has no GL of its own worth using: \(line)")
        #expect(line.contains("GL_RENDERER") || line.contains("no accelerated renderer"), "and says why: \(line)")

        environment["SDL_RENDER_DRIVER"] = "software"
        let forced = try cli.pinmap(["resources"], environment: environment)
        #expect(forced.stdout.contains("renderer software (SDL_RENDER_DRIVER=software)"), "the variable wins")
    }

    @Test func anUnknownRendererIsRefused() throws {
        let outcome = try cli.pinmap(["--renderer", "vulkan"])
        #expect(outcome.status == 64 || outcome.status == 2)
        #expect(outcome.stderr.contains("--renderer: \"vulkan\" is not one of auto, software, opengl, opengles2"))
    }
}
