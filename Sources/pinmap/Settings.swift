import Foundation
import MapCore

/// The user's settings, `$XDG_CONFIG_HOME/pinmap/settings.json` (by default
/// `~/.config/pinmap/settings.json`): what a window opens with when no flag
/// says otherwise.
///
///     {"style": "dark", "language": "de", "units": "imperial", "appearance": "auto",
///      "location": "47.37,8.54", "tileCacheMB": 512, "streetTiles": "https://tiles.openfreemap.org/planet"}
///
/// A setting that is not known, or a value out of range, stops pinmap with
/// one line naming the file and the setting.
struct Settings: Equatable {
    var style: String?
    var language: String?
    var units: String?
    var appearance: String?
    var location: String?
    var tileCacheMB: Int?
    var streetTiles: String?

    /// The settings pinmap knows, as they are spelled in the file.
    static let known = ["appearance", "language", "location", "streetTiles", "style", "tileCacheMB", "units"]

    /// The most bytes of the file read: settings are a few lines.
    static let largestFile = 1 << 16

    /// The file, in the XDG config folder.
    static func file(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGFolder.config(environment).appendingPathComponent("pinmap/settings.json")
    }

    /// The settings in `file`: none when it is not there; a `UsageError`
    /// naming the file for one that cannot be read, is not a JSON object,
    /// or holds a setting unknown or out of range.
    static func load(from file: URL = Settings.file()) throws -> Settings {
        guard FileManager.default.fileExists(atPath: file.path) else { return Settings() }
        func refuse(_ reason: String) -> UsageError { UsageError("\(file.path): \(reason)") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard ((attributes?[.size] as? NSNumber)?.intValue ?? 0) <= largestFile else {
            throw refuse("larger than \(largestFile) bytes: not a settings file")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw refuse("cannot be read") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw refuse("not a JSON object of settings, such as {\"style\": \"dark\"}")
        }
        for key in object.keys.sorted() where !known.contains(key) {
            throw refuse("unknown setting \"\(key)\" (known: \(known.joined(separator: ", ")))")
        }
        func text(_ key: String, allowed: [String]? = nil) throws -> String? {
            guard let value = object[key] else { return nil }
            guard let string = value as? String, !string.isEmpty else { throw refuse("\"\(key)\" must be a text") }
            if let allowed, !allowed.contains(string) {
                throw refuse("\"\(key)\" is \"\(string)\", not \(allowed.joined(separator: ", "))")
            }
            return string
        }
        var settings = Settings()
        settings.style = try text("style")
        settings.units = try text("units", allowed: ["metric", "imperial"])
        settings.appearance = try text("appearance", allowed: ["auto", "light", "dark"])
        settings.language = try text("language")
        if let language = settings.language, NameLanguage(language) == nil {
            throw refuse("\"language\" is \"\(language)\", not a language code such as de or ja, or local")
        }
        settings.location = try text("location")
        if let location = settings.location, (try? Coordinate.parse(location)) == nil {
            throw refuse("\"location\" is \"\(location)\", not LAT,LON in degrees")
        }
        settings.streetTiles = try text("streetTiles")
        if let address = settings.streetTiles, address.lowercased() != "none",
           !["http://", "https://"].contains(where: { address.lowercased().hasPrefix($0) }) {
            throw refuse("\"streetTiles\" is \"\(address)\", not an http(s) address of a TileJSON or of {z}/{x}/{y} tiles, or none")
        }
        if let value = object["tileCacheMB"] {
            guard let megabytes = value as? Int, (1...65_536).contains(megabytes) else {
                throw refuse("\"tileCacheMB\" must be a whole number of megabytes from 1 to 65536")
            }
            settings.tileCacheMB = megabytes
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
        return applied
    }
}
