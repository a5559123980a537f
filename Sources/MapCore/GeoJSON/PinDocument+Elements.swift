/// A pins file seen element by element: what each element of the
/// "features" array should read, so that the session's edits can be laid
/// onto a file another program has changed in the meantime.
extension PinDocument {
    /// One element of the "features" array: `#<index>` for an element of
    /// the file as first read, `+<id>` for a pin dropped on the map.
    struct Element: Equatable, Sendable {
        let key: String
        let text: [UInt8]
    }

    /// The elements the file holds with the session's edits: every element
    /// read, in order, with its pin's move and name written in and the
    /// deleted ones left out, then the pins dropped on the map.
    func elements(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
                  placeNames: Bool = false, added: [PointAnnotation] = [],
                  position: Position = \.coordinate) -> [Element] {
        let removed = Set(deleted.map(\.feature.index))
        var byIndex: [Int: FeatureAnnotation] = [:]
        for annotation in annotations { byIndex[annotation.feature.index] = annotation }
        var result: [Element] = []
        for (index, range) in elementRanges.enumerated() where !removed.contains(index) {
            var text = Array(bytes[range])
            if let annotation = byIndex[index] {
                // Inner edits from the back, so earlier offsets stay right.
                let edits = PinDocument.edits(of: annotation, at: position(annotation), placeNames: placeNames)
                    .sorted { $0.range.lowerBound > $1.range.lowerBound }
                for edit in edits {
                    let local = (edit.range.lowerBound - range.lowerBound)..<(edit.range.upperBound - range.lowerBound)
                    text.replaceSubrange(local, with: edit.text)
                }
            }
            result.append(Element(key: "#\(index)", text: text))
        }
        for (i, pin) in added.enumerated() {
            result.append(Element(key: "+\(pin.identifier ?? String(i))",
                                  text: Array(PinDocument.featureText(pin, at: position(pin),
                                                                      placeNames: placeNames).utf8)))
        }
        return result
    }

    /// Lays the change from `before` to `after` onto this document (a
    /// version of the file that may hold other programs' edits): each
    /// element that changed or went is found here by its old text, and new
    /// ones are added at the end. Nil when an element the session changed
    /// is no longer here as the session left it (the other program changed
    /// or removed that very pin): the two edits conflict.
    func applying(from before: [Element], to after: [Element]) -> [UInt8]? {
        let old = Dictionary(before.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
        var claimed = Set<Int>()
        /// The first element here with exactly `text` not yet matched.
        func find(_ text: [UInt8]) -> Int? {
            let index = elementRanges.indices.first { !claimed.contains($0) && bytes[elementRanges[$0]].elementsEqual(text) }
            if let index { claimed.insert(index) }
            return index
        }
        var replacements: [(range: Range<Int>, text: [UInt8])] = []
        var removed = Set<Int>()
        for element in before {
            guard let now = new[element.key] else {
                guard let index = find(element.text) else { return nil }
                removed.insert(index)
                continue
            }
            guard now != element.text else { continue }
            guard let index = find(element.text) else { return nil }
            replacements.append((elementRanges[index], now))
        }
        replacements += cuts(removing: removed).map { ($0, []) }
        let appended = after.filter { old[$0.key] == nil }.map(\.text)
        if let insertion = appending(appended, removed: removed) { replacements.append(insertion) }
        return assembled(replacements)
    }
}
