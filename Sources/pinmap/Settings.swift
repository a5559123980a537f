import Foundation
import Logging
import MapEngine
import MapKitLayer
import FileAccess

/// The user's settings, `$XDG_CONFIG_HOME/pinmap/settings.json` (by default
/// `~/.config/pinmap/settings.json`): what a window opens with when no flag
/// says otherwise.
///
///     {"style": "dark", "language": "de", "units": "imperial", "appearance": "auto",
///      "location": "47.37,8.54", "tileCacheMB": 512, "streetTiles": "https://tiles.openfreemap.org/planet",
///      "areaMaxTiles": 30000}
///
/// A setting that is not known, a value out of range, or a style that
/// cannot be opened is passed over with one warning naming the file and
/// the setting, and the window opens.
struct Settings: Equatable {
    var style: String?
    var language: String?
    var units: String?
    var appearance: String?
    var location: String?
    var tileCacheMB: Int?
    var streetTiles: String?
    /// The most tiles an area downloaded for offline use may have (30,000 unless set).
    var areaMaxTiles: Int?

    /// The settings pinmap knows, as they are spelled in the file.
    static let known = ["appearance", "areaMaxTiles", "language", "location", "streetTiles", "style", "tileCacheMB", "units"]

    /// The most bytes of the file read: settings are a few lines.
    static let largestFile = 1 << 16

    /// The file, in the XDG config folder.
    static func file(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGFolder.config(environment).appendingPathComponent("pinmap/settings.json")
    }

    /// The settings in `file`: none when it is not there. A file that
    /// cannot be read or is not a JSON object is passed over whole, and a
    /// setting unknown, out of range or naming what cannot be opened is
    /// passed over alone, each with one warning naming the file and the
    /// setting: the user's own file never keeps the window from opening.
    static func load(from file: URL = Settings.file(), logger: Logger) -> Settings {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return Settings() }
        func warn(_ reason: String) { logger.warning("\(file.path): \(reason); passed over") }
        if let kind = AtomicFile.kind(of: info.st_mode) {
            warn("it is \(kind), not a settings file")
            return Settings()
        }
        guard Int(info.st_size) <= largestFile else {
            warn("larger than \(largestFile) bytes: not a settings file")
            return Settings()
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            warn("it cannot be read")
            return Settings()
        }
        guard let node = try? JSONParser.parse(Array(data)), case .object(let members) = node.value else {
            warn("not a JSON object of settings, such as {\"style\": \"dark\"}")
            return Settings()
        }
        // A repeated key: the last one holds, as in any JSON reader.
        let object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        for key in object.keys.sorted() where !known.contains(key) {
            warn("unknown setting \"\(key)\" (known: \(known.joined(separator: ", ")))")
        }
        func text(_ key: String, allowed: [String]? = nil, check: (String) -> String? = { _ in nil }) -> String? {
            guard let value = object[key] else { return nil }
            guard let string = value.string, !string.isEmpty else {
                warn("\"\(key)\" must be a text")
                return nil
            }
            if let allowed, !allowed.contains(string) {
                warn("\"\(key)\" is \"\(string.prefix(200))\", not \(allowed.joined(separator: ", "))")
                return nil
            }
            if let problem = check(string) {
                warn("\"\(key)\" is \"\(string.prefix(200))\", \(problem)")
                return nil
            }
            return string
        }
        var settings = Settings()
        settings.style = text("style") { style in
            if ["light", "dark"].contains(style) || style.contains("://") { return nil }
            var info = stat()
            guard stat(style, &info) == 0 else { return "a style file that is not there" }
            if let kind = AtomicFile.kind(of: info.st_mode) { return "\(kind), not a style file" }
            return nil
        }
        settings.units = text("units", allowed: ["metric", "imperial"])
        settings.appearance = text("appearance", allowed: ["auto", "light", "dark"])
        settings.language = text("language") {
            NameLanguage($0) == nil ? "not a language code such as de or ja, or local" : nil
        }
        settings.location = text("location") {
            (try? Coordinate.parse($0)) == nil ? "not LAT,LON in degrees" : nil
        }
        settings.streetTiles = text("streetTiles") { address in
            address.lowercased() == "none" || ["http://", "https://"].contains(where: { address.lowercased().hasPrefix($0) })
                ? nil : "not an http(s) address of a TileJSON or of {z}/{x}/{y} tiles, or none"
        }
        if let value = object["tileCacheMB"] {
            if let megabytes = value.number, megabytes == megabytes.rounded(), (1...65_536).contains(megabytes) {
                settings.tileCacheMB = Int(megabytes)
            } else {
                warn("\"tileCacheMB\" must be a whole number of megabytes from 1 to 65536")
            }
        }
        if let value = object["areaMaxTiles"] {
            if let count = value.number, count == count.rounded(), (1...1_000_000).contains(count) {
                settings.areaMaxTiles = Int(count)
            } else {
                warn("\"areaMaxTiles\" must be a whole number of tiles from 1 to 1000000")
            }
        }
        return settings
    }

    /// `arguments` with each setting where no flag gave one (`given` names the flags given).
    func applied(to arguments: MapArguments, given: Set<String>) -> MapArguments {
        var applied = arguments
        if applied.style == nil, applied.tiles == nil, let style { applied.style = style }
        if applied.language == nil, let language { applied.language = language }
        if !given.contains("--units"), let units { applied.units = units }
        if applied.appearance == nil, let appearance { applied.appearance = appearance }
        if applied.location == nil, applied.gpsd == nil, applied.locationSource == nil, let location { applied.location = location }
        if !given.contains("--tile-cache-mb"), let tileCacheMB { applied.tileCacheMB = tileCacheMB }
        if applied.streetTiles == nil, let streetTiles { applied.streetTiles = streetTiles }
        if let areaMaxTiles { applied.areaMaxTiles = areaMaxTiles }
        return applied
    }
}
