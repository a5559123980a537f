import MapEngine

/// A GPX file as a pins document: its waypoints are the features (each
/// element a `wpt`), and pins dropped on the map are written as waypoints.
extension PinDocument {
    /// A GPX file as pins: one per waypoint, each element a `wpt`.
    static func parseGPX(_ bytes: [UInt8], file: String) throws(PinFileError) -> PinDocument {
        let gpx = try GPXDocument.parse(bytes, file: file)
        var ranges = ByteRanges()
        for waypoint in gpx.waypoints { ranges.append(waypoint.element) }
        let features = gpx.waypoints.enumerated().map { index, waypoint in
            PinFeature(waypoint: waypoint, index: index, bytes: bytes, isDraggable: gpx.waypointsAreEditable)
        }
        return PinDocument(file: file, bytes: bytes, features: features, shapes: [], warnings: gpx.warnings,
                           elementRanges: ranges, featuresEnd: gpx.layout.insertion, gpx: gpx)
    }

    /// A pin dropped on the map as an element of this file: a GeoJSON
    /// feature, or a GPX `wpt` (named, its note or else its looked-up place
    /// as `desc`, the place only when place names are saved, with a purple flag).
    @MainActor
    func elementText(_ pin: PointAnnotation, at coordinate: Coordinate, placeNames: Bool) -> [UInt8] {
        guard gpx != nil else { return Array(PinDocument.featureText(pin, at: coordinate, placeNames: placeNames).utf8) }
        var children = ""
        if let title = pin.title { children += "<name>\(PinDocument.xmlEscaped(title))</name>" }
        // Its note is its description; without one, its looked-up place when place names are saved.
        if let note = pin.placemarkNote, !note.isEmpty {
            children += "<desc>\(PinDocument.xmlEscaped(note))</desc>"
        } else if placeNames, let name = pin.subtitle, name != pin.coordinate.displayText {
            children += "<desc>\(PinDocument.xmlEscaped(name))</desc>"
        }
        return Array(("<wpt lat=\"\(format(coordinate.latitude))\" lon=\"\(format(coordinate.longitude))\">"
            + children + "<sym>Flag, Purple</sym></wpt>").utf8)
    }

    /// `text` with XML's five special characters escaped.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
