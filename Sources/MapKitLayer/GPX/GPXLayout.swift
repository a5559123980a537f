import MapEngine

/// Where a GPX file's waypoints sit in its bytes: each `wpt` element's
/// range and its `lat` and `lon` attribute values, and where a new waypoint
/// goes (after the last one, else before the first route, track or
/// extensions, else before `</gpx>`), as the GPX 1.0 and 1.1 schemas order
/// them. The XML parser has already found the file well formed; this walk
/// only measures it. It also refuses a DOCTYPE that declares entities, which
/// the parser would otherwise meet as expansions.
struct GPXLayout {
    struct Waypoint {
        var element: Range<Int>
        var latitude: Range<Int>?
        var longitude: Range<Int>?
    }

    private(set) var waypoints: [Waypoint] = []
    /// Where a new waypoint's text goes, and what goes before and after it
    /// so it sits on its own line, indented like its neighbours.
    private(set) var insertion = 0
    private var prefix: [UInt8] = []
    private var suffix: [UInt8] = []

    enum Problem: Error, Equatable {
        case entityDeclaration(offset: Int)
    }

    init(_ bytes: [UInt8]) throws(Problem) {
        var i = 0
        var depth = 0
        var openWaypoint: Waypoint?
        var lastWaypointEnd: Int?
        var laterChild: Int?
        var rootEnd: Int?
        let count = bytes.count
        func starts(_ text: StaticString, at index: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= count else { return false }
            return text.withUTF8Buffer { pattern in
                for k in 0..<length where bytes[index + k] != pattern[k] { return false }
                return true
            }
        }
        func skip(past text: StaticString, from index: Int) -> Int {
            var j = index
            while j < count, !starts(text, at: j) { j += 1 }
            return min(count, j + text.utf8CodeUnitCount)
        }
        while i < count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(past: "]]>", from: i + 9); continue }
            if starts("<?", at: i) { i = skip(past: "?>", from: i + 2); continue }
            if starts("<!", at: i) {
                // A DOCTYPE, with its internal subset in brackets.
                var j = i + 2
                var bracket = 0
                while j < count {
                    if bytes[j] == UInt8(ascii: "[") { bracket += 1 }
                    if bytes[j] == UInt8(ascii: "]") { bracket -= 1 }
                    if starts("<!ENTITY", at: j) { throw .entityDeclaration(offset: j) }
                    if bytes[j] == UInt8(ascii: ">"), bracket <= 0 { break }
                    j += 1
                }
                i = j + 1
                continue
            }
            let tagStart = i
            let closing = i + 1 < count && bytes[i + 1] == UInt8(ascii: "/")
            var j = i + (closing ? 2 : 1)
            let nameStart = j
            while j < count, !GPXLayout.isNameEnd(bytes[j]) { j += 1 }
            let local = GPXLayout.localName(bytes[nameStart..<j])
            // Attributes, up to the tag's end.
            var latitude: Range<Int>?
            var longitude: Range<Int>?
            var selfClosing = false
            while j < count, bytes[j] != UInt8(ascii: ">") {
                if bytes[j] == UInt8(ascii: "/") { selfClosing = true; j += 1; continue }
                if GPXLayout.isSpace(bytes[j]) { j += 1; continue }
                let attributeStart = j
                while j < count, bytes[j] != UInt8(ascii: "="), !GPXLayout.isSpace(bytes[j]) { j += 1 }
                let attribute = GPXLayout.localName(bytes[attributeStart..<j])
                while j < count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "'") { j += 1 }
                guard j < count else { break }
                let quote = bytes[j]
                let valueStart = j + 1
                j = valueStart
                while j < count, bytes[j] != quote { j += 1 }
                if attribute == "lat" { latitude = valueStart..<j }
                if attribute == "lon" { longitude = valueStart..<j }
                j += 1
            }
            let tagEnd = min(count, j + 1)
            if closing {
                if depth == 2, local == "wpt", var waypoint = openWaypoint {
                    waypoint.element = waypoint.element.lowerBound..<tagEnd
                    waypoints.append(waypoint)
                    openWaypoint = nil
                    lastWaypointEnd = tagEnd
                }
                if depth == 1, rootEnd == nil { rootEnd = tagStart }
                depth -= 1
            } else {
                depth += 1
                if depth == 2, local == "wpt" {
                    let waypoint = Waypoint(element: tagStart..<tagEnd, latitude: latitude, longitude: longitude)
                    if selfClosing {
                        waypoints.append(waypoint)
                        lastWaypointEnd = tagEnd
                    } else {
                        openWaypoint = waypoint
                    }
                } else if depth == 2, laterChild == nil, local == "rte" || local == "trk" || local == "extensions" {
                    laterChild = tagStart
                }
                if selfClosing { depth -= 1 }
            }
            i = tagEnd
        }
        let newline: [UInt8] = [0x0A]
        if let last = waypoints.last, let lastWaypointEnd {
            (insertion, prefix) = (lastWaypointEnd, newline + GPXLayout.lineIndent(bytes, last.element.lowerBound))
        } else if let laterChild {
            (insertion, suffix) = (laterChild, newline + GPXLayout.lineIndent(bytes, laterChild))
        } else if let rootEnd {
            let indent = GPXLayout.lineIndent(bytes, rootEnd)
            (insertion, prefix, suffix) = (rootEnd, Array("  ".utf8), newline + indent)
        }
    }

    /// A new waypoint's text laid in with the file's line breaks and indent.
    func inserted(_ element: [UInt8]) -> [UInt8] { prefix + element + suffix }

    /// The spaces and tabs before `offset` on its line; none when something else precedes it.
    static func lineIndent(_ bytes: [UInt8], _ offset: Int) -> [UInt8] {
        var j = offset
        while j > 0, bytes[j - 1] == UInt8(ascii: " ") || bytes[j - 1] == UInt8(ascii: "\t") { j -= 1 }
        guard j == 0 || bytes[j - 1] == UInt8(ascii: "\n") else { return [] }
        return Array(bytes[j..<offset])
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// A qualified name without its prefix.
    private static func localName(_ name: ArraySlice<UInt8>) -> String {
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return String(decoding: local, as: UTF8.self)
    }
}
