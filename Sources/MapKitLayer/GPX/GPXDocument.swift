import Foundation
import MapEngine

/// A GPX 1.0 or 1.1 file read whole: its waypoints, routes and tracks, and
/// where each waypoint's coordinates sit in the bytes (so a moved waypoint
/// is saved by changing only its `lat` and `lon` attributes).
///
///     let gpx = try GPXDocument.load(from: URL(fileURLWithPath: "ride.gpx"))
///     for track in gpx.tracks { print(track.name ?? "track", TrackStatistics(track).length) }
///
/// Elevation, time and Garmin's TrackPointExtension values (`hr`, `cad`,
/// `atemp`) are read by their local names under any namespace prefix.
public struct GPXDocument: Sendable {
    /// The file's name as given, for messages.
    public let file: String
    /// The file's `version` attribute ("1.0", "1.1"), when it has one.
    public let version: String?
    /// The file's own name (`metadata/name`, or GPX 1.0's `name`).
    public let name: String?
    /// The waypoints (`wpt`), in file order.
    public let waypoints: [GPXWaypoint]
    /// The routes (`rte`), in file order.
    public let routes: [GPXRoute]
    /// The tracks (`trk`), in file order.
    public let tracks: [GPXTrack]
    /// True when every waypoint's `lat` and `lon` were found in the bytes,
    /// so moves can be written back.
    public let waypointsAreEditable: Bool
    /// Where a new waypoint goes.
    let layout: GPXLayout
    /// What was passed over in reading (a DOCTYPE), one line each naming the file and the place.
    public internal(set) var warnings: [String] = []

    /// The largest GPX file read: about two and a half million track points.
    public static let sizeLimit = 256 << 20

    /// Reads the file at `url` (at most `sizeLimit` bytes); every problem names the file, and where in it.
    package static func load(from url: URL, files: any FileStore) throws(PinFileError) -> GPXDocument {
        let bytes: [UInt8]
        do {
            bytes = try files.read(url.path, limit: sizeLimit)
        } catch {
            throw .unreadable(file: url.path, reason: error.reason)
        }
        return try parse(bytes, file: url.path)
    }

    /// Reads GPX from `bytes`; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(PinFileError) -> GPXDocument {
        let layout: GPXLayout
        do {
            layout = try GPXLayout(bytes)
        } catch {
            guard case .entityDeclaration(let offset) = error else { fatalError() }
            let (line, column) = TextPosition(offset: offset, in: bytes).pair
            throw .xml(file: file, line: line, column: column, reason: "entity declarations are not read (no DTD entities in GPX)")
        }
        let reader = GPXReader()
        do {
            try reader.read(bytes)
        } catch {
            throw .xml(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        let editable = layout.waypoints.count == reader.waypoints.count
            && layout.waypoints.allSatisfy { $0.latitude != nil && $0.longitude != nil }
        let waypoints = reader.waypoints.enumerated().map { i, read in
            let place = editable ? layout.waypoints[i] : nil
            return GPXWaypoint(point: read.point, name: read.name, description: read.description, symbol: read.symbol,
                               element: place?.element ?? 0..<0, latitudeRange: place?.latitude ?? 0..<0,
                               longitudeRange: place?.longitude ?? 0..<0)
        }
        var document = GPXDocument(file: file, version: reader.version, name: reader.name, waypoints: waypoints,
                                   routes: reader.routes, tracks: reader.tracks, waypointsAreEditable: editable, layout: layout)
        document.warnings = GPXDoctype.note(bytes, file: file).map { [$0] } ?? []
        return document
    }

    /// True when `bytes` look like XML rather than JSON: the first thing
    /// after any byte-order mark and spaces is `<`.
    public static func looksLikeXML(_ bytes: some Collection<UInt8>) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { !GPXLayout.isSpace($0) } == UInt8(ascii: "<")
    }
}
