import Foundation
import MapEngine

/// A GeoJSON FeatureCollection (RFC 7946) read as pins: every Point feature
/// becomes a `PinFeature`. The file's bytes are kept so that saving changes
/// only the coordinates of moved pins and leaves every other byte alone.
///
///     let document = try PinDocument.load(from: URL(fileURLWithPath: "pins.geojson"))
///     let pins = document.makeAnnotations()
///     ... pins move ...
///     try document.save(pins, to: url)   // atomically, keeping pins.geojson.bak
///
/// Properties read: `title` (else `name`), `subtitle` (else `description`),
/// `marker-color` (simplestyle; "red", "green", "purple" or a hex colour),
/// `marker-symbol` ("bullseye" for a bullseye), `draggable` (default true).
public struct PinDocument: Sendable {
    /// Where a pin is to be written.
    package typealias Position = (any Annotation) -> Coordinate

    /// The file's name as given, for messages.
    public let file: String
    /// The file exactly as read.
    public let bytes: [UInt8]
    /// The Point features, one per pin, in file order.
    package let features: [PinFeature]
    /// The features that are lines and areas, drawn as overlays and written back untouched.
    package let shapes: [ShapeFeature]
    /// Things skipped or ignored while reading, one line each.
    public let warnings: [String]
    /// Byte ranges of every element of the "features" array, Point or not.
    let elementRanges: ByteRanges
    /// Where the "features" array's closing bracket is: new pins go before it.
    let featuresEnd: Int
    /// The file read as GPX (its waypoints are the features, its tracks and
    /// routes drawn as lines); nil for GeoJSON.
    public let gpx: GPXDocument?

    /// The largest pins file read: about five million pins.
    public static let sizeLimit = 1 << 30

    /// Reads a GeoJSON or a GPX file (told apart by their first character).
    package static func load(from url: URL, files: any FileStore) throws(PinFileError) -> PinDocument {
        let isGPX = url.pathExtension.lowercased() == "gpx"
        let bytes: [UInt8]
        do {
            bytes = try files.read(url.path, limit: isGPX ? GPXDocument.sizeLimit : sizeLimit)
        } catch {
            throw .unreadable(file: url.path, reason: error.reason)
        }
        if bytes.count > GPXDocument.sizeLimit, GPXDocument.looksLikeXML(bytes.prefix(1024)) {
            let error = FileReadError(path: url.path, problem: .tooLarge(size: bytes.count, limit: GPXDocument.sizeLimit))
            throw .unreadable(file: url.path, reason: error.reason)
        }
        return try parse(bytes, file: url.path)
    }

    /// Why a GeoJSON file of bytes that are not UTF-8 is refused.
    package static let notUTF8 = "bytes that are not UTF-8 (GeoJSON is UTF-8 text)"

    /// Reads GeoJSON, or GPX when the bytes start with `<`.
    public static func parse(_ bytes: [UInt8], file: String) throws(PinFileError) -> PinDocument {
        if GPXDocument.looksLikeXML(bytes.prefix(1024)) { return try parseGPX(bytes, file: file) }
        var reader = PinFeatureReader(file: file, bytes: bytes)
        let features = try reader.read()
        // JSON is UTF-8: other bytes would be read as U+FFFD and, at the next save, written back over the user's text.
        if let offset = UTF8Check.firstInvalidOffset(bytes) {
            let (line, column) = TextPosition(offset: offset, in: bytes).pair
            throw .syntax(file: file, line: line, column: column, reason: PinDocument.notUTF8)
        }
        return PinDocument(file: file, bytes: bytes, features: features, shapes: reader.shapes, warnings: reader.warnings,
                           elementRanges: reader.elementRanges, featuresEnd: reader.featuresEnd, gpx: nil)
    }

    /// One annotation per feature; with `clusterAll` every one clusters.
    @MainActor public func makeAnnotations(clusterAll: Bool = false) -> [FeatureAnnotation] {
        features.indices.map { FeatureAnnotation(features: features, position: $0, clusterAll: clusterAll) }
    }

