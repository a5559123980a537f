import MapEngine

/// A pins file seen element by element: how the session's edits change the
/// elements of the "features" array, so that they can be laid onto a file
/// another program has changed in the meantime. Only what differs from the
/// file as first read is kept, so a save of 100,000 pins with one moved
/// costs one element, not a copy of every one.
extension PinDocument {
    /// The session's edits as element texts: the elements read whose text
    /// changed (a move, a name written in), those deleted, and the pins
    /// dropped on the map (by identifier, in dropping order).
    struct Edits: Sendable {
        var changed: [Int: [UInt8]] = [:]
        var removed: Set<Int> = []
        var added: [(key: String, text: [UInt8])] = []
    }

    @MainActor
    func edits(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
               placeNames: Bool = false, added: [PointAnnotation] = [],
               position: Position = \.coordinate) -> Edits {
        var result = Edits(removed: Set(deleted.map(\.feature.index)))
        for annotation in annotations where !result.removed.contains(annotation.feature.index) {
            let inner = elementEdits(of: annotation, at: position(annotation), placeNames: placeNames)
            guard !inner.isEmpty else { continue }
            let range = elementRanges[annotation.feature.index]
            var text = Array(bytes[range])
            // From the back, so earlier offsets stay right.
            for edit in inner.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                text.replaceSubrange((edit.range.lowerBound - range.lowerBound)..<(edit.range.upperBound - range.lowerBound),
                                     with: edit.text)
            }
            result.changed[annotation.feature.index] = text
        }
        result.added = added.enumerated().map { i, pin in
            ("\(pin.identifier ?? String(i))", elementText(pin, at: position(pin), placeNames: placeNames))
        }
        return result
    }

    /// The text of element `index` of this (first-read) document under
    /// `edits`; nil when deleted.
    private func text(_ index: Int, under edits: Edits) -> [UInt8]? {
        if edits.removed.contains(index) { return nil }
        return edits.changed[index] ?? Array(bytes[elementRanges[index]])
    }

    /// Lays the change from edits `before` to edits `after` (both of this
    /// document) onto `theirs`, a version of the file that may hold other
    /// programs' edits: each element that changed or went is found there by
    /// the text it had, and new ones are added at the end. Nil when an
    /// element the session changed is no longer there as the session left
    /// it (the other program changed or removed that very pin): the two
    /// edits conflict.
    func applying(from before: Edits, to after: Edits, onto theirs: PinDocument) -> [UInt8]? {
        var claimed = Set<Int>()
        /// The first element there with exactly `text` not yet matched.
        func find(_ text: [UInt8]) -> Int? {
            let index = theirs.elementRanges.indices.first {
                !claimed.contains($0) && theirs.bytes[theirs.elementRanges[$0]].elementsEqual(text)
            }
            if let index { claimed.insert(index) }
            return index
        }
        var replacements: [(range: Range<Int>, text: [UInt8])] = []
        var removed = Set<Int>()
        var appended: [[UInt8]] = []
        /// One element's change from `old` to `new` text (nil: absent).
        func lay(_ old: [UInt8]?, _ new: [UInt8]?) -> Bool {
            guard old != new else { return true }
            guard let old else {
                appended.append(new!)
                return true
            }
            guard let index = find(old) else { return false }
            if let new { replacements.append((theirs.elementRanges[index], new)) } else { removed.insert(index) }
            return true
        }
        let touched = Set(before.changed.keys).union(after.changed.keys).union(before.removed).union(after.removed)
        for index in touched.sorted() where !lay(text(index, under: before), text(index, under: after)) {
            return nil
        }
        let oldAdded = Dictionary(before.added.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
        let newAdded = Set(after.added.map(\.key))
        for (key, text) in before.added where !newAdded.contains(key) {
            guard lay(text, nil) else { return nil }
        }
        for (key, text) in after.added where !lay(oldAdded[key], text) {
            return nil
        }
        replacements += theirs.cuts(removing: removed).map { ($0, []) }
        if let insertion = theirs.appending(appended, removed: removed) { replacements.append(insertion) }
        return theirs.assembled(replacements)
    }
}
