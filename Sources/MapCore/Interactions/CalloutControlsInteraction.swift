/// The open callout takes presses on its text and controls: a control acts
/// on release over it and tells the delegate and the program; text swallows
/// clicks; the callout's transparent parts let them through to the map.
final class CalloutControlsInteraction: MapInteraction {
    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        switch map.callouts.press.handle(event, over: map.callouts.hit(at: event.location)) {
        case .notMine:
            return .ignored
        case .handled:
            map.needsDisplay = true
            return .handled([])
        case .activated(let index):
            map.needsDisplay = true
            guard let shown = map.callouts.shown, let control = shown.body?.elements[index].control else {
                return .handled([])
            }
            // The name first: the delegate may delete the annotation.
            let id = map.identifier(of: shown.annotation) ?? ""
            map.delegate?.mapView(map, annotationView: shown.view, calloutAccessoryControlTapped: control.action)
            return .handled([.calloutAction(annotation: id, action: control.action)] + map.takePendingActions())
        }
    }

    func reset(at now: Double) {
        map.callouts.press.reset()
    }
}
