import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import FileAccess

/// `pinmap FILE…`: files named without a flag, as a file manager's "Open
/// with" or a shell hands them over, each taken for what it is.
extension MapArguments {
    /// What a file given without a flag is opened as.
    enum FileRole: Equatable {
        /// Pins, lines and areas (`--pins`).
        case pins
        /// The map itself (`--tiles`).
        case tiles
        /// The style to draw the map with (`--style`).
        case style
    }

    /// A style file is read whole to tell it from GeoJSON; past this size a
    /// `.json` file is taken for GeoJSON unread (styles are far smaller).
    static let largestStyleFile = 8 << 20

    /// The files named without a flag, put where their flags would have
    /// put them: pins beside any --pins (dropped pins still go to the
    /// --pins file, or one's own), the map and the style only when no flag
    /// names one.
    mutating func absorbFiles() throws {
        guard !files.isEmpty else { return }
        var tilesFound: [String] = [], stylesFound: [String] = []
        for file in files {
            switch try Self.role(of: file) {
            case .pins: openedPins.append(file)
            case .tiles: tilesFound.append(file)
            case .style: stylesFound.append(file)
            }
        }
        guard tilesFound.count <= 1, stylesFound.count <= 1 else {
            let (kind, found) = tilesFound.count > 1 ? ("maps", tilesFound) : ("styles", stylesFound)
            throw UsageError("\(found.joined(separator: ", ")): pinmap shows one map at a time, and these are all \(kind)")
        }
        if let found = tilesFound.first {
            guard tiles == nil else { throw UsageError("\(found): --tiles already names the map (\(tiles!))") }
            tiles = found
        }
        if let found = stylesFound.first {
            guard style == nil else { throw UsageError("\(found): --style already names the style (\(style!))") }
            style = found
        }
        files = []
    }

    /// What `file` is, by its name and, for `.json`, its content.
    static func role(of file: String) throws -> FileRole {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw UsageError("\(file): no such file")
        }
        if isFolder.boolValue { return .tiles }  // a folder of {z}/{x}/{y} tiles
        switch URL(fileURLWithPath: file).pathExtension.lowercased() {
        case "gpx", "geojson": return .pins
        case "mbtiles", "pmtiles": return .tiles
        case "json": return try isStyle(file) ? .style : .pins
        default:
            throw UsageError("\(file): not a file pinmap opens (.gpx, .geojson, .json, .mbtiles, .pmtiles or a tile folder)")
        }
    }

    /// Whether a `.json` file is a MapLibre style (an object with `version`
    /// and `layers`) rather than GeoJSON: a GeoJSON `type` (a
    /// FeatureCollection with other members beside) makes it GeoJSON, as
    /// GeoJSON allows members of its own. A FIFO or a device is neither.
    private static func isStyle(_ file: String) throws -> Bool {
        var info = stat()
        if stat(file, &info) == 0, let kind = AtomicFile.kind(of: info.st_mode) { throw UsageError("\(file): it is \(kind), not a file to open") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue, size <= largestStyleFile else { return false }
        guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("\(file): cannot be read") }
        guard let object = try? JSONParser.parse(Array(data)) else { return false }  // GeoJSON's reader says what is wrong
        let geoJSONTypes: Set<String> = ["FeatureCollection", "Feature", "Point", "MultiPoint", "LineString", "MultiLineString",
                                         "Polygon", "MultiPolygon", "GeometryCollection"]
        if case .string(let type)? = object["type"]?.value, geoJSONTypes.contains(type) { return false }
        return object["version"] != nil && object["layers"] != nil
    }
}

extension MapArguments {
    /// The window's title: what is open, then the app, as desktop apps
    /// name a document ("walk.gpx · town.mbtiles — pinmap"); "pinmap" over
    /// the embedded world and one's own pins.
    var windowTitle: String {
        func name(_ place: String) -> String {
            if place.contains("://"), let url = URL(string: place) {
                return url.host.map { url.pathExtension == "json" ? url.lastPathComponent : $0 } ?? place
            }
            return URL(fileURLWithPath: place).lastPathComponent
        }
        var names = (pins + openedPins).map(name)
        if let tiles { names.append(name(tiles)) }
        if let style, PinmapResources.worldStyle(style) == nil || FileManager.default.fileExists(atPath: style) {
            names.append(name(style))
        }
        return names.isEmpty ? "pinmap" : names.joined(separator: " · ") + " — pinmap"
    }
}
