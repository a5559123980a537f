import MapEngine

/// The map's menu while it is open: it has the pointer to itself. The
/// pointer over an item highlights it, a click on one chooses it, and a
/// press anywhere else closes the menu (and does nothing more, as menus do).
@MainActor
final class ContextMenuInteraction: ExclusiveInteraction {
    private unowned let map: any InteractionHost
    /// The item the button went down on.
    private var pressed: ContextMenu.Item?

    init(map: any InteractionHost) {
        self.map = map
    }

    var isActive: Bool { map.chrome.menu != nil }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard let menu = map.chrome.menu else { return .ignored }
        let item = menu.item(at: event.location, viewport: map.camera.viewportSize, scale: map.displayScale)
        switch event.phase {
        case .move:
            return .handled(item != menu.highlighted ? [.highlightMenu(item)] : [])
        case .down:
            guard menu.contains(event.location, viewport: map.camera.viewportSize, scale: map.displayScale) else {
                pressed = nil
                return .handled([.closeMenu])
            }
            pressed = item
            return .handled([.highlightMenu(item)])
        case .up:
            defer { pressed = nil }
            guard let item, item == pressed else { return .handled([]) }
            return .handled([.chooseMenu(item)])
        case .cancel:
            pressed = nil
            return .handled([])
        }
    }

    func reset(at now: Double) {
        pressed = nil
    }
}
