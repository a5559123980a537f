/// A font as the scene asks for it: a size in pixels, a weight, and the
/// family names a style asked for (MapLibre's `text-font`), best first.
///
///     let font = FontSpec(size: 13, weight: .bold)
///     let width = canvas.size(of: "CHF 4.50", font: font).width
public struct FontSpec: Equatable, Hashable, Sendable {
    /// A face of the font: upright or slanted, regular or bold.
    ///
    ///     canvas.draw("Closed", font: FontSpec(size: 11, weight: .italic), color: Color(hex: 0x666666), at: Point(x: 4, y: 4))
    public enum Weight: String, Equatable, Hashable, Sendable {
        /// The upright and slanted faces, regular or bold.
        case regular, bold, italic
        /// Bold and slanted.
        case boldItalic = "bold-italic"
    }

    /// The font's size, in points or pixels as the caller uses them.
    public var size: Double
    /// The face: regular, bold, italic or bold italic.
    public var weight: Weight
    /// Font names as a style writes them ("Noto Sans Bold", "Open Sans
    /// Semibold"), best first; empty for the map's own font. The renderer
    /// matches them to installed families, and falls back per script.
    public var stack: [String]

    /// A font `size` high in the face `weight`, from `stack` when given.
    public init(size: Double, weight: Weight = .regular, stack: [String] = []) {
        self.size = size
        self.weight = weight
        self.stack = stack
    }
}

/// A piece of text that is drawn whole when text follows a line: a
/// grapheme cluster, a conjunct of an Indic script, or a joined word of a
/// cursive script such as Arabic, with the room it takes.
package struct TextSegment: Equatable, Sendable {
    /// The characters, in logical (reading) order.
    package var text: String
    /// Its advance along the line, in pixels.
    package var advance: Double

    /// A segment of `text` taking `advance` pixels.
    package init(text: String, advance: Double) {
        self.text = text
        self.advance = advance
    }
}

/// Measures text as the renderer will draw it, so the core can lay out text
/// without a font library (tests pass fixed metrics).
package protocol TextMeasuring {
    /// The size of `text` drawn on one line in `font`.
    func size(of text: String, font: FontSpec) -> Size
    /// `text` on one line cut into the pieces that may be placed apart,
    /// in visual order, left to right (right-to-left runs come reversed,
    /// as the bidi algorithm lays them out).
    func segments(of text: String, font: FontSpec) -> [TextSegment]
    /// Where a line may break in `text`, by Unicode's line-break rules: each
    /// index is the start of a possible next line (never the start of the text).
    func lineBreaks(in text: String) -> [String.Index]
}

extension TextMeasuring {
    /// Each character its own piece, measured alone, in reading order: right
    /// for fixed metrics and simple left-to-right text.
    package func segments(of text: String, font: FontSpec) -> [TextSegment] {
        text.map { TextSegment(text: String($0), advance: size(of: String($0), font: font).width) }
    }

    /// Unicode's rules in brief: after spaces and hyphens, and around
    /// Chinese and Japanese characters (see `LineBreakRules`).
    package func lineBreaks(in text: String) -> [String.Index] {
        LineBreakRules.opportunities(in: text)
    }
}
