import MapEngine

/// Where the menu's "What's here?" callout stands: an annotation with no
/// pin, titled with the place's coordinates, whose subtitle the map's
/// geocoder fills with the place's name and region (it is a placemark). It
/// is on the map only while selected, and never saved.
package final class PlaceCallout: PointAnnotation {
    /// The map's own callout stand: not a pin to name.
    override package var isEditable: Bool { false }

    init(coordinate: Coordinate) {
        super.init(coordinate: coordinate, title: ContextMenu.coordinateText(coordinate), subtitle: coordinate.displayText,
                   isPlacemark: true)
    }

    /// Its view: no image, only the callout, pointing at the place.
    static func view(for annotation: PlaceCallout) -> AnnotationView {
        let view = AnnotationView(annotation: annotation, reuseIdentifier: nil)
        view.canShowCallout = true
        return view
    }
}
