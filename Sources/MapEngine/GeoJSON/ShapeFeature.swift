/// A GeoJSON feature that is a line or an area (LineString, MultiLineString,
/// Polygon, MultiPolygon, or a GeometryCollection of them), with its
/// simplestyle-spec 1.1 look. It is drawn as an overlay and written back
/// untouched: only its bytes' place in the file is kept.
///
///     let shape = try ShapeFeature.read(elementBytes, file: "walk.geojson", index: 3)
///     map.addOverlay(shape.overlay())
package struct ShapeFeature: Sendable {
    /// The feature's place in the "features" array.
    package let index: Int
    /// Its lines, each a list of positions.
    package let lines: [[Coordinate]]
    /// Its areas, each an outer ring then its holes (rings open: the closing point dropped).
    package let areas: [[[Coordinate]]]
    /// `title`, else `name`.
    package let title: String?
    /// `description`.
    package let description: String?
    /// The simplestyle look.
    package let style: SimpleStyle
    /// What was wrong but could be drawn all the same (a stroke width out
    /// of range, an empty collection), for one warning each.
    package let notes: [String]
    /// The first longitude past ±180 it gives, as the file writes it: the
    /// file's reader says so once, however many shapes have one.
    package let wrappedLongitude: String?

    /// The feature element `bytes` (one element of "features"), its `index`
    /// (and `id`, when it has one) naming it in errors. The geometry is read
    /// straight from the bytes, position by position: a line of millions of
    /// positions costs its coordinates, not a tree of every number.
    package static func read(_ bytes: [UInt8], file: String, index: Int) throws(PinFileError) -> ShapeFeature {
        try read(bytes, range: 0..<bytes.count, file: file, index: index)
    }

    /// The feature element at `range` of a whole file's `bytes`, read where it lies (no copy of it is made).
    package static func read(_ bytes: [UInt8], range: Range<Int>, file: String, index: Int) throws(PinFileError) -> ShapeFeature {
        let members: (geometry: Int?, properties: JSONNode?, id: String?)
        do {
            members = try topMembers(bytes, range: range)
        } catch {
            throw .badFeature(file: file, index: index, reason: error.reason)
        }
        var reader = ShapeGeometryReader(bytes: bytes, file: file, index: index, id: members.id)
        guard let geometry = members.geometry else {
            throw .badFeature(file: file, index: index, id: members.id, reason: "it has no geometry")
        }
        try reader.read(at: geometry, depth: 0)
        let properties = members.properties
        var notes: [String] = []
        let style = SimpleStyle(properties, notes: &notes)
        if reader.lines.isEmpty && reader.areas.isEmpty {
            notes.append("its geometry holds no line or area; nothing is drawn for it")
        }
        return ShapeFeature(index: index, lines: reader.lines, areas: reader.areas,
                            title: properties?["title"]?.string ?? properties?["name"]?.string,
                            description: properties?["description"]?.string,
                            style: style, notes: notes, wrappedLongitude: reader.wrappedLongitude)
    }

    /// Where the feature's geometry starts, its properties (small: read
    /// whole) and its id as text; every byte is checked on the way.
    private static func topMembers(_ bytes: [UInt8], range: Range<Int>) throws(JSONSyntaxError)
        -> (geometry: Int?, properties: JSONNode?, id: String?) {
        var json = JSONParser(bytes: bytes)
        json.i = max(json.i, range.lowerBound)
        json.skipSpace()
        guard json.i < range.upperBound, bytes[json.i] == UInt8(ascii: "{") else {
            _ = try json.value()
            throw json.error("a feature is an object")
        }
        var geometry: Int?, properties: JSONNode?, id: String?
        try json.openObject()
        var first = true
        while let key = try json.nextKey(&first) {
            if key.is("geometry", in: bytes), geometry == nil {
                geometry = json.i
                try json.skipValue()
            } else if key.is("properties", in: bytes), properties == nil {
                properties = try json.value()
            } else if key.is("id", in: bytes), id == nil {
                let node = try json.value()
                if case .number(_, let text) = node.value { id = text } else { id = node.string }
            } else {
                try json.skipValue()
            }
        }
        json.skipSpace()
        // Only white space may follow the object within its element (skipping it may step past the end).
        guard json.i >= range.upperBound else { throw json.error("unexpected \(json.describeHere()) after the feature") }
        return (geometry, properties, id)
    }

    /// The overlay to show: one line or area, or a multi-line or multi-area
    /// (a collection's lines and areas drawn as one, areas under lines).
    @MainActor package func overlays() -> [any Overlay] {
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
    @MainActor package func renderer(for overlay: any Overlay) -> OverlayRenderer {
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
