import MapEngine

/// One thing inside a callout, placed relative to the bubble's top-left
/// corner in pixels: a line of text, an image, or a control that reports
/// taps.
struct CalloutElement: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case text(String, font: FontSpec, color: Color)
        case image(name: String)
        case control(CalloutControl)
    }

    var content: Content
    var frame: Rect

    init(_ content: Content, frame: Rect) {
        self.content = content
        self.frame = frame
    }

    /// Text and controls catch clicks; images and the background let them through.
    var catchesClicks: Bool {
        if case .image = content { return false }
        return true
    }

    var control: CalloutControl? {
        if case .control(let control) = content { return control }
        return nil
    }
}

/// A button in a callout: an accessory, or a layout file's button. A tap
/// hands `accessory` to the map's delegate.
struct CalloutControl: Equatable, Sendable {
    enum Look: Equatable, Sendable {
        /// An image filling the control's frame.
        case image(name: String)
        /// A rounded button of `fill` colour; its label is a text element
        /// of the callout drawn over it.
        case button(fill: Color)
    }

    /// What the delegate is handed: the view's accessory itself, or a layout button as one.
    var accessory: CalloutAccessory
    var look: Look

    /// The word a tap reports to the program (`callout-action`) and tests name the control by.
    var action: String { accessory.identifier }

    init(accessory: CalloutAccessory, look: Look) {
        self.accessory = accessory
        self.look = look
    }
}
