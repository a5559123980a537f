import MapEngine

/// The open callout takes presses on its text and controls: a control acts
/// on release over it and tells the delegate and the program; text swallows
/// clicks; the callout's transparent parts let them through to the map.
@MainActor
final class CalloutControlsInteraction: MapInteraction {
    private let callouts: CalloutPresenter

    init(callouts: CalloutPresenter) {
        self.callouts = callouts
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        switch callouts.handlePress(event) {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated(let index): .handled([.redraw, .calloutControlTapped(index)])
        }
    }

    func reset(at now: Double) {
        callouts.resetPress()
    }
}