    /// True when some annotation stands elsewhere than its feature says.
    @MainActor public func hasChanges(_ annotations: [FeatureAnnotation]) -> Bool {
        annotations.contains { $0.coordinate != $0.feature.coordinate }
    }

    /// The file's bytes with the coordinates of moved annotations rewritten
    /// and the features of `deleted` ones cut out of the array. With
    /// `placeNames`, placemarks whose feature has no subtitle gain their
    /// looked-up name as a `subtitle` property. `added` pins (dropped on
    /// the map) are appended to the array as new features.
    ///
    /// `position` says where each pin is written: where it stands unless
    /// told otherwise (a map passes where a carried pin rests).
    @MainActor
    package func encoded(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
                        placeNames: Bool = false, added: [PointAnnotation] = [],
                        position: Position = \.coordinate) -> [UInt8] {
        let removed = Set(deleted.map(\.feature.index))
        var replacements = annotations.filter { !removed.contains($0.feature.index) }
            .flatMap { elementEdits(of: $0, at: position($0), placeNames: placeNames) }
        replacements += cuts(removing: removed).map { ($0, []) }
        if let appended = appending(added.map { pin in
            elementText(pin, at: position(pin), placeNames: placeNames)
        }, removed: removed) {
            replacements.append(appended)
        }
        return assembled(replacements)
    }

    /// The changes inside one feature's element: its coordinates when it
    /// moved, its name and note when the person changed them, and its
    /// looked-up name when place names are saved.
    @MainActor
    func elementEdits(of annotation: FeatureAnnotation, at coordinate: Coordinate,
                      placeNames: Bool) -> [(range: Range<Int>, text: [UInt8])] {
        var edits = nameEdits(of: annotation, adding: placeNames ? PinDocument.placeNameMember(annotation) : nil)
        if coordinate != annotation.feature.coordinate {
            let feature = annotation.feature
            edits.append((feature.longitudeRange, Array(PinDocument.format(coordinate.longitude).utf8)))
            edits.append((feature.latitudeRange, Array(PinDocument.format(coordinate.latitude).utf8)))
        }
        return edits
    }

    /// New elements (feature texts) to add after the last element kept, or
    /// else just before the "]"; nil when there are none.
    func appending(_ texts: [[UInt8]], removed: Set<Int>) -> (range: Range<Int>, text: [UInt8])? {
        guard !texts.isEmpty else { return nil }
        let lastKept = elementRanges.indices.last { !removed.contains($0) }
        if let gpx {
            // After the last waypoint kept, on lines of their own, or where GPX puts the first.
            if let lastKept {
                let at = elementRanges[lastKept].upperBound
                let indent = GPXLayout.lineIndent(bytes, elementRanges[lastKept].lowerBound)
                return (at..<at, texts.flatMap { [0x0A] + indent + $0 })
            }
            let at = gpx.layout.insertion
            var joined: [UInt8] = []
            for (i, text) in texts.enumerated() { joined += (i > 0 ? Array("\n  ".utf8) : []) + text }
            return (at..<at, gpx.layout.inserted(joined))
        }
        let at = lastKept.map { elementRanges[$0].upperBound } ?? featuresEnd
        var text: [UInt8] = []
        for (i, element) in texts.enumerated() {
            text += Array(((lastKept != nil || i > 0) ? ",\n    " : "\n    ").utf8) + element
        }
        if lastKept == nil { text += Array("\n  ".utf8) }
        return (at..<at, text)
    }

    /// The file's bytes with each range replaced by its text.
    func assembled(_ replacements: [(range: Range<Int>, text: [UInt8])]) -> [UInt8] {
        // By position; an insertion goes before a cut that starts where it is.
        let sorted = replacements.sorted {
            ($0.range.lowerBound, $0.range.count) < ($1.range.lowerBound, $1.range.count)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + sorted.count * 4)
        var position = 0
        for replacement in sorted {
            output += bytes[position..<replacement.range.lowerBound]
            output += replacement.text
            position = replacement.range.upperBound
        }
        output += bytes[position...]
        return output
    }

