import Foundation
import MapEngine
import MapKitLayer

/// `pinmap gpx --json`: the summary as one JSON object, written with
/// JSONEncoder (JSONSerialization took 6 s for 50,000 tracks). A figure
/// that is not a finite number is `null`, never a trap.
extension GPXSummary {
    func json() -> String {
        var object: [String: StyleJSON] = [
            "file": StyleJSON(text: gpx.file), "version": StyleJSON(text: gpx.version), "name": StyleJSON(text: gpx.name),
            "waypoints": .number(Double(gpx.waypoints.count)), "routes": .number(Double(gpx.routes.count)), "route_points": .number(Double(routes.points)),
            "tracks": .number(Double(gpx.tracks.count)), "segments": .number(Double(gpx.tracks.reduce(0) { $0 + $1.segments.count })),
            "track_points": .number(Double(tracks.points)),
            "length_m": GPXSummary.figure(tracks.length + routes.length), "track_length_m": GPXSummary.figure(tracks.length),
            "route_length_m": GPXSummary.figure(routes.length),
        ]
        object.merge(GPXSummary.figures(tracks)) { _, new in new }
        object["bounds"] = bounds.map { bounds in
            .object(["south": .number(bounds.south), "west": .number(bounds.west), "north": .number(bounds.north),
                     "east": .number(bounds.east)])
        } ?? .null
        object["track_list"] = .array(zip(gpx.tracks, perTrack).map { track, stats in
            var entry: [String: StyleJSON] = ["name": StyleJSON(text: track.name), "segments": .number(Double(track.segments.count)),
                                               "points": .number(Double(stats.points)), "length_m": GPXSummary.figure(stats.length)]
            entry.merge(GPXSummary.figures(stats)) { _, new in new }
            return .object(entry)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Nothing in the object can fail to encode: every number is finite or null.
        let data = (try? encoder.encode(StyleJSON.object(object))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// To the millimetre (or millisecond): no float noise in the output;
    /// null when absent or not a finite number.
    static func figure(_ value: Double?) -> StyleJSON {
        guard let value else { return .null }
        let rounded = (value * 1000).rounded() / 1000
        return rounded.isFinite ? .number(rounded) : .null
    }

    static func figures(_ stats: TrackStatistics) -> [String: StyleJSON] {
        ["climb_m": GPXSummary.figure(stats.climb), "descent_m": GPXSummary.figure(stats.descent),
         "duration_s": GPXSummary.figure(stats.duration), "moving_s": GPXSummary.figure(stats.movingTime), "max_speed_mps": GPXSummary.figure(stats.maximumSpeed),
         "min_elevation_m": GPXSummary.figure(stats.elevationRange?.lowerBound), "max_elevation_m": GPXSummary.figure(stats.elevationRange?.upperBound)]
    }
}

extension StyleJSON {
    /// Text, or null when there is none.
    init(text: String?) { self = text.map { .string($0) } ?? .null }
}
