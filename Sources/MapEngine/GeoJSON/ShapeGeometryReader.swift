/// Reads a shape's geometry straight from the feature's bytes, checking
/// every position: numbers, finite, in range, two to four of them; lines of
/// two positions or more; rings of four or more, closed. Nothing but the
/// coordinates is built, so a line of five million positions costs its
/// 80 MB of coordinates and no tree of JSON values.
///
///     var reader = ShapeGeometryReader(bytes: bytes, file: "walk.geojson", index: 3, id: nil)
///     try reader.read(at: geometryStart, depth: 0)
///     reader.lines, reader.areas
package struct ShapeGeometryReader {
    let bytes: [UInt8]
    let file: String
    let index: Int
    /// The feature's `id`, naming it in refusals beside its index.
    let id: String?
    var lines: [[Coordinate]] = []
    var areas: [[[Coordinate]]] = []
    /// The first longitude past ±180 read (as the file writes it), if any.
    var wrappedLongitude: String?

    /// The most numbers a position may hold: longitude, latitude, altitude
    /// and the measure some tools add (RFC 7946 asks for at most three).
    static let mostNumbers = 4

    init(bytes: [UInt8], file: String, index: Int, id: String?) {
        self.bytes = bytes
        self.file = file
        self.index = index
        self.id = id
    }

    private func fail(_ reason: String) -> PinFileError { .badCoordinates(file: file, index: index, id: id, reason: reason) }

    /// The note for longitudes read past ±180, said once per file.
    package static func wrappedNote(_ longitude: String) -> String {
        "longitudes past ±180 (such as \(longitude)) are read as the same places across the antimeridian"
    }

    /// A walker at `position`. The bytes were checked when the feature's
    /// members were found, so walking them again meets no syntax error.
    private func walker(at position: Int) -> JSONParser {
        var json = JSONParser(bytes: bytes)
        json.i = position
        return json
    }

    /// What the value at `position` is, in words.
    private func kind(at position: Int) -> String {
        guard position < bytes.count else { return "nothing" }
        switch bytes[position] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }

    /// Reads the geometry object at `position` (a collection's members in turn).
    mutating func read(at position: Int, depth: Int) throws(PinFileError) {
        guard depth < 8 else { throw fail("its geometry collections nest more than 8 deep") }
        var type: String?, coordinates: Int?, geometries: Int?
        if bytes[position] == UInt8(ascii: "{") {
            do {
                var json = walker(at: position)
                try json.openObject()
                var first = true
                while let key = try json.nextKey(&first) {
                    if key.is("type", in: bytes), type == nil {
                        type = try json.value().string
                    } else if key.is("coordinates", in: bytes), coordinates == nil {
                        coordinates = json.i
                        try json.skipValue()
                    } else if key.is("geometries", in: bytes), geometries == nil {
                        geometries = json.i
                        try json.skipValue()
                    } else {
                        try json.skipValue()
                    }
                }
            } catch {
                throw .badFeature(file: file, index: index, id: id, reason: error.reason)
            }
        }
        guard let type else { throw fail("its geometry has no \"type\"") }
        if type == "GeometryCollection" {
            guard let geometries, bytes[geometries] == UInt8(ascii: "[") else {
                throw fail("its GeometryCollection has no \"geometries\" array")
            }
            for member in try elements(at: geometries, what: "its GeometryCollection") { try read(at: member, depth: depth + 1) }
            return
        }
        guard let coordinates else { throw fail("its \(type) has no \"coordinates\"") }
        switch type {
        case "Point", "MultiPoint":
            break  // points in a collection are not drawn as shapes
        case "LineString": lines.append(try line(at: coordinates, what: "its LineString"))
        case "MultiLineString":
            for (k, part) in try elements(at: coordinates, what: "its MultiLineString").enumerated() {
                lines.append(try line(at: part, what: "line \(k) of its MultiLineString"))
            }
        case "Polygon": areas.append(try polygon(at: coordinates, what: "its Polygon"))
        case "MultiPolygon":
            for (k, part) in try elements(at: coordinates, what: "its MultiPolygon").enumerated() {
                areas.append(try polygon(at: part, what: "polygon \(k) of its MultiPolygon"))
            }
        default: throw fail("its geometry type \"\(type)\" is not a GeoJSON type")
        }
    }

    /// Where each element of the array at `position` starts.
    private func elements(at position: Int, what: String) throws(PinFileError) -> [Int] {
        guard bytes[position] == UInt8(ascii: "[") else { throw fail("\(what): coordinates are \(kind(at: position)), not an array") }
        var starts: [Int] = []
        var json = walker(at: position)
        do {
            try json.openArray()
            var first = true
            while try json.nextElement(&first) {
                starts.append(json.i)
                try json.skipValue()
            }
        } catch {
            throw .badFeature(file: file, index: index, id: id, reason: error.reason)
        }
        return starts
    }

    /// The positions of the array at `position`, read in one pass.
    private mutating func positions(at position: Int, what: String) throws(PinFileError) -> [Coordinate] {
        guard bytes[position] == UInt8(ascii: "[") else { throw fail("\(what): coordinates are \(kind(at: position)), not an array") }
        var result: [Coordinate] = []
        var json = walker(at: position)
        do {
            try json.openArray()
            var first = true
            while try json.nextElement(&first) {
                result.append(try self.position(&json, what: what))
            }
        } catch let error as PinFileError {
            throw error
        } catch let error as JSONSyntaxError {
            throw .badFeature(file: file, index: index, id: id, reason: error.reason)
        } catch {
            throw fail("\(what): \(error)")
        }
        return result
    }

    /// One position at the walker, which it steps past.
    private mutating func position(_ json: inout JSONParser, what: String) throws -> Coordinate {
        guard json.i < bytes.count, bytes[json.i] == UInt8(ascii: "[") else {
            throw fail("\(what): a position is not [longitude, latitude]")
        }
        try json.openArray()
        var first = true
        var numbers: (Double, Double) = (0, 0)
        var texts: (Range<Int>, Range<Int>) = (0..<0, 0..<0)
        var count = 0
        while try json.nextElement(&first) {
            let start = json.i
            guard bytes[start] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]) else {
                if count < 2 { throw fail("\(what): a position holds \(kind(at: start)) where numbers belong") }
                throw fail("\(what): a position holds \(kind(at: start)) after its longitude and latitude")
            }
            let range = try json.numberRange()
            count += 1
            guard count <= ShapeGeometryReader.mostNumbers else {
                throw fail("\(what): a position holds more than \(ShapeGeometryReader.mostNumbers) numbers (GeoJSON's are longitude, latitude and altitude)")
            }
            if count <= 2 {
                let value = JSONParser.number(in: bytes, range) ?? Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan
                if count == 1 { numbers.0 = value; texts.0 = range } else { numbers.1 = value; texts.1 = range }
            }
        }
        guard count >= 2 else { throw fail("\(what): a position is not [longitude, latitude]") }
        let (longitude, latitude) = numbers
        let lonText = String(decoding: bytes[texts.0], as: UTF8.self), latText = String(decoding: bytes[texts.1], as: UTF8.self)
        guard longitude.isFinite, latitude.isFinite else { throw fail("\(what): position [\(lonText), \(latText)] is not finite") }
        // Real files write islands past the antimeridian west of -180 (Alaska's Aleutians):
        // the same places, drawn continuously because paths go the short way round.
        guard Coordinate.readableLongitudes.contains(longitude), (-90...90).contains(latitude) else {
            throw fail("\(what): position [\(lonText), \(latText)] is out of range (longitude -540 to 540, latitude -90 to 90)")
        }
        if !(-180...180).contains(longitude), wrappedLongitude == nil { wrappedLongitude = lonText }
        return Coordinate(latitude: latitude, longitude: Coordinate.wrappedLongitude(longitude))
    }

    private mutating func line(at position: Int, what: String) throws(PinFileError) -> [Coordinate] {
        let line = try positions(at: position, what: what)
        guard line.count >= 2 else { throw fail("\(what) has \(line.count) position\(line.count == 1 ? "" : "s"); a line needs 2") }
        return line
    }

    private mutating func polygon(at position: Int, what: String) throws(PinFileError) -> [[Coordinate]] {
        var rings: [[Coordinate]] = []
        for (k, ringStart) in try elements(at: position, what: what).enumerated() {
            let name = k == 0 ? "\(what)'s outer ring" : "\(what)'s hole \(k)"
            var ring = try positions(at: ringStart, what: name)
            guard ring.count >= 4 else { throw fail("\(name) has \(ring.count) positions; a ring needs 4, the last the first again") }
            guard ring.first == ring.last else { throw fail("\(name) is open: its last position is not its first") }
            ring.removeLast()
            rings.append(ring)
        }
        guard !rings.isEmpty else { throw fail("\(what) has no rings") }
        return rings
    }
}
