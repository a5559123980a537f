import Foundation
#if canImport(FoundationXML)
import FoundationXML
import MapEngine
#endif

/// Reads a GPX 1.0 or 1.1 file with Foundation's XML parser (libxml2),
/// namespaces on so that every element is known by its local name whatever
/// its prefix (`gpxtpx:hr`, `ns3:hr`), external entities never resolved.
/// Entity declarations are refused before parsing (see `GPXLayout`), and
/// nesting deeper than `maximumDepth` stops the parse: no file makes it
/// hang or grow without bound. Every failure names its line and column.
final class GPXReader: NSObject, XMLParserDelegate {
    /// Deeper than any GPX (extensions included) nests.
    static let maximumDepth = 64

    struct Failure: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    private(set) var version: String?
    private(set) var name: String?
    private(set) var waypoints: [(point: GPXPoint, name: String?, description: String?, symbol: String?)] = []
    private(set) var routes: [GPXRoute] = []
    private(set) var tracks: [GPXTrack] = []
    private var failure: Failure?
    /// True once the root element was `<gpx>`.
    private var sawRoot = false

    private var stack: [String] = []
    private var text = ""
    private var point: GPXPoint?
    /// How deep the open point's element is (the stack's count at its start).
    private var pointDepth = 0
    private var pointText: (name: String?, description: String?, comment: String?, symbol: String?) = (nil, nil, nil, nil)
    private var pointCount = (waypoints: 0, routePoints: 0, trackPoints: 0)
    private weak var parser: XMLParser?

