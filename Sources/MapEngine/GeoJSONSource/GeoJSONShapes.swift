/// The features of a style's GeoJSON source (a `FeatureCollection`, one
/// `Feature` or a bare geometry), read once into the Web Mercator world
/// (0 to 1 across), each with its box, its properties and its id, ready to
/// be cut into vector tiles (`GeoJSONTiler`).
///
/// Every position is checked: two numbers or more, finite, longitude
/// within ±360° and latitude within ±90° (taken to the Mercator's ±85.05°).
/// Polygon rings are turned so that outer rings run clockwise on screen and
/// holes the other way, as vector tiles want, whatever the file did. A
/// `GeometryCollection` becomes one feature per member, with the same
/// properties. Properties that are objects or arrays are kept as their JSON text.
package struct GeoJSONShapes: Sendable {
    struct Shape: Sendable {
        let type: VectorFeature.GeometryType
        /// Points (one a part), lines, or polygons' rings, in world units.
        let parts: [[Point]]
        let box: Rect
        let properties: [String: FeatureValue]
        let id: UInt64?
    }

    let shapes: [Shape]

    /// Reads `bytes` (GeoJSON text); `file` names the source in errors.
    package init(bytes: [UInt8], file: String) throws(GeoJSONSourceError) {
        if let streamed = try GeoJSONShapes.featureCollection(bytes: bytes, file: file) {
            shapes = streamed
            return
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw GeoJSONSourceError(file: "\(file):\(error.line):\(error.column)", reason: error.reason)
        }
        var shapes: [Shape] = []
        func fail(_ reason: String) -> GeoJSONSourceError { GeoJSONSourceError(file: file, reason: reason) }
        switch root["type"]?.string {
        case "FeatureCollection":
            guard let features = root["features"]?.elements else { throw fail("a FeatureCollection needs a \"features\" array") }
            for (index, feature) in features.enumerated() {
                do {
                    try GeoJSONShapes.add(feature: feature, bytes: bytes, into: &shapes)
                } catch {
                    throw fail("feature \(index + 1): \(error.reason)")
                }
            }
        case "Feature":
            do {
                try GeoJSONShapes.add(feature: root, bytes: bytes, into: &shapes)
            } catch {
                throw fail(error.reason)
            }
        case .some(let type) where GeoJSONShapes.geometryTypes.contains(type):
            do {
                try GeoJSONShapes.add(geometry: root, properties: [:], id: nil, into: &shapes)
            } catch {
                throw fail(error.reason)
            }
        case .some(let type):
            throw fail("\"type\" is \"\(type)\", not a FeatureCollection, Feature or geometry")
        case nil:
            throw fail("GeoJSON needs a \"type\"")
        }
        self.shapes = shapes
    }

    /// A FeatureCollection's shapes read feature by feature, each feature's
    /// tree made and let go in turn, so a file of a million points never
    /// holds a million trees at once; nil when the document is not a
    /// FeatureCollection (the caller reads it whole).
    private static func featureCollection(bytes: [UInt8], file: String) throws(GeoJSONSourceError) -> [Shape]? {
        var json = JSONParser(bytes: bytes)
        json.skipSpace()
        guard json.peek(UInt8(ascii: "{")) else { return nil }
        var shapes: [Shape] = []
        var type: String?
        var sawFeatures = false
        do {
            try json.openObject()
            var first = true
            while let key = try json.nextKey(&first) {
                if key.is("type", in: bytes) {
                    type = try json.value().string
                } else if key.is("features", in: bytes), json.peek(UInt8(ascii: "[")) {
                    sawFeatures = true
                    try json.openArray()
                    var firstFeature = true
                    var index = 0
                    while try json.nextElement(&firstFeature) {
                        index += 1
                        let feature = try json.value()
                        do {
                            try GeoJSONShapes.add(feature: feature, bytes: bytes, into: &shapes)
                        } catch {
                            throw GeoJSONSourceError(file: file, reason: "feature \(index): \(error.reason)")
                        }
                    }
                } else {
                    try json.skipValue()
                }
            }
            json.skipSpace()
            guard json.i == bytes.count else { throw json.error("unexpected \(json.describeHere()) after the end of the document") }
        } catch let error as JSONSyntaxError {
            throw GeoJSONSourceError(file: "\(file):\(error.line):\(error.column)", reason: error.reason)
        } catch let error as GeoJSONSourceError {
            throw error
        } catch {
            throw GeoJSONSourceError(file: file, reason: "\(error)")
        }
        guard type == "FeatureCollection", sawFeatures else { return nil }
        return shapes
    }

    static let geometryTypes: Set<String> = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                                              "GeometryCollection"]

    private static func add(feature: JSONNode, bytes: [UInt8], into shapes: inout [Shape]) throws(GeoJSONSourceError) {
        guard case .object = feature.value, feature["type"]?.string == "Feature" else {
            throw GeoJSONSourceError(reason: "is not an object of \"type\": \"Feature\"")
        }
        var properties: [String: FeatureValue] = [:]
        if case .object(let members)? = feature["properties"]?.value {
            for (key, value) in members {
                switch value.value {
                case .string(let text): properties[key] = .string(text)
                case .number(let number, _) where number.isFinite: properties[key] = .number(number)
                case .bool(let flag): properties[key] = .bool(flag)
                case .object, .array: properties[key] = .string(String(decoding: bytes[value.range], as: UTF8.self))
                default: break
                }
            }
        }
        var id: UInt64?
        if case .number(let number, _)? = feature["id"]?.value, number >= 0, number < 1.8e19, number == number.rounded() {
            id = UInt64(number)
        }
        // A feature without geometry draws nothing.
        guard let geometry = feature["geometry"] else { return }
        if case .null = geometry.value { return }
        try add(geometry: geometry, properties: properties, id: id, into: &shapes)
    }

    private static func add(geometry: JSONNode, properties: [String: FeatureValue], id: UInt64?,
                            into shapes: inout [Shape]) throws(GeoJSONSourceError) {
        guard let type = geometry["type"]?.string else { throw GeoJSONSourceError(reason: "its geometry has no \"type\"") }
        if type == "GeometryCollection" {
            guard let members = geometry["geometries"]?.elements else {
                throw GeoJSONSourceError(reason: "a GeometryCollection needs a \"geometries\" array")
            }
            for member in members { try add(geometry: member, properties: properties, id: id, into: &shapes) }
            return
        }
        guard let coordinates = geometry["coordinates"] else { throw GeoJSONSourceError(reason: "its \(type) has no \"coordinates\"") }
        let kind: VectorFeature.GeometryType
        var parts: [[Point]]
        switch type {
        case "Point": kind = .point; parts = [[try position(coordinates)]]
        case "MultiPoint":
            kind = .point
            parts = []
            for member in try list(coordinates, type) { parts.append([try position(member)]) }
        case "LineString": kind = .lineString; parts = [try line(coordinates, type)]
        case "MultiLineString":
            kind = .lineString
            parts = []
            for member in try list(coordinates, type) { parts.append(try line(member, type)) }
        case "Polygon": kind = .polygon; parts = try polygon(coordinates, type)
        case "MultiPolygon":
            kind = .polygon
            parts = []
            for member in try list(coordinates, type) { parts += try polygon(member, type) }
        default: throw GeoJSONSourceError(reason: "\"\(type)\" is not a geometry type")
        }
        guard !parts.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for part in parts {
            for p in part {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        shapes.append(Shape(type: kind, parts: parts, box: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
                            properties: properties, id: id))
    }

    private static func list(_ node: JSONNode, _ type: String) throws(GeoJSONSourceError) -> [JSONNode] {
        guard let elements = node.elements else { throw GeoJSONSourceError(reason: "the coordinates of its \(type) are not an array") }
        return elements
    }

    private static func position(_ node: JSONNode) throws(GeoJSONSourceError) -> Point {
        guard let numbers = node.elements, numbers.count >= 2,
              case .number(let longitude, _) = numbers[0].value, case .number(let latitude, _) = numbers[1].value else {
            throw GeoJSONSourceError(reason: "a position is an array of two numbers or more")
        }
        guard longitude.isFinite, latitude.isFinite, abs(longitude) <= 360, abs(latitude) <= 90 else {
            throw GeoJSONSourceError(reason: "the position [\(FeatureValue.format(longitude)), \(FeatureValue.format(latitude))] is not a longitude and latitude")
        }
        let limit = WebMercator.maxLatitude
        return WebMercator.project(Coordinate(latitude: min(max(latitude, -limit), limit), longitude: longitude))
    }

    private static func line(_ node: JSONNode, _ type: String) throws(GeoJSONSourceError) -> [Point] {
        var points: [Point] = []
        for element in try list(node, type) { points.append(try position(element)) }
        guard points.count >= 2 else { throw GeoJSONSourceError(reason: "a line of its \(type) has fewer than two positions") }
        return points
    }

    /// A polygon's rings, the outer one clockwise on screen (y down), the holes anticlockwise.
    private static func polygon(_ node: JSONNode, _ type: String) throws(GeoJSONSourceError) -> [[Point]] {
        var rings: [[Point]] = []
        for (index, element) in try list(node, type).enumerated() {
            var ring: [Point] = []
            for corner in try list(element, type) { ring.append(try position(corner)) }
            guard ring.count >= 4 else { throw GeoJSONSourceError(reason: "a ring of its \(type) has fewer than four positions") }
            // Positive area (y down) is clockwise on screen.
            if (Extrusion.signedArea(ring) > 0) != (index == 0) { ring.reverse() }
            rings.append(ring)
        }
        return rings
    }
}

/// A style's GeoJSON source that could not be read: the file (or the style's inline data) and why.
package struct GeoJSONSourceError: Error, CustomStringConvertible {
    let file: String?
    let reason: String

    init(file: String? = nil, reason: String) {
        self.file = file
        self.reason = reason
    }

    package var description: String { file.map { "\($0): \(reason)" } ?? reason }
}
