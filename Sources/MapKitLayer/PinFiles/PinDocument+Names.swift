import MapEngine

/// A pin's new name and note written into its element of the file, in
/// place: the value of the member (GeoJSON) or the content of the child
/// (GPX) the name was read from is replaced, or one is added where the
/// format puts it, and every other byte stays as it was.
///
/// GeoJSON: the name is `title` (else the `name` it was read from); the
/// note is `subtitle` (else `description`), a placemark's note its
/// `description`. GPX: `<name>` and `<desc>`.
extension PinDocument {
    /// Which text of a pin changed.
    enum NameField {
        case title, note
    }

    /// The replacements inside the element of `annotation` that write its
    /// title and note where they differ from the file, and add `member`
    /// (a GeoJSON member's text: a looked-up place name) to its properties.
    @MainActor
    func nameEdits(of annotation: FeatureAnnotation, adding member: String? = nil) -> [(range: Range<Int>, text: [UInt8])] {
        let feature = annotation.feature
        var changes: [(field: NameField, text: String)] = []
        if annotation.hasEdits {
            if annotation.title != feature.title { changes.append((.title, annotation.title ?? "")) }
            if annotation.isPlacemark {
                if let note = annotation.editedNote, note != placemarkNote(of: feature) { changes.append((.note, note ?? "")) }
            } else if annotation.subtitle != feature.subtitle {
                changes.append((.note, annotation.subtitle ?? ""))
            }
        }
        guard !changes.isEmpty || member != nil else { return [] }
        let element = elementRanges[feature.index]
        if gpx != nil { return GPXChildren(bytes, element: element).edits(changes) }
        return jsonEdits(changes, in: element, placemark: annotation.isPlacemark, adding: member)
    }

    /// The `description` a placemark feature has in the file: its note.
    func placemarkNote(of feature: PinFeature) -> String? {
        feature.properties.last { $0.key == "description" }?.value
    }

    /// The members to rewrite or add in a GeoJSON feature's `properties`.
    private func jsonEdits(_ changes: [(field: NameField, text: String)], in element: Range<Int>,
                           placemark: Bool, adding member: String?) -> [(range: Range<Int>, text: [UInt8])] {
        var parser = JSONParser(bytes: bytes)
        parser.i = element.lowerBound
        guard let feature = try? parser.value(), case .object(let members) = feature.value else { return [] }
        let properties = members.last { $0.key == "properties" }?.value
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        var added: [String] = member.map { [$0] } ?? []
        for (field, text) in changes {
            // The member read: a string under the first key that has one, as the reader chose.
            let keys = field == .title ? ["title", "name"] : (placemark ? ["description"] : ["subtitle", "description"])
            if case .object(let existing)? = properties?.value,
               let member = keys.lazy.compactMap({ key in existing.last { $0.key == key && $0.value.string != nil } }).first
                ?? existing.last(where: { $0.key == keys[0] }) {
                edits.append((member.value.range, Array(JSONText.quoted(text).utf8)))
            } else if !text.isEmpty {
                added.append("\(JSONText.quoted(field == .title ? "title" : "description")): \(JSONText.quoted(text))")
            }
        }
        guard !added.isEmpty else { return edits }
        let list = added.joined(separator: ", ")
        switch properties?.value {
        case .object(let existing)?:
            let at = properties!.range.lowerBound + 1
            edits.append((at..<at, Array((list + (existing.isEmpty ? "" : ", ")).utf8)))
        case .some:
            edits.append((properties!.range, Array("{\(list)}".utf8)))  // null, or not an object: now one
        case nil:
            let at = feature.range.lowerBound + 1
            edits.append((at..<at, Array("\"properties\": {\(list)}, ".utf8)))
        }
        return edits
    }
}

/// The direct children of one GPX `wpt` element, found by scanning its
/// bytes (comments, CDATA and quoted attributes stepped over), so a child's
/// content can be replaced or a new child put where GPX 1.1's order wants it.
struct GPXChildren {
    struct Child {
        /// The local name (after any `prefix:`).
        let name: String
        /// The whole child, from `<` to the end of its closing tag.
        let range: Range<Int>
        /// Between its start and end tags (empty for `<name/>`, at its end).
        let content: Range<Int>
    }

    let bytes: [UInt8]
    private(set) var children: [Child] = []
    /// Where the element's content ends (its end tag's `<`); nil for `<wpt …/>`.
    private(set) var end: Int?
    /// The start tag's `/>` when the element is empty in that form.
    private(set) var selfClosing: Range<Int>?
    /// The element's own `prefix:` ("" without one).
    private(set) var prefix = ""

    /// The children of the GPX 1.1 waypoint that follow `name`, and those that follow `desc`.
    static let afterName: Set<String> = ["cmt", "desc", "src", "link", "sym", "type", "fix", "sat", "hdop", "vdop", "pdop",
                                         "ageofdgpsdata", "dgpsid", "extensions"]
    static let afterDesc: Set<String> = ["src", "link", "sym", "type", "fix", "sat", "hdop", "vdop", "pdop",
                                         "ageofdgpsdata", "dgpsid", "extensions"]

