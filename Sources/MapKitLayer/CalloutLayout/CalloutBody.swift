import MapEngine

/// A callout laid out but not yet placed: the bubble's size without its
/// pointer, its background and what it holds, all in pixels.
struct CalloutBody: Equatable, Sendable {
    enum Background: Equatable, Sendable {
        /// The standard look: a white rounded bubble.
        case bubble
        /// A custom layout's look: a gradient strip on top, a solid fill below.
        case strip(CalloutStrip)
    }

    var size: Size
    var background: Background
    var elements: [CalloutElement]

    init(size: Size, background: Background, elements: [CalloutElement]) {
        self.size = size
        self.background = background
        self.elements = elements
    }
}

/// The background of a custom callout: a strip of fixed height filled with
/// a vertical gradient, and below it a solid fill of the gradient's end
/// colour, so the gradient looks the same at any callout height.
package struct CalloutStrip: Equatable, Sendable {
    /// The strip is this many points high at every callout height.
    package static let height = 26.0

    /// The colour at the strip's top.
    package var top: Color
    /// The colour at the strip's bottom.
    package var bottom: Color

    /// A strip fading from `top` to `bottom`.
    package init(top: Color, bottom: Color) {
        self.top = top
        self.bottom = bottom
    }

    /// The solid part's colour: the gradient's end.
    package var solid: Color { bottom }
}
