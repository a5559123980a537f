import ArgumentParser
import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import FileAccess

/// `pinmap geocode LAT LON`: prints what a placemark pin there would read.
/// `pinmap geocode --search TEXT`: prints the places the map's search lists.
struct GeocodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract: "Print the place name of a coordinate, as a placemark pin's subtitle reads it, or with --search "
            + "the places a name finds, best first (offline, GeoNames)."
    )

    @Option(help: ArgumentHelp("Print up to 8 places whose name is or starts with TEXT, one a line: "
                                   + "\"Place, Region, CC<tab>lat,lon\".", valueName: "TEXT"))
    var search: String?

    // Taken as text, so that negative numbers are not mistaken for options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Latitude and longitude in degrees.",
                                                             valueName: "lat lon"))
    var values: [String] = []

    func run() throws {
        let values = self.values.filter { $0 != "--" }
        if let search {
            guard values.isEmpty else { throw UsageError("geocode: --search takes no coordinate") }
            let finder = PlaceSearch(try GeocodeCommand.gazetteer())
            var lines = ""
            for place in finder.matches(for: search) {
                let c = place.coordinate
                lines += "\(ScriptText.escaped(place.label))\t\(c.latitude),\(c.longitude)\n"
            }
            FileHandle.standardOutput.write(Data(lines.utf8))
            return
        }
        guard values.count == 2 else {
            throw UsageError("geocode: expected a latitude and a longitude, e.g. pinmap geocode 37.81 -122.478 "
                                 + "(got \(values.count) value\(values.count == 1 ? "" : "s"))")
        }
        guard let latitude = DecimalText.parse(values[0]), latitude.isFinite else {
            throw UsageError("geocode: latitude \"\(values[0])\" is not a number")
        }
        guard let longitude = DecimalText.parse(values[1]), longitude.isFinite else {
            throw UsageError("geocode: longitude \"\(values[1])\" is not a number")
        }
        guard (-90...90).contains(latitude) else {
            throw UsageError("geocode: latitude \(values[0]) is outside -90...90")
        }
        guard (-180...180).contains(longitude) else {
            throw UsageError("geocode: longitude \(values[1]) is outside -180...180")
        }
        let gazetteer = try GeocodeCommand.gazetteer()
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let text = gazetteer.describe(coordinate) ?? coordinate.displayText
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func gazetteer() throws -> Gazetteer {
        do {
            return try Gazetteer.load(from: PinmapResources.gazetteer, files: DiskFiles())
        } catch {
            throw RunError(error.description)
        }
    }
}