    init(_ bytes: [UInt8], element: Range<Int>) {
        self.bytes = bytes
        var i = element.lowerBound
        guard let startEnd = tagEnd(from: i, limit: element.upperBound) else { return }
        let tagName = name(at: i + 1)
        if let colon = tagName.firstIndex(of: ":") { prefix = String(tagName[...colon]) }
        if bytes[startEnd - 1] == UInt8(ascii: "/") {
            selfClosing = (startEnd - 1)..<(startEnd + 1)
            return
        }
        i = startEnd + 1
        var depth = 0
        var opening: (name: String, start: Int, content: Int)?
        while i < element.upperBound {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if matches("<!--", at: i) { i = after("-->", from: i, limit: element.upperBound); continue }
            if matches("<![CDATA[", at: i) { i = after("]]>", from: i, limit: element.upperBound); continue }
            if matches("<?", at: i) { i = after("?>", from: i, limit: element.upperBound); continue }
            guard let close = tagEnd(from: i, limit: element.upperBound) else { return }
            if bytes[i + 1] == UInt8(ascii: "/") {
                if depth == 0 { end = i; return }
                depth -= 1
                if depth == 0, let child = opening {
                    children.append(Child(name: child.name, range: child.start..<(close + 1), content: child.content..<i))
                    opening = nil
                }
            } else if bytes[close - 1] == UInt8(ascii: "/") {
                if depth == 0 {
                    children.append(Child(name: GPXChildren.local(name(at: i + 1)), range: i..<(close + 1),
                                          content: close..<close))
                }
            } else {
                if depth == 0 { opening = (GPXChildren.local(name(at: i + 1)), i, close + 1) }
                depth += 1
            }
            i = close + 1
        }
    }

    /// The replacements that give the element these name and note texts.
    func edits(_ changes: [(field: PinDocument.NameField, text: String)]) -> [(range: Range<Int>, text: [UInt8])] {
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        var inserted: [String] = []  // for an element written `<wpt …/>`: its new children, in order
        for (field, text) in changes.sorted(by: { $0.field == .title && $1.field == .note }) {
            let tag = field == .title ? "name" : "desc"
            let escaped = PinDocument.xmlEscaped(text)
            if let child = children.first(where: { $0.name == tag }) {
                if child.content.isEmpty && bytes[child.range.upperBound - 2] == UInt8(ascii: "/") {
                    edits.append((child.range, Array("<\(prefix)\(tag)>\(escaped)</\(prefix)\(tag)>".utf8)))
                } else {
                    edits.append((child.content, Array(escaped.utf8)))
                }
                continue
            }
            guard !text.isEmpty else { continue }
            let element = "<\(prefix)\(tag)>\(escaped)</\(prefix)\(tag)>"
            if selfClosing != nil { inserted.append(element); continue }
            let follows = field == .title ? GPXChildren.afterName : GPXChildren.afterDesc
            if let next = children.first(where: { follows.contains($0.name) }) {
                // In the next child's place, that child on a line of its own below, as indented.
                let indent = GPXLayout.lineIndent(bytes, next.range.lowerBound)
                let separator = indent.isEmpty ? [] : [0x0A] + indent
                edits.append((next.range.lowerBound..<next.range.lowerBound, Array(element.utf8) + separator))
            } else if let last = children.last {
                let indent = GPXLayout.lineIndent(bytes, last.range.lowerBound)
                let separator = indent.isEmpty ? [] : [0x0A] + indent
                edits.append((last.range.upperBound..<last.range.upperBound, separator + Array(element.utf8)))
            } else if let end {
                edits.append((end..<end, Array(element.utf8)))
            }
        }
        if let selfClosing, !inserted.isEmpty {
            edits.append((selfClosing, Array((">" + inserted.joined() + "</\(prefix)wpt>").utf8)))
        }
        return edits
    }

    static func local(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    private func name(at start: Int) -> String {
        var i = start
        while i < bytes.count, !" \t\r\n/>".utf8.contains(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private func matches(_ text: StaticString, at i: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[i + $0] == text.utf8Start[$0] }
    }

    private func after(_ text: StaticString, from i: Int, limit: Int) -> Int {
        var j = i
        while j < limit, !matches(text, at: j) { j += 1 }
        return min(limit, j + text.utf8CodeUnitCount)
    }

    /// The `>` that ends the tag starting at `i`, stepping over quoted attribute values.
    private func tagEnd(from i: Int, limit: Int) -> Int? {
        var j = i + 1, quote: UInt8?
        while j < limit {
            let byte = bytes[j]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return j
            }
            j += 1
        }
        return nil
    }
}
