/// A GeoJSON feature that is a line or an area (LineString, MultiLineString,
/// Polygon, MultiPolygon, or a GeometryCollection of them), with its
/// simplestyle-spec 1.1 look. It is drawn as an overlay and written back
/// untouched: only its bytes' place in the file is kept.
///
///     let shape = try ShapeFeature.read(elementBytes, file: "walk.geojson", index: 3)
///     map.addOverlay(shape.overlay())
public struct ShapeFeature: Sendable {
    /// The feature's place in the "features" array.
    public let index: Int
    /// Its lines, each a list of positions.
    public let lines: [[Coordinate]]
    /// Its areas, each an outer ring then its holes (rings open: the closing point dropped).
    public let areas: [[[Coordinate]]]
    /// `title`, else `name`.
    public let title: String?
    /// `description`.
    public let description: String?
    /// The simplestyle look.
    public let style: SimpleStyle
    /// What was wrong but could be drawn all the same (a stroke width out
    /// of range, an empty collection), for one warning each.
    let notes: [String]

    /// The feature element `bytes` (one element of "features"), its `index` naming it in errors.
    public static func read(_ bytes: [UInt8], file: String, index: Int) throws(PinFileError) -> ShapeFeature {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw .badFeature(file: file, index: index, reason: error.reason)
        }
        var reader = ShapeGeometryReader(file: file, index: index)
        guard let geometry = node["geometry"] else { throw .badFeature(file: file, index: index, reason: "it has no geometry") }
        try reader.read(geometry, depth: 0)
        let properties = node["properties"]
        var notes: [String] = []
        let style = SimpleStyle(properties, notes: &notes)
        if let longitude = reader.wrappedLongitude {
            notes.append(ShapeGeometryReader.wrappedNote(longitude))
        }
        if reader.lines.isEmpty && reader.areas.isEmpty {
            notes.append("its geometry holds no line or area; nothing is drawn for it")
        }
        return ShapeFeature(index: index, lines: reader.lines, areas: reader.areas,
                            title: properties?["title"]?.string ?? properties?["name"]?.string,
                            description: properties?["description"]?.string,
                            style: style, notes: notes)
    }

    /// The overlay to show: one line or area, or a multi-line or multi-area
    /// (a collection's lines and areas drawn as one, areas under lines).
    public func overlays() -> [any Overlay] {
        var result: [any Overlay] = []
        if !areas.isEmpty {
            let polygons = areas.map { rings in
                Polygon(coordinates: rings[0], interiorPolygons: rings.dropFirst().map { Polygon(coordinates: $0) })
            }
            result.append(polygons.count == 1 ? polygons[0] : MultiPolygon(polygons))
        }
        if !lines.isEmpty {
            let polylines = lines.map { Polyline(coordinates: $0) }
            result.append(polylines.count == 1 ? polylines[0] : MultiPolyline(polylines))
        }
        for overlay in result {
            overlay.title = title
            overlay.subtitle = description
        }
        return result
    }

    /// The renderer simplestyle asks for, for one of `overlays()`.
    public func renderer(for overlay: any Overlay) -> OverlayRenderer {
        let renderer: OverlayRenderer
        if case .areas = overlay.geometry {
            renderer = PolygonRenderer(polygon: overlay)
            renderer.fillColor = style.fill
        } else {
            renderer = PolylineRenderer(polyline: overlay)
        }
        renderer.strokeColor = style.stroke
        renderer.lineWidth = style.strokeWidth
        return renderer
    }
}

/// simplestyle-spec 1.1's look of a line or area, with its defaults:
/// `stroke` #555555, `stroke-width` 2, `stroke-opacity` 1, `fill` #555555,
/// `fill-opacity` 0.6. A colour that does not parse takes the default.
public struct SimpleStyle: Sendable, Equatable {
    /// The line colour, opacity included.
    public let stroke: Color
    /// The line width in points.
    public let strokeWidth: Double
    /// The area colour, opacity included.
    public let fill: Color

    /// The widest line drawn, in points, as for a style's `line-width`.
    static let widestStroke = StyleRanges.longest

    init(_ properties: JSONNode?) {
        var notes: [String] = []
        self.init(properties, notes: &notes)
    }

    /// The look of `properties`; a number out of its range is clamped into
    /// it, said in `notes`.
    init(_ properties: JSONNode?, notes: inout [String]) {
        func number(_ key: String, _ fallback: Double, _ range: ClosedRange<Double>) -> Double {
            guard case .number(let value, _)? = properties?[key]?.value, value.isFinite else { return fallback }
            if let problem = StyleRanges.problem(value, key, range: range) { notes.append("\"\(key)\": \(problem)") }
            return min(max(value, range.lowerBound), range.upperBound)
        }
        func color(_ key: String, opacity: Double) -> Color {
            let base = properties?[key]?.string.flatMap(SimpleStyle.hex) ?? Color(hex: 0x555555)
            return Color(red: base.red, green: base.green, blue: base.blue, alpha: UInt8((min(max(opacity, 0), 1) * 255).rounded()))
        }
        stroke = color("stroke", opacity: number("stroke-opacity", 1, 0...1))
        strokeWidth = number("stroke-width", 2, 0...SimpleStyle.widestStroke)
        fill = color("fill", opacity: number("fill-opacity", 0.6, 0...1))
    }

