/// Fingers. One finger goes the mouse's way (tap, pan, long-press drag,
/// buttons) with two additions: a pan that lifts off moving fast flings the
/// map on, and a second tap nearby zooms in. A second finger ends whatever
/// the first was doing (a carried pin falls back home) and starts a pinch:
/// zoom about the fingers' centroid, pan with it. A quick, still touch of
/// two fingers zooms out. A pinch never moves a pin.
extension MapController {
    /// A lift-off faster than this (px/s) sets the map coasting.
    static let flingMinimumSpeed = 250.0
    /// How fast the coast dies away: the time constant of its exponential
    /// slow-down, in seconds (about a phone's map).
    static let coastDecay = 0.35

    func handleTouch(_ event: PointerEvent, at now: Double) -> [MapAction] {
        switch event.phase {
        case .down:
            touches[event.id] = event.location
            if pinch == nil, touches.count == 2, let other = touches.first(where: { $0.key != event.id }) {
                beginPinch(first: (other.key, other.value), second: (event.id, event.location), at: now)
                return []
            }
            guard touches.count == 1 else { return [] }  // a third finger makes no gesture
            velocity.reset()
            velocity.add(event.location, at: now)
            return handleSinglePointer(event, at: now)
        case .move:
            guard touches[event.id] != nil else { return [] }
            touches[event.id] = event.location
            if var pinching = pinch {
                guard pinching.contains(event.id) else { return [] }
                let step = pinching.move(event.id, to: event.location)
                pinch = pinching
                animation = nil
                camera.zoom(to: camera.zoom + step.levels, about: step.from)
                camera.pan(by: step.to - step.from)
                needsDisplay = true
                return []
            }
            velocity.add(event.location, at: now)
            return handleSinglePointer(event, at: now)
        case .up, .cancel:
            guard touches.removeValue(forKey: event.id) != nil else { return [] }
            if let pinching = pinch {
                guard pinching.contains(event.id) else { return [] }
                endPinch(pinching, lifting: event.id, tapped: event.phase == .up, at: now)
                return []
            }
            let fling = event.phase == .up && pressInteraction.isPanning(pointer: event.id, kind: .touch)
            let actions = handleSinglePointer(event, at: now)
            let speed = velocity.velocity(at: now)
            if fling && speed.length >= MapController.flingMinimumSpeed {
                animation = .coast(from: camera, velocity: speed, decay: MapController.coastDecay, start: now)
            }
            return actions
        }
    }

    /// The first finger's gesture gives way to a pinch: a carried view
    /// falls back home, a press on a pin, a button or the map is let go.
    private func beginPinch(first: (id: Int, location: Point), second: (id: Int, location: Point), at now: Double) {
        letGoOfPresses(at: now)
        animation = nil
        pinch = PinchState(first: first, second: second, zoom: camera.zoom, at: now)
        needsDisplay = true
    }

    /// One pinching finger lifted: a quick still touch of two zooms out;
    /// otherwise the finger left behind pans on.
    private func endPinch(_ pinching: PinchState, lifting id: Int, tapped: Bool, at now: Double) {
        pinch = nil
        let other = id == pinching.first ? pinching.second : pinching.first
        if tapped && pinching.isTap(liftedAt: now) {
            animate(.zoom(to: pinching.startZoom - 1, about: pinching.centroid), at: now,
                    duration: MapController.stepZoomDuration)
            return  // the other finger, lifting, does nothing
        }
        guard let location = touches[other] else { return }
        pressInteraction.continuePanning(pointer: other, at: location)
        router.hand(pointer: other, kind: .touch, to: pressInteraction)
        velocity.reset()
        velocity.add(location, at: now)
    }

    /// Translucent discs where fingers touch, for screenshots and demos.
    func touchCommands() -> [DrawCommand] {
        guard showsTouches else { return [] }
        return touches.sorted { $0.key < $1.key }.map { _, location in
            .shape(.disc(location, 22 * displayScale, MapController.touchColor, feather: 2, role: "touch"))
        }
    }

    static let touchColor = Color(hex: 0x202124, alpha: 70)
}
