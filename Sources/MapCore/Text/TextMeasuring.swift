/// A font as the scene asks for it: a size in pixels and a weight.
public struct FontSpec: Equatable, Hashable, Sendable {
    /// A face of the font: upright or slanted, regular or bold.
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

    /// A font `size` high in the face `weight`.
    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }
}

/// Measures text as the renderer will draw it, so the core can lay out text
/// without a font library (tests pass fixed metrics).
public protocol TextMeasuring {
    /// The size of `text` drawn on one line in `font`.
    func size(of text: String, font: FontSpec) -> Size
}
