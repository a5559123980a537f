import ArgumentParser
import Foundation
import MapSDL
import PinmapResources

/// `pinmap resources`: prints where the embedded tiles and fonts were found,
/// to check an installed copy finds its bundle, and which renderer a
/// window would draw with here, and why.
struct ResourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resources",
        abstract: "Print where pinmap finds its embedded world, styles, tiles and fonts, and the renderer a window would use."
    )

    func run() {
        print("world \(PinmapResources.worldTiles.path)")
        print("styles \(PinmapResources.stylesDirectory.path)")
        print("tiles \(PinmapResources.tilesDirectory.path)")
        print("fonts \(PinmapResources.fontsDirectory.path)")
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
            print("renderer none (no display; headless runs draw with SDL's software renderer into memory)")
            return
        }
        do {
            print("renderer \(try WindowRenderer.probe())")
        } catch {
            print("renderer none (\(error.description))")
        }
    }
}
