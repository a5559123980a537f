import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import FileAccess

/// The pins file a window keeps when no `--pins` is given:
/// `$XDG_DATA_HOME/pinmap/pins.geojson` (by default
/// `~/.local/share/pinmap/pins.geojson`). Pins dropped on the map are saved
/// there as into any pins file (atomically, with undo), and are there the
/// next time. Made on first use: with the demo pins when the map is the
/// embedded world, empty over a map of the user's own.
///
/// What is there is never replaced by a new file: a link whose target is
/// missing (a synced folder or a drive not mounted yet), a folder, a FIFO
/// or a device in the file's place, or a data folder that is not there, make
/// the window open without the user's pins, saying so, and save nothing; a
/// read-only file is shown and not written.
enum UserPins {
    /// Where the user's pins are, and whether they may be written.
    enum Place: Equatable {
        /// A file to read and save to (made just now if it was not there).
        case ready(URL)
        /// A file to read and show, never to write: it is read-only.
        case readOnly(URL)
        /// Nothing to read or write; why, in words that follow the file's path.
        case unavailable(URL, reason: String)
    }

    /// Where the file is: `$XDG_DATA_HOME/pinmap/pins.geojson`.
    static func file(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGFolder.data(environment).appendingPathComponent("pinmap/pins.geojson")
    }

    /// The file, made first when it is not there and may be made.
    static func place(showsWorld: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Place {
        let base = XDGFolder.data(environment)
        let folder = base.appendingPathComponent("pinmap")
        let file = folder.appendingPathComponent("pins.geojson")
        var info = stat()
        if lstat(file.path, &info) == 0 {
            return existing(file, info)
        }
        if let reason = missingFolder(folder, base: base, explicitBase: environment["XDG_DATA_HOME"]?.hasPrefix("/") == true) {
            return .unavailable(file, reason: reason)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let seed = showsWorld ? Array(try Data(contentsOf: PinmapResources.demoPins)) : Array(empty.utf8)
            // Written whole or not at all: a crash here leaves no half file.
            try AtomicFile.write(seed, to: file.path)
        } catch {
            let reason = (error as? AtomicFile.Failure)?.reason ?? error.localizedDescription
            throw UsageError("\(file.path): the pins file for dropped pins cannot be made: \(reason) (give --pins FILE or --no-pins)")
        }
        return .ready(file)
    }

    /// What an existing entry at the file's place allows.
    private static func existing(_ file: URL, _ info: stat) -> Place {
        var target = info
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(file.path, &target) == 0 else {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) ?? "?"
                return .unavailable(file, reason: "it is a link to \(destination), which is not there (a drive not mounted, "
                                        + "or a synced folder not yet there?)")
            }
        }
        if let kind = AtomicFile.kind(of: target.st_mode) {
            return .unavailable(file, reason: "it is \(kind), not a pins file")
        }
        return target.st_mode & 0o222 == 0 ? .readOnly(file) : .ready(file)
    }

    /// Why the pins folder cannot be made, when one of the folders it would
    /// be made in is missing for a reason a new folder would hide; nil when
    /// it is there or may be made.
    private static func missingFolder(_ folder: URL, base: URL, explicitBase: Bool) -> String? {
        // A dangling link anywhere on the way: its target is what the user wants written.
        var path = folder.path
        while path != "/" && !path.isEmpty {
            var info = stat(), target = stat()
            if lstat(path, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK && stat(path, &target) != 0 {
                    let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    return "its folder \(path) is a link to \(destination), which is not there (a drive not mounted?)"
                }
                if info.st_mode & S_IFMT != S_IFLNK && info.st_mode & S_IFMT != S_IFDIR {
                    return "\(path) is not a folder"
                }
            }
            path = (path as NSString).deletingLastPathComponent
        }
        // A data folder the user named whose parent is not there either is a drive not mounted,
        // not a folder to make (the XDG spec makes a missing folder, not a missing tree).
        var info = stat()
        if explicitBase && stat(base.path, &info) != 0 && stat(base.deletingLastPathComponent().path, &info) != 0 {
            return "XDG_DATA_HOME names \(base.path), which is not there, nor its folder (a drive not mounted?)"
        }
        return nil
    }

    static let empty = "{\"type\": \"FeatureCollection\", \"features\": [\n]}\n"
}
