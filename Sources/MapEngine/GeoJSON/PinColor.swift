/// A pin's colour: one of MapKit's three, or any tint.
///
///     let view = PinAnnotationView(annotation: annotation)
///     view.pinColor = .tint(Color(hex: 0xF57C00))   // or .red, .green, .purple
public enum PinColor: Equatable, Sendable {
    /// MapKit's three pin colours, each drawn from images of its own.
    case red, green, purple
    /// Any colour: the white pin tinted.
    case tint(Color)

    /// The colours that have images of their own.
    package enum Baked: String, CaseIterable, Sendable {
        /// The colours with images of their own.
        case red, green, purple
    }

    /// The colour a GeoJSON `marker-color` names: the three pin colours by
    /// name, any other CSS hex colour as a tint.
    public init?(markerColor text: String) {
        switch text.lowercased() {
        case "red": self = .red
        case "green": self = .green
        case "purple": self = .purple
        default:
            guard let color = Color(cssHex: text) else { return nil }
            self = .tint(color)
        }
    }
}
