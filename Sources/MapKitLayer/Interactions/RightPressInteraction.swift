import MapEngine

/// A right press on the map (Ctrl+click with one button): a click on the
/// empty map opens its menu there (`ContextMenu`), and a drag turns and tilts the map, as
/// MapLibre's right-drag does: sideways turns it about the view's centre,
/// up tilts it back and down flattens it. A release while turning fast
/// leaves the map spinning on. A right press on a view is left to the
/// others. Each part is off with its switch.
@MainActor
final class RightPressInteraction: MapInteraction {
    /// Degrees the map turns per pixel the pointer moves sideways (MapLibre's 0.8).
    static let degreesPerPixel = 0.8
    /// Degrees the map tilts per pixel the pointer moves up (MapLibre's 0.5).
    static let pitchPerPixel = 0.5
    /// A release turning faster than this (degrees a second) spins the map on.
    static let spinMinimumSpeed = 90.0

    private unowned let map: any InteractionHost
    private let press: MapPressInteraction
    private let switches: GestureSwitches
    /// The press: where it began, the pointer's last place, whether it turns, and the degrees turned so far.
    private var pressed: (start: Point, last: Point, turning: Bool, turned: Double)?
    private var turns = VelocityTracker()

    init(map: any InteractionHost, press: MapPressInteraction, switches: GestureSwitches) {
        self.map = map
        self.press = press
        self.switches = switches
    }

    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
        switch event.phase {
        case .down:
            guard event.kind == .mouse, event.button == .right, !press.isHolding, pressed == nil,
                  map.annotationLayer.pressedView(at: event.location, kind: event.kind, camera: map.camera,
                                                  scale: map.displayScale, at: now) == nil else { return .ignored }
            pressed = (event.location, event.location, false, 0)
            turns.reset()
            turns.add(.zero, at: now)
            return .handled([.stopCamera])
        case .move:
            guard var held = pressed else { return .ignored }
            if !held.turning, (event.location - held.start).length > PanTracker.clickTolerance { held.turning = true }
            defer { pressed = held }
            guard held.turning else { return .handled([]) }
            let delta = event.location - held.last
            held.last = event.location
            let degrees = switches.rotate ? delta.x * RightPressInteraction.degreesPerPixel : 0
            let tilt = switches.pitch ? -delta.y * RightPressInteraction.pitchPerPixel : 0
            held.turned += degrees
            turns.add(Point(x: held.turned, y: 0), at: now)
            guard degrees != 0 || tilt != 0 else { return .handled([]) }
            return .handled([.twist(degrees: degrees, about: map.camera.viewportSize.center, tilt: tilt)])
        case .up:
            guard let held = pressed, event.button == .right || event.button == nil else { return .ignored }
            pressed = nil
            guard held.turning else { return .handled([.openMenu(at: held.start)]) }
            let speed = turns.velocity(at: now).x
            guard abs(speed) >= RightPressInteraction.spinMinimumSpeed, abs(speed) < 360 * 20 else { return .handled([]) }
            return .handled([.spin(speed: speed, about: map.camera.viewportSize.center)])
        case .cancel:
            guard pressed != nil else { return .ignored }
            pressed = nil
            return .handled([])
        }
    }

    func reset(at now: Double) {
        pressed = nil
    }
}
