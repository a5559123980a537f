import Foundation

/// A camera move over time: a zoom about a fixed screen point, a pan, a
/// turn or tilt, or the coasting after a fling or a twist.
/// A value evaluated at the `now` passed in; it reads no clock.
///
///     let zoom = CameraAnimation(from: camera, zoomTo: 5, about: cursor, start: now, duration: 0.25)
///     zoom.camera(at: now + 0.1)
package struct CameraAnimation: Equatable, Sendable {
    package enum Motion: Equatable, Sendable {
        case zoom(to: Double, about: Point)
        /// Move the centre to a unit world point (not wrapped, so the short way
        /// across the antimeridian is kept).
        case pan(toWorld: Point)
        /// The map coasting after a fling: the content moves on at `velocity`
        /// pixels per second, slowing exponentially with time constant `decay`.
        case coast(velocity: Point, decay: Double)
        /// Move the centre to a unit world point and zoom to a level
        /// together, turning to `heading` and tilting to `pitch` when given.
        case fly(toWorld: Point, zoom: Double, heading: Double? = nil, pitch: Double? = nil)
        /// Turn to `heading` (the short way round) and tilt to `pitch` about the view's centre.
        case orient(heading: Double, pitch: Double)
        /// The map turning on after a twist at `speed` degrees per second
        /// about a screen point, slowing exponentially with time constant `decay`.
        case spin(speed: Double, about: Point, decay: Double)
    }

    let base: Camera
    let motion: Motion
    let start: Double
    let duration: Double
    let easing: Easing

    /// A coast of the content at `velocity` px/s that slows down until under
    /// `stopSpeed` px/s, which takes `decay · ln(speed / stopSpeed)` seconds.
    static func coast(from base: Camera, velocity: Point, decay: Double, start: Double,
                             stopSpeed: Double = 10) -> CameraAnimation {
        let duration = decay * log(max(velocity.length / stopSpeed, 1))
        return CameraAnimation(from: base, motion: .coast(velocity: velocity, decay: decay), start: start,
                               duration: duration, easing: .linear)
    }

    /// A turn coasting on at `speed` degrees per second about `anchor`
    /// until under `stopSpeed`.
    static func spin(from base: Camera, speed: Double, about anchor: Point, decay: Double, start: Double,
                     stopSpeed: Double = 5) -> CameraAnimation {
        let duration = decay * log(max(abs(speed) / stopSpeed, 1))
        return CameraAnimation(from: base, motion: .spin(speed: speed, about: anchor, decay: decay), start: start,
                               duration: duration, easing: .linear)
    }

    init(from base: Camera, motion: Motion, start: Double, duration: Double, easing: Easing = .easeOut) {
        self.base = base
        self.motion = motion
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// The zoom this animation ends at.
    var targetZoom: Double {
        if case .zoom(let zoom, _) = motion { return Camera.zoomLimits.clamp(zoom) }
        if case .fly(_, let zoom, _, _) = motion { return Camera.zoomLimits.clamp(zoom) }
        return base.zoom
    }

    func isFinished(at now: Double) -> Bool { now >= start + duration }

    func camera(at now: Double) -> Camera {
        let progress = duration > 0 ? easing.value(at: (now - start) / duration) : 1
        var camera = base
        switch motion {
        case .zoom(_, let anchor):
            camera.zoom(to: base.zoom + (targetZoom - base.zoom) * progress, about: anchor)
        case .pan(let world):
            camera.setCenter(world: base.center.interpolated(to: world, by: progress))
        case .fly(let world, _, let heading, let pitch):
            camera.zoom(to: base.zoom + (targetZoom - base.zoom) * progress, about: camera.viewportSize.center)
            turn(&camera, heading: heading ?? base.heading, pitch: pitch ?? base.pitch, by: progress)
            camera.setCenter(world: base.center.interpolated(to: world, by: progress))
        case .orient(let heading, let pitch):
            turn(&camera, heading: heading, pitch: pitch, by: progress)
        case .spin(let speed, let anchor, let decay):
            let t = min(max(now - start, 0), duration)
            camera.rotate(to: base.heading + speed * decay * (1 - exp(-t / decay)), about: anchor)
        case .coast(let velocity, let decay):
            let t = min(max(now - start, 0), duration)
            camera.pan(by: velocity * (decay * (1 - exp(-t / decay))))
        }
        return camera
    }

    /// Turns the base's heading the short way towards `heading`, and its
    /// pitch towards `pitch`, `progress` of the way, about the view's centre.
    private func turn(_ camera: inout Camera, heading: Double, pitch: Double, by progress: Double) {
        var delta = (heading - base.heading).truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        camera.rotate(to: base.heading + delta * progress, about: camera.viewportSize.center)
        camera.tilt(to: base.pitch + (pitch - base.pitch) * progress)
    }
}
