import Foundation

extension LabelLook {
    /// The writing modes a point label of `text` tries, true for vertical:
    /// the style's order, vertical only for text with a character that
    /// stands upright in a column (Chinese, Japanese, Korean), as MapLibre allows it.
    func writingModes(for text: String) -> [Bool] {
        guard verticalModes.contains(true), text.contains(where: LabelLook.standsUpright) else { return LabelLook.levelOnly }
        var modes: [Bool] = []
        for mode in verticalModes where !modes.contains(mode) { modes.append(mode) }
        return modes
    }

    /// Whether a label along a line running at `angle` (radians, on screen)
    /// is set in a column down it, as MapLibre sets CJK text along lines: its
    /// text has a character that stands upright, the line is nearer upright
    /// than level, and the text is kept upright. Each upright character
    /// then stands one em down the line; other letters lie along it.
    func setsInColumn(_ text: String, along angle: Double) -> Bool {
        keepUpright && abs(sin(angle)) > abs(cos(angle)) && text.contains(where: LabelLook.standsUpright)
    }

    /// Level text alone, the mode of almost every label (kept, not made per label).
    static let levelOnly = [false]

    /// Whether a character keeps its upright form in a vertical column:
    /// ideographs, kana, CJK punctuation, full-width forms and Hangul.
    static func standsUpright(_ character: Character) -> Bool {
        if LineBreakRules.isIdeographic(character) { return true }
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true
        default: return false
        }
    }
}

extension LabelPlacer {
    /// A point label written in columns (`text-writing-mode: vertical`), as
    /// MapLibre sets CJK text: each line a column read top to bottom, the
    /// columns from right to left; each upright character one em down, a
    /// run of other letters (Latin, digits) turned 90° clockwise along the
    /// column. The columns' box stands at the anchor as level text's does.
    mutating func verticalLabel(_ candidate: LabelCandidate, at anchor: Point, textAnchor: LabelLook.Anchor,
                                size: Double) -> ([PlacedLabel.Piece], [Rect])? {
        let look = candidate.look
        let font = FontSpec(size: size, weight: look.weight, stack: look.fonts)
        let columns = candidate.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !columns.isEmpty else { return nil }
        // Each column's parts: (text, turned, length along the column, measured size).
        var laid: [[(text: String, turned: Bool, length: Double, size: Size)]] = []
        for column in columns {
            var parts: [(text: String, turned: Bool, length: Double, size: Size)] = []
            var run = ""
            func closeRun() {
                let trimmed = run.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty {
                    let measured = metrics.size(of: trimmed, font: font)
                    parts.append((trimmed, true, measured.width, measured))
                }
                run = ""
            }
            for character in column {
                if LabelLook.standsUpright(character) {
                    closeRun()
                    parts.append((String(character), false, size, metrics.size(of: String(character), font: font)))
                } else {
                    run.append(character)
                }
            }
            closeRun()
            if !parts.isEmpty { laid.append(parts) }
        }
        let spacing = look.lineHeight * size
        let height = laid.map { $0.reduce(0) { $0 + $1.length } }.max() ?? 0
        let width = size + spacing * Double(laid.count - 1)
        guard height > 0 else { return nil }
        let origin = look.origin(ofText: Size(width: width, height: height), at: anchor, standingAt: textAnchor, em: size)
        var pieces: [PlacedLabel.Piece] = []
        for (index, parts) in laid.enumerated() {
            // The first line is the rightmost column.
            let middle = origin.x + width - size / 2 - spacing * Double(index)
            var y = origin.y
            for part in parts {
                let centre = Point(x: middle, y: y + part.length / 2)
                pieces.append(PlacedLabel.Piece(text: part.text, rect: Rect(x: centre.x - part.size.width / 2, y: centre.y - part.size.height / 2,
                                                                            width: part.size.width, height: part.size.height),
                                                rotation: part.turned ? 90 : 0))
                y += part.length
            }
        }
        return (pieces, [Rect(x: origin.x, y: origin.y, width: width, height: height)])
    }
}
