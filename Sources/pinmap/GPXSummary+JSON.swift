import Foundation
import MapEngine
import MapKitLayer

/// `pinmap gpx --json`: the summary as one JSON object, written with
/// JSONEncoder (JSONSerialization took 6 s for 50,000 tracks). A figure
/// that is not a finite number is `null`, never a trap.
extension GPXSummary {
    func json() -> String {
        var object: [String: JSONOutput] = [
            "file": .text(gpx.file), "version": .text(gpx.version), "name": .text(gpx.name),
            "waypoints": .count(gpx.waypoints.count), "routes": .count(gpx.routes.count), "route_points": .count(routes.points),
            "tracks": .count(gpx.tracks.count), "segments": .count(gpx.tracks.reduce(0) { $0 + $1.segments.count }),
            "track_points": .count(tracks.points),
            "length_m": .figure(tracks.length + routes.length), "track_length_m": .figure(tracks.length),
            "route_length_m": .figure(routes.length),
        ]
        object.merge(GPXSummary.figures(tracks)) { _, new in new }
        object["bounds"] = bounds.map { bounds in
            .object(["south": .number(bounds.south), "west": .number(bounds.west), "north": .number(bounds.north),
                     "east": .number(bounds.east)])
        } ?? .text(nil)
        object["track_list"] = .array(zip(gpx.tracks, perTrack).map { track, stats in
            var entry: [String: JSONOutput] = ["name": .text(track.name), "segments": .count(track.segments.count),
                                               "points": .count(stats.points), "length_m": .figure(stats.length)]
            entry.merge(GPXSummary.figures(stats)) { _, new in new }
            return .object(entry)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Nothing in the object can fail to encode: every number is finite or null.
        let data = (try? encoder.encode(JSONOutput.object(object))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func figures(_ stats: TrackStatistics) -> [String: JSONOutput] {
        ["climb_m": .figure(stats.climb), "descent_m": .figure(stats.descent),
         "duration_s": .figure(stats.duration), "moving_s": .figure(stats.movingTime), "max_speed_mps": .figure(stats.maximumSpeed),
         "min_elevation_m": .figure(stats.elevationRange?.lowerBound), "max_elevation_m": .figure(stats.elevationRange?.upperBound)]
    }
}

/// A JSON value for the summary.
enum JSONOutput: Encodable {
    case number(Double?)
    case count(Int)
    case text(String?)
    case object([String: JSONOutput])
    case array([JSONOutput])

    /// To the millimetre (or millisecond): no float noise in the output;
    /// null when absent or not a finite number.
    static func figure(_ value: Double?) -> JSONOutput {
        guard let value else { return .number(nil) }
        let rounded = (value * 1000).rounded() / 1000
        return .number(rounded.isFinite ? rounded : nil)
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .number(let value):
            var container = encoder.singleValueContainer()
            if let value, value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case .count(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .text(let value):
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        }
    }
}
