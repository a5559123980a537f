import MapEngine

/// "Download this area for offline use", while its card is open: it owns
/// the card's state. Presses on the card are its own (its buttons act on
/// release; the rest of it swallows them); the map around stays free to
/// pan and zoom, which frames the area.
@MainActor
final class AreaPanelInteraction: MapInteraction {
    private unowned let map: any InteractionHost
    /// The card's state: while it is open, and while a download it started goes on.
    var panel: AreaPanel?
    /// Whether the card is on screen.
    var isShown = false
    private var press = ControlTracker<AreaPanel.Part>()

    init(map: any InteractionHost) {
        self.map = map
    }

    /// The button held down, for its pressed look.
    var pressed: AreaPanel.Part? { press.pressedTarget }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard let panel, isShown else { return .ignored }
        let part = panel.part(at: event.location, viewport: map.camera.viewportSize, scale: map.displayScale)
        return switch press.handle(event, over: part) {
        case .notMine: .ignored
        case .activated(let part): .handled(effects(of: part, in: panel) + [.redraw])
        case .handled: .handled([.redraw])
        }
    }

    /// What a button asks for.
    func effects(of part: AreaPanel.Part, in panel: AreaPanel) -> [MapEffect] {
        switch part {
        case .close: return [.closeAreaPanel]
        case .fromLess: return [.stepAreaZooms(from: -1, to: 0)]
        case .fromMore: return [.stepAreaZooms(from: 1, to: 0)]
        case .toLess: return [.stepAreaZooms(from: 0, to: -1)]
        case .toMore: return [.stepAreaZooms(from: 0, to: 1)]
        case .stop: return panel.isDownloading ? [.report(.stopAreaDownload)] : []
        case .download:
            guard !panel.isDownloading, case .success(let plan) = panel.plan(camera: map.camera, scale: map.displayScale),
                  plan.tileCount <= panel.mostTiles else { return [] }
            return [.report(.downloadArea(plan))]
        case .update(let name): return panel.isDownloading ? [] : [.report(.updateArea(name))]
        case .delete(let name): return panel.isDownloading ? [] : [.report(.deleteArea(name))]
        case .body: return []
        }
    }

    /// Enter downloads, Escape closes the card (a download goes on); other keys go to the map.
    func key(_ key: KeyPress) -> [MapEffect]? {
        guard let panel, isShown, key.modifiers.isEmpty else { return nil }
        switch key.name {
        case "escape": return [.closeAreaPanel]
        case "return": return effects(of: panel.isDownloading ? .body : .download, in: panel)
        default: return nil
        }
    }

    func reset(at now: Double) {
        press.reset()
    }
}
