import MapEngine

/// A carried view (see `DragController`): its pointer moves it and its
/// release drops it; any other press, a touch cancel, or a release outside
/// the map cancels, and the view goes home. SDL keeps reporting a mouse
/// that leaves the window with a button held, so a pin let go where nobody
/// can see goes home instead of landing on an unseen place.
@MainActor
final class CarryInteraction: ExclusiveInteraction {
    private unowned let map: any InteractionHost
    private let drag: DragController
    private let press: MapPressInteraction

    init(map: any InteractionHost, drag: DragController, press: MapPressInteraction) {
        self.map = map
        self.drag = drag
        self.press = press
    }

    /// Time passing: a finger resting long enough on a draggable view lifts
    /// it, and a carry near an edge slides the map under it.
    func advance(to now: Double, rig: CameraRig) {
        if drag.longPressIsDue(at: now) {
            press.handOverToDrag()
            drag.begin(camera: rig.camera, scale: map.displayScale, at: now)
        }
        let delta = drag.advance(to: now, camera: rig.camera)
        if delta != .zero, let pointer = drag.carry?.pointer {
            rig.slide(by: delta)
            drag.move(to: pointer, camera: rig.camera)
        }
    }

    var isActive: Bool { drag.carry != nil }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        guard let carry = drag.carry else { return .ignored }
        let own = event.id == carry.pointerID && event.kind == carry.kind
        switch event.phase {
        case .down:
            drag.cancel(at: now)
        case .move where own:
            drag.move(to: event.location, camera: map.camera)
        case .up where own && !map.camera.viewportSize.contains(event.location):
            drag.cancel(at: now)
        case .up where own:
            drag.move(to: event.location, camera: map.camera)
            if drag.release(camera: map.camera, scale: map.displayScale, at: now) != nil {
                return .handled([.report(.annotationsChanged)])
            }
        case .cancel where own:
            drag.cancel(at: now)
        default:
            break
        }
        return .handled([])
    }

    func reset(at now: Double) {
        drag.cancel(at: now)
    }
}