    /// The `"subtitle": "…"` member to add to a placemark whose feature has
    /// no subtitle, once its name is known (not while it reads the coordinate).
    @MainActor
    private static func placeNameMember(_ annotation: FeatureAnnotation) -> String? {
        let feature = annotation.feature
        guard feature.isPlacemark, feature.subtitle == nil, feature.propertiesSlot != nil,
              let name = annotation.subtitle, name != annotation.coordinate.displayText else { return nil }
        return "\"subtitle\": \(jsonString(name))"
    }

    /// A pin dropped on the map as a feature: a purple placemark, with its
    /// looked-up name only when place names are saved.
    @MainActor
    static func featureText(_ pin: PointAnnotation, at coordinate: Coordinate, placeNames: Bool) -> String {
        var properties: [String] = []
        if let title = pin.title { properties.append("\"title\": \(jsonString(title))") }
        if let note = pin.placemarkNote, !note.isEmpty { properties.append("\"description\": \(jsonString(note))") }
        if placeNames, let name = pin.subtitle, name != pin.coordinate.displayText {
            properties.append("\"subtitle\": \(jsonString(name))")
        }
        properties += ["\"marker-color\": \"purple\"", "\"placemark\": \(pin.isPlacemark)"]
        let id = pin.identifier.map { "\"id\": \(jsonString($0)), " } ?? ""
        return "{\"type\": \"Feature\", \(id)\"geometry\": {\"type\": \"Point\", \"coordinates\": ["
            + "\(format(coordinate.longitude)), \(format(coordinate.latitude))]}, \"properties\": {"
            + properties.joined(separator: ", ") + "}}"
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String { JSONText.quoted(text) }

    /// The byte ranges to cut so the elements at `removed` leave the array
    /// with its commas right: an element goes with the separator after it,
    /// or, when no kept element follows, with the separator before it.
    func cuts(removing removed: Set<Int>) -> [Range<Int>] {
        guard !removed.isEmpty else { return [] }
        var cuts: [Range<Int>] = []
        let kept = elementRanges.indices.filter { !removed.contains($0) }
        for index in removed.sorted() {
            let range = elementRanges[index]
            if let next = kept.first(where: { $0 > index }) {
                cuts.append(range.lowerBound..<elementRanges[next].lowerBound)
            } else if let previous = kept.last(where: { $0 < index }) {
                cuts.append(elementRanges[previous].upperBound..<range.upperBound)
            } else if index + 1 < elementRanges.count {
                // Nothing kept on either side: it goes with the separator
                // after it, up to the next (also removed) element.
                cuts.append(range.lowerBound..<elementRanges[index + 1].lowerBound)
            } else {
                cuts.append(range)
            }
        }
        // Cuts that overlap become one.
        cuts.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for cut in cuts {
            if let last = merged.last, cut.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, cut.upperBound)
            } else {
                merged.append(cut)
            }
        }
        return merged
    }

    /// Writes the document with moved annotations' coordinates to `url`,
    /// leaving out the features of `deleted` annotations: atomically,
    /// keeping the previous file as `<name>.bak`.
    @MainActor package func save(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
                     placeNames: Bool = false, added: [PointAnnotation] = [], to url: URL,
                     files: any FileStore) throws(PinFileError) {
        do {
            try files.write(encoded(annotations, deleted: deleted, placeNames: placeNames, added: added),
                            to: url.path, keepingBackup: true)
        } catch {
            throw .unwritable(file: url.path, reason: error.reason)
        }
    }

    /// A degree value with at most seven decimals (about a centimetre),
    /// without trailing zeros: 2.35, -122.478.
    func format(_ degrees: Double) -> String { PinDocument.format(degrees) }

    static func format(_ degrees: Double) -> String {
        var text = String(format: "%.7f", degrees)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
