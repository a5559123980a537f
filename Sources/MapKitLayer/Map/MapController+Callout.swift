import MapEngine

/// Callouts on the map (see `CalloutPresenter`); their controls' taps
/// reach the delegate through `EffectApplier`.
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
}
