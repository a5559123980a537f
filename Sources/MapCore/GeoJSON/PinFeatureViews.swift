/// A map delegate that shows pins-file annotations the way their features
/// ask: a pin in the feature's colour or a bullseye, draggable or not, with
/// a callout when there is a title. Other annotations get a red pin.
///
///     let views = PinFeatureViews()
///     map.delegate = views        // the map holds its delegate weakly: keep `views`
public final class PinFeatureViews: MapViewDelegate {
    public init() {}

    public func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        let symbol = (annotation as? FeatureAnnotation)?.feature.symbol ?? .pin(.red)
        let view: AnnotationView
        switch symbol {
        case .bullseye:
            view = map.dequeueReusableAnnotationView(withIdentifier: BullseyeAnnotationView.defaultReuseIdentifier)
                ?? BullseyeAnnotationView(annotation: annotation)
        case .pin(let color):
            let pin = map.dequeueReusableAnnotationView(withIdentifier: PinAnnotationView.defaultReuseIdentifier)
                as? PinAnnotationView ?? PinAnnotationView(annotation: annotation)
            pin.pinColor = color
            view = pin
        }
        view.annotation = annotation
        view.isDraggable = (annotation as? FeatureAnnotation)?.feature.isDraggable ?? false
        view.canShowCallout = !(annotation.title ?? "").isEmpty
        return view
    }
}
