import Foundation
import MapCore
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
        var flags = ["--center", "\(options.center.latitude),\(options.center.longitude)",
                     "--zoom", "\(options.zoom)"]
        if let tiles { flags += ["--tiles", tiles.contains("://") ? tiles : Self.absolute(tiles)] }
        if tms { flags.append("--tms") }
        if let tileSubdomains { flags += ["--tile-subdomains", tileSubdomains] }
        if tiles != nil { flags += ["--tile-max-zoom", String(tileMaxZoom)] }
        if let attribution { flags += ["--attribution", attribution] }
        if let pins = pinsCopy ?? pins { flags += ["--pins", Self.absolute(pins)] }
        if noPins { flags.append("--no-pins") }
        if cluster { flags.append("--cluster") }
        if let callouts { flags += ["--callouts", Self.absolute(callouts)] }
        if let location { flags += ["--location", location] }
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

    /// The arguments a recording was made with, at its window's size and
    /// scale, to replay it headless.
    static func replaying(_ recording: Script.Recording, file: String) throws -> MapArguments {
        var arguments: MapArguments
        do {
            arguments = try MapArguments.parse(recording.flags)
        } catch {
            throw UsageError("\(file): its recorded flags cannot be read: \(MapArguments.message(for: error))")
        }
        arguments.size = "\(Int(recording.size.width))x\(Int(recording.size.height))"
        arguments.scale = recording.scale
        return arguments
    }
}
