/// A custom callout described by a layout file (the counterpart of the nib
/// a MapKit app would load): a gradient strip background and a list of
/// elements, stacked top to bottom or at explicit frames. Sizes are in
/// points. Read one with `CalloutLayoutParser`, or many with
/// `CalloutLayoutLibrary`.
///
///     view.calloutLayout = library.layout(named: "city")
public struct CalloutLayout: Equatable, Sendable {
    public enum Arrangement: String, Equatable, Sendable {
        /// Elements one under the other, with `padding` around and `spacing` between.
        case stack
        /// Each element at its own `frame`.
        case frames
    }

    public enum Alignment: String, Equatable, Sendable {
        case left, center, right
    }

    /// One element of the layout.
    public struct Element: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// Text with `{title}`, `{subtitle}`, `{coordinate}` or
            /// `{property}` placeholders, on one line, cut with an
            /// ellipsis when too long.
            case label(text: String, font: FontSpec, color: Color)
            case image(AnnotationImage)
            case button(Button)
            /// Elements side by side, centred on one line.
            case row([Element], spacing: Double)
        }

        public var kind: Kind
        public var frame: Rect?
        public var alignment: Alignment

        public init(_ kind: Kind, frame: Rect? = nil, alignment: Alignment = .left) {
            self.kind = kind
            self.frame = frame
            self.alignment = alignment
        }
    }

    /// A button: a built-in accessory look, an image, or a label on a
    /// coloured pill; a tap reports `action`.
    public struct Button: Equatable, Sendable {
        public enum Look: Equatable, Sendable {
            case accessory(CalloutAccessory.Kind)
            case titled(String, font: FontSpec, textColor: Color, fill: Color)
        }

        public var look: Look
        public var action: String

        public init(look: Look, action: String) {
            self.look = look
            self.action = action
        }
    }

    /// The file's name without ".json", by which pins choose it.
    public var name: String
    /// The file it was read from, for messages.
    public var file: String
    public var strip: CalloutStrip
    public var arrangement: Arrangement
    public var padding: Double
    public var spacing: Double
    /// A fixed width; without one a stack is as wide as its content
    /// (75 to 300 pt) and frames reach their farthest element plus padding.
    public var width: Double?
    /// A fixed height, for frames.
    public var height: Double?
    public var elements: [Element]

    public static let defaultStrip = CalloutStrip(top: Color(hex: 0xFFFFFF, alpha: 235),
                                                  bottom: Color(hex: 0xE3EAF2, alpha: 245))
    public static let defaultPadding = 10.0
    public static let defaultSpacing = 4.0
    public static let defaultLabelFont = FontSpec(size: 13)
    public static let defaultTextColor = Color(hex: 0x1B1B1B)
    public static let defaultButtonFill = Color(hex: 0x1E88E5)
    public static let defaultButtonTextColor = Color(hex: 0xFFFFFF)

    public init(name: String, file: String, strip: CalloutStrip = CalloutLayout.defaultStrip,
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
