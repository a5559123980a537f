import MapEngine

/// Fingers. One finger goes the mouse's way, through the router (tap, pan,
/// long-press drag, buttons), with two additions: a pan that lifts off
/// moving fast flings the map on, and a second tap nearby zooms in. A second
/// finger ends whatever the first was doing (a carried pin falls back home)
/// and starts a pinch: zoom about the fingers' centroid, pan with it, and
/// once the fingers twist past a threshold, turn about it; two fingers
/// moving up or down together tilt the map (see `PinchState`). Lifting a
/// finger while turning fast spins the map on. A quick, still touch of two
/// fingers zooms out. A pinch never moves a pin.
@MainActor
final class FingerGestures {
    /// A lift-off faster than this (px/s) sets the map coasting.
    static let flingMinimumSpeed = 250.0
    /// How fast the coast dies away: the time constant of its exponential
    /// slow-down, in seconds (about a phone's map).
    static let coastDecay = 0.35
    static let touchColor = Color(hex: 0x202124, alpha8: 70)

    private let router: InteractionRouter
    private let press: MapPressInteraction
    private let rig: CameraRig
    private let switches: GestureSwitches
    /// Fingers on the map and where they are.
    private(set) var touches: [Int: Point] = [:]
    private var pinch: PinchState?
    /// True while two fingers pinch the map.
    var isPinching: Bool { pinch != nil }
    private var velocity = VelocityTracker()
    /// The degrees the fingers turned the map, over time, for a spin when one lifts.
    private var turns = VelocityTracker()

    init(router: InteractionRouter, press: MapPressInteraction, rig: CameraRig, switches: GestureSwitches) {
        self.router = router
        self.press = press
        self.rig = rig
        self.switches = switches
    }

    func handle(_ event: PointerEvent, at now: Double) -> [MapEffect] {
        switch event.phase {
        case .down:
            touches[event.id] = event.location
            if pinch == nil, touches.count == 2, let other = touches.first(where: { $0.key != event.id }) {
                return beginPinch(first: (other.key, other.value), second: (event.id, event.location), at: now)
            }
            guard touches.count == 1 else { return [] }  // a third finger makes no gesture
            velocity.reset()
            velocity.add(event.location, at: now)
            return router.route(event, at: now)
        case .move:
            guard touches[event.id] != nil else { return [] }
            touches[event.id] = event.location
            if var pinching = pinch {
                guard pinching.contains(event.id) else { return [] }
                let step = pinching.move(event.id, to: event.location)
                pinch = pinching
                turns.add(Point(x: pinching.twisted, y: 0), at: now)
                return pinchEffects(step)
            }
            velocity.add(event.location, at: now)
            return router.route(event, at: now)
        case .up, .cancel:
            guard touches.removeValue(forKey: event.id) != nil else { return [] }
            if let pinching = pinch {
                guard pinching.contains(event.id) else { return [] }
                return endPinch(pinching, lifting: event.id, tapped: event.phase == .up, at: now)
            }
            let fling = event.phase == .up && press.isPanning(pointer: event.id, kind: .touch)
            let effects = router.route(event, at: now)
            let speed = velocity.velocity(at: now)
            guard fling && speed.length >= FingerGestures.flingMinimumSpeed else { return effects }
            return effects + [.coast(velocity: speed, decay: FingerGestures.coastDecay)]
        }
    }

    /// Every finger is forgotten (the window lost focus).
    func reset() {
        touches.removeAll()
        pinch = nil
    }

    /// The first finger's gesture gives way to a pinch: a carried view
    /// falls back home, a press on a pin, a button or the map is let go.
    private func beginPinch(first: (id: Int, location: Point), second: (id: Int, location: Point),
                            at now: Double) -> [MapEffect] {
        router.reset(at: now)
        pinch = PinchState(first: first, second: second, zoom: rig.camera.zoom, at: now)
        turns.reset()
        turns.add(.zero, at: now)
        return [.stopCamera, .redraw]
    }

    /// One pinching finger lifted: a quick still touch of two zooms out;
    /// otherwise the finger left behind pans on.
    private func endPinch(_ pinching: PinchState, lifting id: Int, tapped: Bool, at now: Double) -> [MapEffect] {
        pinch = nil
        let other = id == pinching.first ? pinching.second : pinching.first
        if tapped && pinching.isTap(liftedAt: now) && switches.zoom {
            // The other finger, lifting, does nothing.
            return [.animate(.zoom(to: pinching.startZoom - 1, about: pinching.centroid),
                             duration: CameraRig.stepZoomDuration)]
        }
        let spin = -turns.velocity(at: now).x
        if pinching.isTwisting, switches.rotate, abs(spin) >= RightPressInteraction.spinMinimumSpeed, abs(spin) < 360 * 20 {
            return [.spin(speed: spin, about: pinching.centroid)]
        }
        guard let location = touches[other] else { return [] }
        press.continuePanning(pointer: other, at: location)
        router.hand(pointer: other, kind: .touch, to: press)
        velocity.reset()
        velocity.add(location, at: now)
        return []
    }

    /// A pinch's step as the switches allow: zoom about the fingers and pan
    /// with them, either alone, or nothing; turn and tilt as they may.
    private func pinchEffects(_ step: PinchState.Step) -> [MapEffect] {
        // The map turns with the fingers: turned clockwise, north turns clockwise, and the heading falls.
        let turn = switches.rotate ? -step.turn : 0, tilt = switches.pitch ? step.tilt : 0
        let twist: [MapEffect] = turn != 0 || tilt != 0 ? [.twist(degrees: turn, about: step.to, tilt: tilt)] : []
        return moveEffects(step) + twist
    }

    private func moveEffects(_ step: PinchState.Step) -> [MapEffect] {
        guard step.tilt == 0 else { return [] }  // tilting fingers neither zoom nor pan
        return switch (switches.zoom, switches.scroll) {
        case (true, true): [.pinch(levels: step.levels, from: step.from, to: step.to)]
        case (true, false): [.pinch(levels: step.levels, from: step.from, to: step.from)]
        case (false, true): [.drag(from: step.from, to: step.to)]
        case (false, false): []
        }
    }

    /// Translucent discs where fingers touch, for screenshots and demos.
    func commands(scale: Double) -> [DrawCommand] {
        touches.sorted { $0.key < $1.key }.map { _, location in
            .shape(.disc(location, 22 * scale, FingerGestures.touchColor, feather: 2, role: "touch"))
        }
    }
}
