import Foundation
import MapCore
import PinmapResources

/// The pins file a window keeps when no `--pins` is given:
/// `$XDG_DATA_HOME/pinmap/pins.geojson` (by default
/// `~/.local/share/pinmap/pins.geojson`). Pins dropped on the map are saved
/// there as into any pins file (atomically, with undo), and are there the
/// next time. Made on first use: with the demo pins when the map is the
/// embedded world, empty over a map of the user's own.
enum UserPins {
    /// The file, made first when it is not there.
    static func file(showsWorld: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let folder = XDGFolder.data(environment).appendingPathComponent("pinmap")
        let file = folder.appendingPathComponent("pins.geojson")
        guard !FileManager.default.fileExists(atPath: file.path) else { return file }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let seed = showsWorld ? try Data(contentsOf: PinmapResources.demoPins) : Data(empty.utf8)
            // Written whole or not at all: a crash here leaves no half file.
            try seed.write(to: file, options: .atomic)
        } catch {
            throw UsageError("\(file.path): the pins file for dropped pins cannot be made: \(error.localizedDescription) (give --pins FILE or --no-pins)")
        }
        return file
    }

    static let empty = "{\"type\": \"FeatureCollection\", \"features\": [\n]}\n"

}
