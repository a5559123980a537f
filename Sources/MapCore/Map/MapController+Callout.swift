/// Callouts on the map: one opens over a selected view that can show one
/// (with a pop, panning the map so that it shows whole), follows the map,
/// hides while its view is dragged, lays itself out again when its
/// annotation's text changes, and fades out on deselect (see
/// `CalloutPresenter`). Its controls report taps to the delegate
/// (`CalloutControlsInteraction`).
extension MapController {
    /// The callout on screen, as last laid out: nil when none shows.
    public var calloutPlacement: CalloutPlacement? {
        guard let shown = callouts.shown, !shown.isHidden else { return nil }
        return shown.placement
    }

    func openCallout(for view: AnnotationView) {
        guard view.canShowCallout, let annotation = view.annotation, !(annotation.title ?? "").isEmpty else { return }
        callouts.open(view, annotation: annotation)
    }

    func closeCallout() {
        callouts.close(in: calloutFrame)
    }

    /// Lays the callouts out for the frame at `now`; a callout showing for
    /// the first time pans the map to show it whole.
    func layoutCallouts(at now: Double, metrics: TextMeasuring) {
        if let target = callouts.layout(at: now, metrics: metrics, in: calloutFrame) {
            glide(toWorld: target, at: now, duration: CalloutStyle.panDuration)
        }
    }

    var calloutFrame: CalloutPresenter.Frame {
        CalloutPresenter.Frame(camera: camera, scale: displayScale, layer: annotationLayer)
    }
}
