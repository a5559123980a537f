import Foundation
import Logging
import MapCore

/// What a window had open when it closed, kept in
/// `$XDG_STATE_HOME/pinmap/last-session.json` (by default
/// `~/.local/state/pinmap/`): its view, map, style and opened files. A
/// window opened without flags that name them opens them again. A language
/// is not kept: `--language` holds for its run, `settings.json` for every
/// run (a language an older pinmap kept is still read).
/// The file is written whole or not at all; one that cannot be read is
/// named in a warning and the window opens as if it were not there.
struct LastSession: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    /// In points, as `--zoom` counts.
    var zoom: Double
    var heading: Double
    var pitch: Double
    var tiles: String?
    var style: String?
    var language: String?
    /// Pins files opened without a flag (`pinmap walk.gpx`, dropped, Ctrl+O).
    var files: [String]

    /// The most bytes of the file read: a session is a few hundred.
    static let largestFile = 1 << 20

    /// The file, in the XDG state folder.
    static func file(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGFolder.state(environment).appendingPathComponent("pinmap/last-session.json")
    }

    /// The session kept in `file`; nil when there is none, or (with a
    /// warning naming the file) when it cannot be read or holds a value out of range.
    static func load(from file: URL = LastSession.file(), logger: Logger) -> LastSession? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        do {
            // A FIFO would block the start, a device never end.
            if let kind = AtomicFile.kind(of: info.st_mode) { throw UsageError("it is \(kind), not a session file") }
            guard Int(info.st_size) <= largestFile else {
                throw UsageError("larger than \(largestFile) bytes")
            }
            let session = try JSONDecoder().decode(LastSession.self, from: Data(contentsOf: file))
            try session.check()
            return session
        } catch {
            let reason = (error as? UsageError)?.description ?? "not a session pinmap wrote (\(error.localizedDescription))"
            logger.warning("\(file.path): \(reason); the window opens without it")
            return nil
        }
    }

    /// Throws, saying which, when a value is not finite or out of range.
    func check() throws {
        let numbers = [("latitude", latitude, -85.06...85.06), ("longitude", longitude, -180.0...180.0),
                       ("zoom", zoom, Camera.zoomLimits), ("heading", heading, -360.0...360.0), ("pitch", pitch, Camera.pitchLimits)]
        for (name, value, range) in numbers where !value.isFinite || !range.contains(value) {
            throw UsageError("its \(name) \(value) is out of range \(range.lowerBound) to \(range.upperBound)")
        }
        guard files.count <= 100 else { throw UsageError("it names \(files.count) files, more than the 100 kept") }
    }

    /// Writes the session to `file` whole or not at all (a temporary file beside it, then renamed).
    func save(to file: URL = LastSession.file()) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(Array(try encoder.encode(self)), to: file.path)
    }
}

extension MapArguments {
    /// These flags with what the last session had open where they name
    /// nothing: its map, style and files when no file, --tiles, --style or
    /// --pins is given; its view only then, and when no --center, --zoom,
    /// --bearing or --pitch is (files given now are fitted on screen); its
    /// language when no --language is. A file no longer there is left out
    /// with a warning.
    func restoring(_ last: LastSession, logger: Logger) -> MapArguments {
        var restored = self
        if tiles == nil, style == nil, pins.isEmpty, openedPins.isEmpty, !noPins {
            func present(_ path: String?, folders: Bool = false) -> String? {
                guard let path else { return nil }
                if path.contains("://") || ["light", "dark"].contains(path) { return path }
                var info = stat()
                guard stat(path, &info) == 0 else {
                    logger.warning("\(LastSession.file().path): it names \(path.prefix(200)), opened last time and no longer there; left out")
                    return nil
                }
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                if let kind = AtomicFile.kind(of: info.st_mode), !(folders && isFolder) {
                    logger.warning("\(LastSession.file().path): it names \(path.prefix(200)), which is \(kind), not a file to open; left out")
                    return nil
                }
                return path
            }
            restored.tiles = present(last.tiles, folders: true)
            restored.style = present(last.style)
            restored.openedPins = last.files.compactMap { present($0) }
        }
        // Only a plain start returns to the last view: files given now are shown where they are.
        let opensFiles = tiles != nil || style != nil || !pins.isEmpty || !openedPins.isEmpty
        if !opensFiles, center == nil, zoom == nil, bearing == nil, pitch == nil {
            restored.center = "\(last.latitude),\(last.longitude)"
            restored.zoom = String(last.zoom)
            restored.bearing = String(last.heading)
            restored.pitch = String(last.pitch)
        }
        if language == nil, let kept = last.language {
            if NameLanguage(kept) != nil {
                restored.language = kept
            } else {
                logger.warning("\(LastSession.file().path): its language \"\(kept.prefix(40))\" is not a language code; left out")
            }
        }
        return restored
    }
}
