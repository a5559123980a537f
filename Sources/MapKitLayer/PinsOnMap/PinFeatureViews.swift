import MapEngine

/// A map delegate that shows pins-file annotations the way their features
/// ask: a pin in the feature's colour or a bullseye, draggable or not, with
/// a callout when there is a title (the feature's `callout` layout, or the
/// standard one with a detail button). Pins dropped at the user's location
/// (placemarks not from the file) get a draggable purple pin that drops in,
/// as in the original sample; other annotations get a red pin.
///
/// It answers the callouts' buttons: `edit` (the pencil of a pin one may
/// name) opens the pin editor, `details` opens the details panel,
/// `center` centres the map on the pin, `delete` deletes it (Ctrl+Z brings
/// it back). Other actions are only reported. (A track's own Profile and
/// Colour buttons are the map's, whatever its delegate.)
///
///     let views = PinFeatureViews(layouts: library)
///     map.delegate = views        // the map holds its delegate weakly: keep `views`
package final class PinFeatureViews: MapViewDelegate {
    /// The callout layouts features may name (`"callout": "city"`).
    package let layouts: CalloutLayoutLibrary

    /// The action of the standard callout's detail disclosure button.
    package static let detailsAction = OverlayCallout.detailsAction
    /// The action of the pencil at the left of a pin's callout: the pin editor opens.
    package static let editAction = "edit"
    /// The pencil: a pin a person may name gets it at the left of its callout.
    static let editButton = CalloutAccessory(.image(AnnotationImage(name: "callout-edit", size: Size(width: 22, height: 22))),
                                             identifier: editAction)

    /// Views for features, with these callout layouts.
    package init(layouts: CalloutLayoutLibrary = CalloutLayoutLibrary()) {
        self.layouts = layouts
    }

    /// A pin or bullseye in the feature's colour, with its callout layout if it names one.
    package func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        if annotation is ClusterAnnotation { return nil }  // the standard cluster view
        let feature = (annotation as? FeatureAnnotation)?.feature
        let view: AnnotationView
        switch feature?.symbol ?? .pin(.red) {
        case .bullseye:
            view = map.dequeueReusableAnnotationView(withIdentifier: BullseyeAnnotationView.defaultReuseIdentifier)
                ?? BullseyeAnnotationView(annotation: annotation)
        case .pin(let color):
            let pin = map.dequeueReusableAnnotationView(withIdentifier: PinAnnotationView.defaultReuseIdentifier)
                as? PinAnnotationView ?? PinAnnotationView(annotation: annotation)
            let dropped = feature == nil && (annotation as? PointAnnotation)?.isPlacemark == true
            pin.pinColor = dropped ? .purple : color
            pin.animatesDrop = dropped
            view = pin
        }
        view.annotation = annotation
        view.isDraggable = feature?.isDraggable ?? ((annotation as? PointAnnotation)?.isPlacemark == true)
        view.canShowCallout = !(annotation.title ?? "").isEmpty
        view.calloutLayout = feature?.calloutLayoutName.flatMap { layouts.layout(named: $0) }
        view.rightCalloutAccessory = view.canShowCallout
            ? CalloutAccessory(.detailDisclosure, identifier: PinFeatureViews.detailsAction) : nil
        view.leftCalloutAccessory = view.canShowCallout && (annotation as? any EditablePin)?.isEditable == true
            ? PinFeatureViews.editButton : nil
        return view
    }

    /// Answers a feature's callout controls: details, centring the map on it, delete.
    package func mapView(_ map: MapController, annotationView view: AnnotationView,
                        calloutAccessoryControlTapped control: CalloutAccessory) {
        // A track's own buttons are the map's: it has done their work already.
        guard let annotation = view.annotation, !(annotation is OverlayCallout) && !(annotation is PlaceCallout) else { return }
        switch control.identifier {
        case PinFeatureViews.detailsAction:
            map.showDetails(for: annotation)
        case PinFeatureViews.editAction:
            if let pin = annotation as? any EditablePin { map.naming.edit(pin) }
        case "center":
            map.setCenter(annotation.coordinate, animated: true)
        case "delete":
            map.deleteAnnotation(annotation)
            map.showMessage(MessageBoard.deletion(of: annotation), isError: false)
        default:
            break
        }
    }
}
