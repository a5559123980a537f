import Foundation

/// Why a pins file could not be read or written. Each message is one line
/// that starts with the file's name.
///
///     do { _ = try PinDocument.load(from: URL(fileURLWithPath: "pins.geojson")) } catch { print(error) }   // the file, the place, the reason
public enum PinFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read; the reason says why.
    case unreadable(file: String, reason: String)
    /// Not JSON at all: where the text goes wrong.
    case syntax(file: String, line: Int, column: Int, reason: String)
    /// JSON, but not a GeoJSON FeatureCollection.
    case notFeatureCollection(file: String, reason: String)
    /// A feature that cannot be read (not an object, say); `id` is its
    /// `id` member, when it has one, naming it beside its place.
    case badFeature(file: String, index: Int, id: String? = nil, reason: String)
    /// A feature whose coordinates are missing, mistyped, NaN or out of range.
    case badCoordinates(file: String, index: Int, id: String? = nil, reason: String)
    /// A GPX file that is not well-formed XML, or whose points cannot be
    /// read: where, and why.
    case xml(file: String, line: Int, column: Int, reason: String)
    /// The file could not be written; the reason says why.
    case unwritable(file: String, reason: String)
    /// Another program changed the file while pinmap ran, in a way the
    /// session's edit cannot be laid onto; the session's version was saved
    /// beside it.
    case conflict(file: String, savedAs: String, reason: String)

    /// The file and what went wrong, on one line.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot be read: \(reason)"
        case .syntax(let file, let line, let column, let reason): return "\(file):\(line):\(column): \(reason)"
        case .notFeatureCollection(let file, let reason): return "\(file): not a GeoJSON FeatureCollection: \(reason)"
        case .badFeature(let file, let index, let id, let reason):
            return "\(file): \(PinFileError.feature(index, id)): \(reason)"
        case .badCoordinates(let file, let index, let id, let reason):
            return "\(file): \(PinFileError.feature(index, id)): bad coordinates: \(reason)"
        case .xml(let file, let line, let column, let reason): return "\(file):\(line):\(column): \(reason)"
        case .unwritable(let file, let reason): return "\(file): cannot be written: \(reason)"
        case .conflict(let file, let savedAs, let reason):
            return "\(file): changed on disk by another program (\(reason)); left as it is, "
                + "your version is in \(savedAs)"
        }
    }

    /// The message without a word of the file's content (no quoted
    /// character or value): for a file that someone else's recording named,
    /// which may be any file on the machine.
    public var contentFreeDescription: String {
        switch self {
        case .syntax(let file, let line, let column, _): return "\(file):\(line):\(column): not JSON"
        case .notFeatureCollection(let file, _): return "\(file): not a GeoJSON FeatureCollection"
        case .badFeature(let file, let index, _, _): return "\(file): feature \(index) cannot be read"
        case .badCoordinates(let file, let index, _, _): return "\(file): feature \(index): bad coordinates"
        case .xml(let file, let line, let column, _): return "\(file):\(line):\(column): not GPX that can be read"
        case .unreadable, .unwritable, .conflict: return description
        }
    }

    /// "feature 1", or "feature 1 (id "AK")" for one with an id.
    static func feature(_ index: Int, _ id: String?) -> String {
        guard let id else { return "feature \(index)" }
        return "feature \(index) (id \"\(id.count > 60 ? String(id.prefix(60)) + "…" : id)\")"
    }

    /// The message for the map, where there is room for one short line:
    /// the file's name without its folder.
    public var shortDescription: String {
        switch self {
        case .conflict(let file, let savedAs, _):
            let name = (file as NSString).lastPathComponent
            return "\(name) was changed elsewhere, that pin too: yours is in \((savedAs as NSString).lastPathComponent)"
        case .unreadable(let file, _), .syntax(let file, _, _, _), .notFeatureCollection(let file, _),
             .badFeature(let file, _, _, _), .badCoordinates(let file, _, _, _), .unwritable(let file, _),
             .xml(let file, _, _, _):
            return description.replacingOccurrences(of: file, with: (file as NSString).lastPathComponent)
        }
    }
}
