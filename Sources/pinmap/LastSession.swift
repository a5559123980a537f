import Foundation
import Logging
import MapEngine
import MapKitLayer
import FileAccess

/// Where a window was when it closed, and the files opened lately, kept in
/// `$XDG_STATE_HOME/pinmap/last-session.json` (by default
/// `~/.local/state/pinmap/`). A plain `pinmap` (no files, no view flags)
/// opens at that view. Nothing given on a command line carries over: not
/// `--language`, `--style` or `--tiles`, not the files opened (they join the
/// recent files instead: the F1 card lists them and Ctrl+1 … 9 open them).
/// Settings the user keeps live in `settings.json`. Keys an older pinmap
/// wrote (tiles, style, language, files) are read past.
/// The file is written whole or not at all; one that cannot be read is
/// named in a warning and the window opens as if it were not there.
struct LastSession: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    /// In points, as `--zoom` counts.
    var zoom: Double
    var heading: Double
    var pitch: Double
    /// Files opened lately (pins, tracks, maps, styles), most recent first, at most `mostRecent`.
    var recent: [String]? = nil

    /// How many recent files are kept.
    static let mostRecent = 9

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
            let session = try LastSession(json: try FileReader.read(file.path, limit: largestFile))
            try session.check()
            return session
        } catch {
            let reason = (error as? UsageError)?.description ?? (error as? FileReadError)?.reason
                ?? "not a session pinmap wrote (\(error))"
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
        guard (recent ?? []).count <= 100 else { throw UsageError("it names \((recent ?? []).count) recent files, more than 100") }
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
    /// These flags with the last session's view when they name no file and
    /// no view (`--center`, `--zoom`, `--bearing`, `--pitch`): only a plain
    /// start returns to it; files given now are fitted on screen.
    func restoring(_ last: LastSession, logger: Logger) -> MapArguments {
        var restored = self
        let opensFiles = tiles != nil || style != nil || !pins.isEmpty || !openedPins.isEmpty
        if !opensFiles, center == nil, zoom == nil, bearing == nil, pitch == nil {
            restored.center = "\(last.latitude),\(last.longitude)"
            restored.zoom = String(last.zoom)
            restored.bearing = String(last.heading)
            restored.pitch = String(last.pitch)
        }
        return restored
    }
}

extension LastSession {
    /// The recent files with `opened` (most recent last) put first, each
    /// once, those no longer there left out, at most `mostRecent`.
    func recent(adding opened: [String]) -> [String] {
        var list: [String] = []
        for path in opened.reversed() + (recent ?? []) where !list.contains(path) && !path.contains("://")
            && !["light", "dark"].contains(path) && FileManager.default.fileExists(atPath: path) {
            list.append(path)
        }
        return Array(list.prefix(LastSession.mostRecent))
    }
}

extension LastSession {
    /// The session a file's JSON holds, read by the engine's JSON reader;
    /// throws, saying what, for a file that is not one. Unknown keys are passed over.
    init(json bytes: [UInt8]) throws {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw UsageError("not a session pinmap wrote (\(error))")
        }
        guard case .object = node.value else { throw UsageError("not a session pinmap wrote (not a JSON object)") }
        func number(_ key: String) throws -> Double {
            guard let member = node[key] else { throw UsageError("not a session pinmap wrote (no \"\(key)\")") }
            guard let value = member.number else { throw UsageError("its \(key) is \(member.kindDescription), not a number") }
            return value
        }
        latitude = try number("latitude")
        longitude = try number("longitude")
        zoom = try number("zoom")
        heading = try number("heading")
        pitch = try number("pitch")
        guard let list = node["recent"] else { return }
        switch list.value {
        case .null:
            break
        case .array(let elements):
            recent = try elements.map { element in
                guard let path = element.string else { throw UsageError("a recent file is \(element.kindDescription), not a path") }
                return path
            }
        default:
            throw UsageError("its recent files are \(list.kindDescription), not a list")
        }
    }
}
