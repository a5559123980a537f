import Foundation
import MapEngine
import MapKitLayer
import MapSDL

/// The map's flags in a recording's header (`--record`): what a replay
/// needs to open the same view, as resolved for this run (the opening
/// centre and zoom in full, paths made absolute so a replay may run from
/// another folder). `MapArguments.parse` reads them back.
extension MapArguments {
    /// `pinsCopy` is where the pins file was copied as the session began:
    /// the window saves its drops into the original, and a replay must
    /// start from the pins as they were.
    func recordedFlags(_ options: MapOptions, pinsCopy: String?) -> [String] {
        // A value that may start with a minus is joined to its flag, or it would read as a flag.
        var flags = ["--center=\(options.center.latitude),\(options.center.longitude)",
                     "--zoom", "\(options.zoom)", "--bearing=\(options.heading)", "--pitch", "\(options.pitch)"]
        if northUp { flags.append("--north-up") }
        if let tiles { flags += ["--tiles", tiles.contains("://") ? tiles : Self.absolute(tiles)] }
        if tms { flags.append("--tms") }
        if let tileSubdomains { flags += ["--tile-subdomains", tileSubdomains] }
        if tiles != nil { flags += ["--tile-max-zoom", String(tileMaxZoom)] }
        if let attribution { flags += ["--attribution", attribution] }
        for (i, file) in pins.enumerated() { flags += ["--pins", i == 0 ? pinsCopy ?? Self.absolute(file) : Self.absolute(file)] }
        // Files named without a flag (`pinmap ride.gpx`), and the style, open again in the replay.
        for file in openedPins { flags += ["--open", Self.absolute(file)] }
        if let style { flags += ["--style", style.contains("://") || ["light", "dark"].contains(style) ? style : Self.absolute(style)] }
        if let colorBy { flags += ["--color-by", colorBy] }
        if noPins { flags.append("--no-pins") }
        if cluster { flags.append("--cluster") }
        if let callouts { flags += ["--callouts", Self.absolute(callouts)] }
        if let location { flags.append("--location=\(location)") }
        if dropAtLocation && location != nil { flags.append("--drop-at-location") }
        if showTouches { flags.append("--show-touches") }
        if noControls { flags.append("--no-controls") }
        if units != "metric" { flags += ["--units", units] }
        if showPosition { flags.append("--show-position") }
        return flags
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The flags `recordedFlags` writes, with whether each takes a value:
    /// the only ones a recording may carry.
    static let recordable: [String: Bool] = [
        "--center": true, "--zoom": true, "--bearing": true, "--pitch": true, "--north-up": false, "--tiles": true, "--tms": false, "--tile-subdomains": true,
        "--tile-max-zoom": true, "--attribution": true, "--pins": true, "--color-by": true, "--no-pins": false, "--cluster": false,
        "--callouts": true, "--location": true, "--drop-at-location": false, "--show-touches": false,
        "--no-controls": false, "--units": true, "--show-position": false, "--open": true, "--style": true,
    ]

    /// No recording's header carries more flags than this (one carries fewer than 30).
    static let mostRecordedFlags = 100

    /// The arguments a recording was made with, at its window's size and
    /// scale, to replay it headless. A recording is someone else's file:
    /// it may carry only the flags a recording writes, and every problem
    /// with them is said as the recording's.
    static func replaying(_ recording: Script.Recording, file: String) throws -> MapArguments {
        // A file opened without a flag was recorded as `--open PATH`; it is named without one again.
        let flags = try checkRecorded(recording.flags, file: file).map { word in
            word.hasPrefix("--open=") ? String(word.dropFirst("--open=".count)) : word
        }
        var arguments: MapArguments
        do {
            arguments = try MapArguments.parse(flags)
            try arguments.absorbFiles()
        } catch {
            throw UsageError("\(file): its recorded flags cannot be read: \(MapArguments.message(for: error))")
        }
        // The recording keeps the window's pixels; --size counts points.
        let perPoint = recording.scale == 2 ? 2.0 : 1.0
        let size = "\(Int(min(recording.size.width / perPoint, 1e9)))x\(Int(min(recording.size.height / perPoint, 1e9)))"
        do {
            _ = try MapArguments.parseSize(size)
        } catch {
            throw UsageError("\(file): its recorded window size \(size) is out of range (each side 16 to 8192 pixels)")
        }
        arguments.size = size
        arguments.scale = recording.scale
        arguments.recordingFile = file
        return arguments
    }

    /// The flags, checked, each value joined to its flag (`--center=-33.9,151.2`:
    /// a value that starts with a minus is not taken for a flag).
    private static func checkRecorded(_ flags: [String], file: String) throws -> [String] {
        guard flags.count <= mostRecordedFlags else {
            throw UsageError("\(file): its recorded flags are \(flags.count) words; a recording carries at most \(mostRecordedFlags)")
        }
        var index = 0, joined: [String] = []
        while index < flags.count {
            let word = flags[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let takesValue = recordable[name] else {
                let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
                throw UsageError("\(file): its recorded flags: \"\(shown)\" is not a flag a recording carries")
            }
            if takesValue && !word.contains("=") {
                guard index + 1 < flags.count else { throw UsageError("\(file): its recorded flags: \(word) has no value") }
                joined.append("\(word)=\(flags[index + 1])")
                index += 2
            } else {
                joined.append(word)
                index += 1
            }
        }
        return joined
    }

    /// Runs `body`, saying any usage problem as the recording's.
    func asRecorded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as UsageError {
            guard let recordingFile, !error.description.hasPrefix(recordingFile) else { throw error }
            throw UsageError("\(recordingFile): its recorded flags: \(error.description)")
        }
    }
}
