import MapEngine

/// Where a selected overlay's callout stands: an annotation with no pin,
/// titled as the overlay ("Line" or "Area" when it has no title).
package final class OverlayCallout: PointAnnotation, AnnotationProperties {
    /// The map's own callout stand: not a pin to name.
    override package var isEditable: Bool { false }

    /// The overlay it speaks for.
    package let overlay: any Overlay

    init(overlay: any Overlay, coordinate: Coordinate) {
        self.overlay = overlay
        let kind: String
        if case .areas = overlay.geometry { kind = "Area" } else { kind = "Line" }
        super.init(coordinate: coordinate, title: overlay.title ?? kind, subtitle: overlay.subtitle)
    }

    /// A track's climb and descent as `{climb}`, for its callout's second line.
    package var properties: [(key: String, value: String)] {
        guard let climb = (overlay as? TrackOverlay)?.climbText else { return [] }
        return [("climb", climb)]
    }

    /// Its view: no image, only the callout; a track's has buttons for its
    /// profile and its colouring.
    static func view(for annotation: OverlayCallout) -> AnnotationView {
        let view = AnnotationView(annotation: annotation, reuseIdentifier: nil)
        view.canShowCallout = true
        if annotation.overlay is TrackOverlay { view.calloutLayout = trackLayout }
        return view
    }

    /// The action of a track callout's button that colours the track by
    /// its next value (elevation, speed, heart rate, then none).
    package static let colorAction = "color-by"

    /// The action of a callout's button that opens the details panel
    /// (a pin's info button, a track's "Profile").
    package static let detailsAction = "details"

    /// A track's callout: its name, its figures, and buttons for the
    /// details panel (with the elevation profile) and the colouring.
    static let trackLayout: CalloutLayout? = try? CalloutLayoutParser(file: "track callout", name: "track").parse(Array("""
        {"strip": {"top": "#ffffff", "bottom": "#e3eaf2"}, "padding": 10, "spacing": 4,
         "elements": [
           {"type": "label", "text": "{title}", "size": 16, "weight": "bold", "color": "#1b1b1b"},
           {"type": "label", "text": "{subtitle}", "size": 12, "color": "#3c4043"},
           {"type": "label", "text": "{climb}", "size": 12, "color": "#3c4043"},
           {"type": "row", "spacing": 8, "elements": [
             {"type": "button", "title": "Profile", "action": "\(detailsAction)", "size": 12},
             {"type": "button", "title": "Colour", "action": "\(colorAction)", "size": 12}
           ]}
         ]}
        """.utf8))
}
