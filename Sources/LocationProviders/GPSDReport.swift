import MapEngine
import MapKitLayer

/// One line from gpsd, as far as a map cares: a TPV (time-position-
/// velocity) report with or without a position, or anything else.
///
/// gpsd's JSON protocol sends one object per line; TPV objects carry
/// `mode` (0 or 1: no fix, 2: 2-D, 3: 3-D), `lat`, `lon` and error
/// estimates in metres at 95 % confidence (`eph`, or `epx` and `epy`).
enum GPSDReport: Equatable {
    case position(LocationFix)
    case noFix
    /// Another class (VERSION, DEVICES, WATCH, SKY…), or a line that is not
    /// JSON at all: the client skips it.
    case ignored

    init(line: String) {
        guard let root = try? JSONParser.parse(Array(line.utf8)), root["class"]?.string == "TPV" else {
            self = .ignored
            return
        }
        func number(_ key: String) -> Double? {
            if case .number(let value, _)? = root[key]?.value, value.isFinite { return value }
            return nil
        }
        guard let mode = number("mode"), mode >= 2, let lat = number("lat"), let lon = number("lon"),
              (-90...90).contains(lat), (-180...180).contains(lon) else {
            self = .noFix
            return
        }
        var accuracy = number("eph")
        if accuracy == nil, let x = number("epx"), let y = number("epy") { accuracy = max(x, y) }
        self = .position(LocationFix(coordinate: Coordinate(latitude: lat, longitude: lon), accuracy: accuracy))
    }
}
