/// Callouts on the map (see `CalloutPresenter`); their controls report
/// taps to the delegate (`CalloutControlsInteraction`).
extension MapController {
    /// The callout on screen, as last laid out: nil when none shows.
    var calloutPlacement: CalloutPlacement? { callouts.visiblePlacement }

    func closeCallout() { callouts.close(in: calloutFrame) }

    /// Lays the callouts out for the frame at `now`; a callout showing for
    /// the first time pans the map to show it whole.
    func layoutCallouts(at now: Double, metrics: TextMeasuring) {
        if let target = callouts.layout(at: now, metrics: metrics, in: calloutFrame) {
            rig.glide(toWorld: target, at: now, duration: CalloutStyle.panDuration)
        }
    }

    var calloutFrame: CalloutPresenter.Frame {
        CalloutPresenter.Frame(camera: camera, scale: displayScale, layer: annotationLayer)
    }

    /// A control of the open callout was tapped: the delegate hears of it,
    /// and the program gets a `callout-action` (with anything the delegate
    /// raised, such as a deletion).
    func tapCalloutControl(at index: Int) -> [MapAction] {
        guard let shown = callouts.shown, let elements = shown.body?.elements, elements.indices.contains(index),
              let control = elements[index].control else { return [] }
        // The name first: the delegate may delete the annotation.
        let id = identifier(of: shown.annotation) ?? ""
        delegate?.mapView(self, annotationView: shown.view, calloutAccessoryControlTapped: control.action)
        return [.calloutAction(annotation: id, action: control.action)] + takePendingActions()
    }
}
