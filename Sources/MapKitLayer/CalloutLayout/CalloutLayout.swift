import MapEngine

/// A custom callout described by a layout file (the counterpart of the nib
/// a MapKit app would load): a gradient strip background and a list of
/// elements, stacked top to bottom or at explicit frames. Sizes are in
/// points. Read one with `CalloutLayoutParser`, or many with
/// `CalloutLayoutLibrary`.
///
///     view.calloutLayout = library.layout(named: "city")
package struct CalloutLayout: Equatable, Sendable {
    /// How the elements are placed.
    package enum Arrangement: String, Equatable, Sendable {
        /// Elements one under the other, with `padding` around and `spacing` between.
        case stack
        /// Each element at its own `frame`.
        case frames
    }

    /// How an element lines up across the callout's width.
    package enum Alignment: String, Equatable, Sendable {
        /// Against the left edge, in the middle, or against the right edge.
        case left, center, right
    }

    /// One element of the layout.
    package struct Element: Equatable, Sendable {
        /// What an element shows.
        package enum Kind: Equatable, Sendable {
            /// Text with `{title}`, `{subtitle}`, `{coordinate}` or
            /// `{property}` placeholders, on one line, cut with an
            /// ellipsis when too long.
            case label(text: String, font: FontSpec, color: Color)
            /// An image, at its own size.
            case image(AnnotationImage)
            /// A button that reports its action when tapped.
            case button(Button)
            /// Elements side by side, centred on one line.
            case row([Element], spacing: Double)
        }

        /// What the element shows.
        package var kind: Kind
        /// Where it sits in a `frames` layout, in points from the callout's top-left corner; nil in
        /// a stack.
        package var frame: Rect?
        /// How it lines up across the callout in a stack.
        package var alignment: Alignment

        /// An element showing `kind`, at `frame` or stacked, lined up by `alignment`.
        package init(_ kind: Kind, frame: Rect? = nil, alignment: Alignment = .left) {
            self.kind = kind
            self.frame = frame
            self.alignment = alignment
        }
    }

    /// A button: a built-in accessory look, an image, or a label on a
    /// coloured pill; a tap reports `action`.
    package struct Button: Equatable, Sendable {
        /// How a button looks.
        package enum Look: Equatable, Sendable {
            /// One of the built-in callout controls.
            case accessory(CalloutAccessory.Kind)
            /// A label on a coloured pill.
            case titled(String, font: FontSpec, textColor: Color, fill: Color)
        }

        /// How the button looks.
        package var look: Look
        /// What a tap reports to the delegate.
        package var action: String

        /// A button that looks like `look` and reports `action`.
        package init(look: Look, action: String) {
            self.look = look
            self.action = action
        }
    }

    /// The file's name without ".json", by which pins choose it.
    package var name: String
    /// The file it was read from, for messages.
    package var file: String
    /// The gradient behind the elements.
    package var strip: CalloutStrip
    /// Whether elements stack or sit at their frames.
    package var arrangement: Arrangement
    /// Points between the callout's edge and its elements.
    package var padding: Double
    /// Points between stacked elements.
    package var spacing: Double
    /// A fixed width; without one a stack is as wide as its content
    /// (75 to 300 pt) and frames reach their farthest element plus padding.
    package var width: Double?
    /// A fixed height, for frames.
    package var height: Double?
    /// The elements, in drawing order.
    package var elements: [Element]

    /// White fading to a pale blue-grey, opaque: nothing of the map shows through the text.
    package static let defaultStrip = CalloutStrip(top: Color(hex: 0xFFFFFF),
                                                  bottom: Color(hex: 0xE3EAF2))
    /// 10 points round the elements.
    package static let defaultPadding = 10.0
    /// 4 points between stacked elements.
    package static let defaultSpacing = 4.0
    /// A label's font unless the file names one: 13 points, regular.
    package static let defaultLabelFont = FontSpec(size: 13)
    /// A label's colour unless the file names one: near black.
    package static let defaultTextColor = Color(hex: 0x1B1B1B)
    /// A titled button's fill unless the file names one: blue.
    package static let defaultButtonFill = Color(hex: 0x1E88E5)
    /// A titled button's text colour unless the file names one: white.
    package static let defaultButtonTextColor = Color(hex: 0xFFFFFF)

    /// A layout named `name`, read from `file`, with these elements and looks.
    package init(name: String, file: String, strip: CalloutStrip = CalloutLayout.defaultStrip,
                arrangement: Arrangement = .stack, padding: Double = CalloutLayout.defaultPadding,
                spacing: Double = CalloutLayout.defaultSpacing, width: Double? = nil, height: Double? = nil,
                elements: [Element]) {
        self.name = name
        self.file = file
        self.strip = strip
        self.arrangement = arrangement
        self.padding = padding
        self.spacing = spacing
        self.width = width
        self.height = height
        self.elements = elements
    }
}
