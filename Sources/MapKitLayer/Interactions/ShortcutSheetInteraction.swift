import MapEngine

/// The card of keys and clicks while it is shown: a press anywhere puts it
/// away and does nothing else.
@MainActor
final class ShortcutSheetInteraction: ExclusiveInteraction {
    private unowned let map: any InteractionHost

    init(map: any InteractionHost) {
        self.map = map
    }

    var isActive: Bool { map.chrome.showsShortcuts }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard map.chrome.showsShortcuts else { return .ignored }
        return .handled(event.phase == .down ? [.toggleShortcuts] : [])
    }

    func reset(at now: Double) {}
}
