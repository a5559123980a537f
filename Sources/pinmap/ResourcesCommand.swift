import ArgumentParser
import PinmapResources

/// `pinmap resources`: prints where the embedded tiles and fonts were found,
/// to check an installed copy finds its bundle.
struct ResourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resources",
        abstract: "Print where pinmap finds its embedded tiles and fonts."
    )

    func run() {
        print("tiles \(PinmapResources.tilesDirectory.path)")
        print("fonts \(PinmapResources.fontsDirectory.path)")
    }
}
