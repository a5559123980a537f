import MapEngine

/// The search field and its list under the pointer and the keyboard:
/// presses on them are theirs (a row flies there), the search button opens
/// the field; while it is open, keys edit and pick rather than move the map.
@MainActor
final class SearchInteraction: MapInteraction {
    /// How far in the map zooms to show a found place, at least.
    static let placeZoom = 11.0
    static let flyDuration = 0.5

    private unowned let map: any InteractionHost
    private let box: SearchBox
    private var press = ControlTracker<SearchPanel.Part>()

    init(map: any InteractionHost, box: SearchBox) {
        self.map = map
        self.box = box
    }

    /// For drawing: what is pressed, with the pointer over it.
    var pressed: SearchPanel.Part? { press.pressedTarget }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        let over = map.chrome.showsControls || box.isOpen
            ? SearchPanel.part(at: event.location, box: box, viewport: map.camera.viewportSize, scale: map.displayScale)
            : nil
        return switch press.handle(event, over: over) {
        case .notMine: .ignored
        case .handled: .handled([.redraw])
        case .activated(.button): .handled(open())
        case .activated(.field): .handled(open())
        case .activated(.result(let row)): .handled([.redraw] + fly(to: box.choose(row)))
        }
    }

    func reset(at now: Double) {
        press.reset()
    }

    /// Ctrl+F, `/` or the button: the field opens (the map's keys wait until it closes).
    func open() -> [MapEffect] {
        box.open()
        return [.redraw]
    }

    /// A key while the field is open: nil when it is closed (the map's own
    /// keys apply). Letters arrive as text (`type`), not as keys. Once a
    /// place is picked the field lets the keyboard go: Escape closes it,
    /// Enter makes the marked place a pin, and other keys move the map.
    func handle(_ key: KeyPress) -> [MapEffect]? {
        guard box.isOpen else { return nil }
        if !box.isEditing {
            switch key.name {
            case "escape":
                box.close()
                return [.redraw]
            case "return":
                guard let marked = box.marker else { return nil }
                box.close()
                return [.redraw, .dropNamedPin(marked.coordinate, title: marked.name)]
            default:
                return nil
            }
        }
        switch key.name {
        case "escape": box.close()
        case "backspace": box.deleteBackward()
        case "up": box.move(by: -1)
        case "down": box.move(by: 1)
        case "return":
            // Enter on the marked place makes it a pin; otherwise it flies to the pick.
            if let marked = box.marker {
                box.close()
                return [.redraw, .dropNamedPin(marked.coordinate, title: marked.name)]
            }
            return [.redraw] + fly(to: box.choose())
        default: break
        }
        return [.redraw]
    }

    /// Text typed into the open field; nothing when it is closed.
    func type(_ text: String) -> [MapEffect] {
        guard box.isOpen else { return [] }
        box.type(text)
        return [.redraw]
    }

    private func fly(to place: Place?) -> [MapEffect] {
        guard let place else { return [] }
        // Close enough to see the town, but not far past what the tiles hold (zoom 11 in points: one more in a 2x screen's pixels).
        let zoom = min(SearchInteraction.placeZoom + Camera.zoomOffset(displayScale: map.displayScale),
                       Double(map.levels.upperBound) + 3)
        return [.fly(to: place.coordinate, zoom: max(map.camera.zoom, zoom), duration: SearchInteraction.flyDuration)]
    }
}
