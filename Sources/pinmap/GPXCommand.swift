import ArgumentParser
import Foundation
import MapEngine
import MapKitLayer
import FileAccess

/// `pinmap gpx FILE [--json]`: a GPX file's contents and figures, for
/// people and, with `--json`, for scripts.
struct GPXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpx",
        abstract: "Print a GPX file's waypoints, routes and tracks with their length, climb, descent, duration, "
            + "moving time and top speed (--json for scripts)."
    )

    @Argument(help: ArgumentHelp("The GPX 1.0 or 1.1 file.", valueName: "file"))
    var file: String

    @Flag(help: ArgumentHelp("Print one JSON object: waypoints, route_points, tracks, segments, track_points, "
                                 + "length_m, climb_m, descent_m, duration_s, moving_s, max_speed_mps, bounds, "
                                 + "and each track's figures."))
    var json = false

    func run() throws {
        let gpx: GPXDocument
        do {
            gpx = try GPXDocument.load(from: URL(fileURLWithPath: file), files: DiskFiles())
        } catch {
            // The file's fault, as with --pins: exit code 2.
            throw UsageError(error.description)
        }
        for warning in gpx.warnings { FileHandle.standardError.write(Data("pinmap: warning: \(warning)\n".utf8)) }
        let summary = GPXSummary(gpx)
        let text = json ? summary.json() : summary.text()
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// The figures `pinmap gpx` prints: the whole file's, and each track's.
struct GPXSummary {
    let gpx: GPXDocument
    let tracks: TrackStatistics
    let routes: TrackStatistics
    let perTrack: [TrackStatistics]

    init(_ gpx: GPXDocument) {
        self.gpx = gpx
        tracks = TrackStatistics(segments: gpx.tracks.flatMap(\.segments))
        routes = TrackStatistics(segments: gpx.routes.map(\.points))
        perTrack = gpx.tracks.map { TrackStatistics(segments: $0.segments) }
    }

    /// South, west, north and east of every waypoint, route point and track point.
    var bounds: (south: Double, west: Double, north: Double, east: Double)? {
        let corners = [tracks.southWest, tracks.northEast, routes.southWest, routes.northEast].compactMap { $0 }
            + gpx.waypoints.map(\.point.coordinate)
        guard !corners.isEmpty else { return nil }
        return (corners.map(\.latitude).min()!, corners.map(\.longitude).min()!,
                corners.map(\.latitude).max()!, corners.map(\.longitude).max()!)
    }


    func text() -> String {
        var lines = ["\(gpx.file): GPX \(ScriptText.escaped(gpx.version ?? "?"))" + (gpx.name.map { ", \"\(ScriptText.escaped($0))\"" } ?? "")]
        lines.append("\(gpx.waypoints.count) waypoint(s), \(gpx.routes.count) route(s) of \(routes.points) point(s), "
                     + "\(gpx.tracks.count) track(s) of \(tracks.points) point(s)")
        for (track, stats) in zip(gpx.tracks, perTrack) {
            lines.append("track \"\(ScriptText.escaped(track.name ?? "unnamed"))\": " + TrackFigures(stats).line)
        }
        for (route, stats) in zip(gpx.routes, gpx.routes.map { TrackStatistics(segments: [$0.points]) }) {
            lines.append("route \"\(ScriptText.escaped(route.name ?? "unnamed"))\": " + TrackFigures(stats).line)
        }
        return lines.joined(separator: "\n")
    }
}