    /// `#rgb` or `#rrggbb` (the # may be left out).
    static func hex(_ text: String) -> Color? {
        var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return Color(hex: value)
    }
}

/// Reads a shape's geometry, checking every position: numbers, finite, in
/// range; lines of two positions or more; rings of four or more, closed.
struct ShapeGeometryReader {
    let file: String
    let index: Int
    var lines: [[Coordinate]] = []
    var areas: [[[Coordinate]]] = []

    private func fail(_ reason: String) -> PinFileError { .badCoordinates(file: file, index: index, reason: reason) }

    /// The note for longitudes read past ±180, said once per file.
    static func wrappedNote(_ longitude: String) -> String {
        "longitudes past ±180 (such as \(longitude)) are read as the same places across the antimeridian"
    }

    mutating func read(_ geometry: JSONNode, depth: Int) throws(PinFileError) {
        guard depth < 8 else { throw fail("its geometry collections nest more than 8 deep") }
        guard let type = geometry["type"]?.string else { throw fail("its geometry has no \"type\"") }
        if type == "GeometryCollection" {
            guard let members = geometry["geometries"]?.elements else { throw fail("its GeometryCollection has no \"geometries\" array") }
            for member in members { try read(member, depth: depth + 1) }
            return
        }
        guard let coordinates = geometry["coordinates"] else { throw fail("its \(type) has no \"coordinates\"") }
        switch type {
        case "Point", "MultiPoint":
            break  // points in a collection are not drawn as shapes
        case "LineString": lines.append(try line(coordinates, what: "its LineString"))
        case "MultiLineString":
            for (k, part) in try array(coordinates, what: "its MultiLineString").enumerated() {
                lines.append(try line(part, what: "line \(k) of its MultiLineString"))
            }
        case "Polygon": areas.append(try polygon(coordinates, what: "its Polygon"))
        case "MultiPolygon":
            for (k, part) in try array(coordinates, what: "its MultiPolygon").enumerated() {
                areas.append(try polygon(part, what: "polygon \(k) of its MultiPolygon"))
            }
        default: throw fail("its geometry type \"\(type)\" is not a GeoJSON type")
        }
    }

    private func array(_ node: JSONNode, what: String) throws(PinFileError) -> [JSONNode] {
        guard let elements = node.elements else { throw fail("\(what): coordinates are \(node.kindDescription), not an array") }
        return elements
    }

    /// The first longitude past ±180 read (as the file writes it), if any.
    var wrappedLongitude: String?

    private mutating func position(_ node: JSONNode, what: String) throws(PinFileError) -> Coordinate {
        guard let numbers = node.elements, numbers.count >= 2 else { throw fail("\(what): a position is not [longitude, latitude]") }
        guard case .number(let longitude, let lonText) = numbers[0].value, case .number(let latitude, let latText) = numbers[1].value
        else { throw fail("\(what): a position holds \(numbers[0].kindDescription) where numbers belong") }
        guard longitude.isFinite, latitude.isFinite else { throw fail("\(what): position [\(lonText), \(latText)] is not finite") }
        // Real files write islands past the antimeridian west of -180 (Alaska's Aleutians):
        // the same places, drawn continuously because paths go the short way round.
        guard Coordinate.readableLongitudes.contains(longitude), (-90...90).contains(latitude) else {
            throw fail("\(what): position [\(lonText), \(latText)] is out of range (longitude -540 to 540, latitude -90 to 90)")
        }
        if !(-180...180).contains(longitude), wrappedLongitude == nil { wrappedLongitude = lonText }
        return Coordinate(latitude: latitude, longitude: Coordinate.wrappedLongitude(longitude))
    }

    private mutating func line(_ node: JSONNode, what: String) throws(PinFileError) -> [Coordinate] {
        var positions: [Coordinate] = []
        for element in try array(node, what: what) { positions.append(try position(element, what: what)) }
        guard positions.count >= 2 else { throw fail("\(what) has \(positions.count) position\(positions.count == 1 ? "" : "s"); a line needs 2") }
        return positions
    }

    private mutating func polygon(_ node: JSONNode, what: String) throws(PinFileError) -> [[Coordinate]] {
        var rings: [[Coordinate]] = []
        for (k, ringNode) in try array(node, what: what).enumerated() {
            let name = k == 0 ? "\(what)'s outer ring" : "\(what)'s hole \(k)"
            var ring: [Coordinate] = []
            for element in try array(ringNode, what: name) { ring.append(try position(element, what: name)) }
            guard ring.count >= 4 else { throw fail("\(name) has \(ring.count) positions; a ring needs 4, the last the first again") }
            guard ring.first == ring.last else { throw fail("\(name) is open: its last position is not its first") }
            rings.append(Array(ring.dropLast()))
        }
        guard !rings.isEmpty else { throw fail("\(what) has no rings") }
        return rings
    }
}

extension Coordinate {
    /// The longitudes a GeoJSON position may have: files write places past
    /// the antimeridian beyond ±180 (Alaska's Aleutian islands west of
    /// -180), one turn of the world either way.
    static let readableLongitudes = -540.0...540.0

    /// A longitude in -180...180 as it is; one past that, the same meridian within it.
    static func wrappedLongitude(_ longitude: Double) -> Double {
        (-180...180).contains(longitude) ? longitude : wrapLongitude(longitude)
    }
}
