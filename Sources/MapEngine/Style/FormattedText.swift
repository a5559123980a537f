/// Text in sections, each with its own look, as a `format` expression
/// makes it for `text-field`: a section is text or an image, and may set
/// its own scale of the text size, fonts, colour and vertical alignment.
package struct FormattedText: Sendable, Equatable {
    /// The most fonts of a `text-font` stack tried, in order; a longer list is cut (and the style says so).
    package static let mostFonts = 16

    /// One run of text (or an image) and what it sets of its look.
    package struct Section: Sendable, Equatable {
        /// The text ("" for an image).
        package var text: String
        /// The image shown in the text's place, if the section is one.
        package var image: StyleImage?
        /// The text size's factor (`font-scale`), when the section sets one.
        package var scale: Double?
        /// The fonts (`text-font`), when the section sets them.
        package var fonts: [String]?
        /// The colour (`text-color`), when the section sets one.
        package var color: StyleColor?
        /// "bottom", "center" or "top" (`vertical-align`), when the section sets it.
        package var verticalAlign: String?

        /// A section of plain text, or an image, setting nothing else.
        package init(text: String, image: StyleImage? = nil, scale: Double? = nil, fonts: [String]? = nil,
                    color: StyleColor? = nil, verticalAlign: String? = nil) {
            self.text = text
            self.image = image
            self.scale = scale
            self.fonts = fonts
            self.color = color
            self.verticalAlign = verticalAlign
        }
    }

    /// The sections in reading order.
    package var sections: [Section]

    /// Text of these sections.
    package init(sections: [Section]) {
        self.sections = sections
    }

    /// The sections' text run together, their looks left out.
    package var plainText: String { sections.map(\.text).joined() }
}

/// An image named by an `image` expression, and whether the map has it.
package struct StyleImage: Sendable, Equatable {
    /// The image's name in the style's sprite.
    package var name: String
    /// Whether the sprite holds it (a `coalesce` of images takes the first it holds).
    package var available: Bool

    /// The image of this name.
    package init(name: String, available: Bool) {
        self.name = name
        self.available = available
    }
}