    /// Parses `bytes`; throws the first problem with its place.
    func read(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.contains(where: { !GPXLayout.isSpace($0) }) else {
            throw Failure(line: 1, column: 1, reason: "the file is empty")
        }
        // Foundation's parser traps on names that are not UTF-8 (libxml2
        // passes them through): such bytes are refused here first, unless
        // the file says it is in another encoding, which libxml2 converts.
        if GPXReader.isDeclaredUTF8(bytes), let offset = UTF8Check.firstInvalidOffset(bytes) {
            let (line, column) = TextPosition(offset: offset, in: bytes).pair
            throw Failure(line: line, column: column, reason: "bytes that are not UTF-8")
        }
        // A stream over the bytes: libxml2 is fed in pieces (handing it
        // tens of megabytes at once fails at the end on this platform).
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        self.parser = parser
        let parsed = parser.parse()
        if let failure { throw failure }
        if !parsed {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw Failure(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber),
                          reason: GPXReader.reason(forLibxml2Code: code))
        }
        guard sawRoot else {
            throw Failure(line: 1, column: 1, reason: "there is no <gpx> element")
        }
        // libxml2 may stop at a cut without an error: what is still open was never finished.
        if let open = stack.last {
            let (line, column) = TextPosition(offset: bytes.count, in: bytes).pair
            throw Failure(line: line, column: column, reason: "the file ends inside <\(open)> (it is cut short)")
        }
    }

    private func fail(_ reason: String) {
        guard failure == nil else { return }
        failure = Failure(line: max(1, parser?.lineNumber ?? 1), column: max(1, parser?.columnNumber ?? 1), reason: reason)
        parser?.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        stack.append(element)
        text = ""
        if stack.count > GPXReader.maximumDepth {
            return fail("elements nest deeper than \(GPXReader.maximumDepth) levels")
        }
        if stack.count == 1 {
            guard element == "gpx" else { return fail("the root element is <\(qualifiedName ?? element)>, not <gpx>") }
            sawRoot = true
            version = attributes["version"]
            return
        }
        // Only where GPX puts them: a `trk` inside something else is not a track.
        switch stack {
        case ["gpx", "wpt"], ["gpx", "rte", "rtept"], ["gpx", "trk", "trkseg", "trkpt"]:
            guard point == nil, let coordinate = coordinate(element, attributes) else { return }
            point = GPXPoint(coordinate: coordinate)
            pointDepth = stack.count
            pointText = (nil, nil, nil, nil)
        case ["gpx", "rte"]:
            routes.append(GPXRoute(points: []))
        case ["gpx", "trk"]:
            tracks.append(GPXTrack(segments: []))
        case ["gpx", "trk", "trkseg"]:
            tracks[tracks.count - 1].segments.append([])
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, !stack.isEmpty else { return }
        let depth = stack.count
        stack.removeLast()
        if point != nil {
            endInsidePoint(element, depth: depth)
        } else if element == "name" || element == "desc" {
            let value = String(GPXReader.trimmed(text))
            switch (element, stack) {
            case ("name", ["gpx", "rte"]): routes[routes.count - 1].name = value
            case ("desc", ["gpx", "rte"]): routes[routes.count - 1].description = value
            case ("name", ["gpx", "trk"]): tracks[tracks.count - 1].name = value
            case ("desc", ["gpx", "trk"]): tracks[tracks.count - 1].description = value
            case ("name", ["gpx", "metadata"]), ("name", ["gpx"]): name = value
            default: break
            }
        }
        text = ""
    }

    /// An element ending inside a point (`depth` deep): one of its values
    /// (its own children; the device's extensions at any depth), or the point itself.
    private func endInsidePoint(_ element: String, depth: Int) {
        let value = GPXReader.trimmed(text)
        let child = depth == pointDepth + 1
        let isWaypoint = stack.first == "gpx" && stack.count >= 2 && stack[1] == "wpt"
        switch element {
        case "ele" where child:
            guard !value.isEmpty else { break }
            guard let metres = GPXReader.decimal(value), GPXReader.elevations.contains(metres) else {
                return fail("<ele> \"\(value.prefix(40))\" is not an elevation (a number of metres from \(Int(GPXReader.elevations.lowerBound)) to \(Int(GPXReader.elevations.upperBound)))")
            }
            point?.elevation = metres
        case "time" where child:
            guard !value.isEmpty else { break }
            guard let seconds = GPXTime.seconds(value), GPXTime.plausible.contains(seconds) else {
                return fail("<time> \"\(value.prefix(40))\" is not a date and time GPX can hold (such as 2024-05-01T10:00:00Z, years 1000 to 9999)")
            }
            point?.time = seconds
        case "hr" where depth > pointDepth + 1: point?.heartRate = number(value)
        case "cad" where depth > pointDepth + 1: point?.cadence = number(value)
        case "atemp" where depth > pointDepth + 1: point?.temperature = number(value)
        case "name" where child && isWaypoint: pointText.name = String(value)
        case "desc" where child && isWaypoint: pointText.description = String(value)
        case "cmt" where child && isWaypoint: pointText.comment = String(value)
        case "sym" where child && isWaypoint: pointText.symbol = String(value)
        case _ where depth != pointDepth:
            break
        case "wpt":
            waypoints.append((point!, pointText.name, pointText.description ?? pointText.comment, pointText.symbol))
            point = nil
        case "rtept":
            routes[routes.count - 1].points.append(point!)
            point = nil
        case "trkpt":
            let track = tracks.count - 1
            tracks[track].segments[tracks[track].segments.count - 1].append(point!)
            point = nil
        default:
            break
        }
    }

    /// Elevations a reading can have, in metres: the deepest trench to a
    /// stratospheric balloon, with room. Past them a figure is garbage
    /// (±1e12 m made a climb of 8e11 m).
    static let elevations = -12_000.0...100_000.0

    /// An `xsd:decimal` as GPX writes coordinates and elevations: an
    /// optional sign, digits and an optional fraction; nothing else (no
    /// exponent, no hexadecimal such as "0x10", no spaces), or nil.
    static func decimal(_ text: Substring) -> Double? {
        var digits = 0, dots = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-") where offset == 0, UInt8(ascii: "+") where offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, dots <= 1 else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A finite number, else nil (a value the device left empty or garbled is not a reading).
    private func number(_ text: Substring) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The text without XML's white space (space, tab, line breaks) at its ends;
    /// Foundation's trimming costs a UTF-16 copy of every value.
    static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !GPXLayout.isSpace($0) }),
              let last = utf8.lastIndex(where: { !GPXLayout.isSpace($0) }) else { return "" }
        return text[first...last]
    }

    /// The point's `lat` and `lon`, or a failure saying what is wrong with them.
    private func coordinate(_ element: String, _ attributes: [String: String]) -> Coordinate? {
        let index: Int
        switch element {
        case "wpt": pointCount.waypoints += 1; index = pointCount.waypoints
        case "rtept": pointCount.routePoints += 1; index = pointCount.routePoints
        default: pointCount.trackPoints += 1; index = pointCount.trackPoints
        }
        func value(_ name: String, _ range: ClosedRange<Double>) -> Double? {
            guard let text = attributes[name] else {
                fail("<\(element)> \(index) has no \(name)")
                return nil
            }
            guard let number = GPXReader.decimal(Substring(text)) else {
                fail("<\(element)> \(index): \(name) \"\(text.prefix(40))\" is not a decimal number")
                return nil
            }
            guard range.contains(number) else {
                fail("<\(element)> \(index): \(name) \(text) is outside \(Int(range.lowerBound)) to \(Int(range.upperBound))")
                return nil
            }
            return number
        }
        guard let latitude = value("lat", -90...90), let longitude = value("lon", -180...180) else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// True unless the file starts with a UTF-16 byte-order mark or its XML
    /// declaration names an encoding other than UTF-8.
    static func isDeclaredUTF8(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return false }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>"),
              let encoding = head[..<end.lowerBound].range(of: "encoding") else { return true }
        let rest = head[encoding.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        return rest.lowercased().hasPrefix("utf-8") || rest.lowercased().hasPrefix("utf8")
    }

    /// libxml2's error numbers (xmlParserErrors) in words.
    static func reason(forLibxml2Code code: Int) -> String {
        switch code {
        case 4: return "the file is empty"
        case 5, 86: return "there is more after the root element ends"
        case 9: return "a character that XML does not allow"
        case 6, 7, 8: return "a malformed character reference"
        case 23: return "an entity reference without its ';'"
        case 26, 27: return "a reference to an entity that is not declared"
        case 31, 32, 81: return "an encoding that cannot be read"
        case 38: return "'<' inside an attribute value"
        case 39, 40, 41: return "a malformed attribute"
        case 42: return "an attribute given twice"
        case 45: return "a comment that never ends"
        case 63: return "a CDATA section that never ends"
        case 73: return "'>' expected"
        case 76: return "an end tag that does not match its start tag"
        case 77, 85: return "the file ends inside an element"
        case 89: return "entities that expand into each other"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }
}
