import Foundation
#if canImport(FoundationXML)
import FoundationXML
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

    private var stack: [String] = []
    private var text = ""
    private var point: GPXPoint?
    private var pointText: (name: String?, description: String?, comment: String?, symbol: String?) = (nil, nil, nil, nil)
    private var pointCount = (waypoints: 0, routePoints: 0, trackPoints: 0)
    private weak var parser: XMLParser?

    /// Parses `bytes`; throws the first problem with its place.
    func read(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.contains(where: { !GPXLayout.isSpace($0) }) else {
            throw Failure(line: 1, column: 1, reason: "the file is empty")
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
    }

    private var sawRoot = false

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
        let parent = stack[stack.count - 2]
        switch (element, parent) {
        case ("wpt", "gpx"), ("rtept", "rte"), ("trkpt", "trkseg"):
            guard let coordinate = coordinate(element, attributes) else { return }
            point = GPXPoint(coordinate: coordinate)
            pointText = (nil, nil, nil, nil)
        case ("rte", "gpx"):
            routes.append(GPXRoute(points: []))
        case ("trk", "gpx"):
            tracks.append(GPXTrack(segments: []))
        case ("trkseg", "trk"):
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
        stack.removeLast()
        let parent = stack.last ?? ""
        if point != nil {
            endInsidePoint(element, parent: parent)
        } else if element == "name" || element == "desc" {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch (element, parent) {
            case ("name", "rte"): routes[routes.count - 1].name = value
            case ("desc", "rte"): routes[routes.count - 1].description = value
            case ("name", "trk"): tracks[tracks.count - 1].name = value
            case ("desc", "trk"): tracks[tracks.count - 1].description = value
            case ("name", "metadata"), ("name", "gpx"): name = value
            default: break
            }
        }
        text = ""
    }

    /// An element ending inside a point: one of its values, or the point itself.
    private func endInsidePoint(_ element: String, parent: String) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element {
        case "ele": point?.elevation = number(value)
        case "time": point?.time = GPXTime.seconds(Substring(value))
        case "hr": point?.heartRate = number(value)
        case "cad": point?.cadence = number(value)
        case "atemp": point?.temperature = number(value)
        case "name" where parent == "wpt": pointText.name = value
        case "desc" where parent == "wpt": pointText.description = value
        case "cmt" where parent == "wpt": pointText.comment = value
        case "sym" where parent == "wpt": pointText.symbol = value
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

    /// A finite number, else nil (a value the device left empty or garbled is not a reading).
    private func number(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
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
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                fail("<\(element)> \(index): \(name) \"\(text)\" is not a number")
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
