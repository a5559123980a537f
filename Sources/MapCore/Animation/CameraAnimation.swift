/// A camera move over time: a zoom about a fixed screen point, or a pan.
/// A value evaluated at the `now` passed in; it reads no clock.
///
///     let zoom = CameraAnimation(from: camera, zoomTo: 5, about: cursor, start: now, duration: 0.25)
///     zoom.camera(at: now + 0.1)
public struct CameraAnimation: Equatable, Sendable {
    public enum Motion: Equatable, Sendable {
        case zoom(to: Double, about: Point)
        /// Move the centre to a unit world point (not wrapped, so the short way
        /// across the antimeridian is kept).
        case pan(toWorld: Point)
    }

    public let base: Camera
    public let motion: Motion
    public let start: Double
    public let duration: Double
    public let easing: Easing

    public init(from base: Camera, motion: Motion, start: Double, duration: Double, easing: Easing = .easeOut) {
        self.base = base
        self.motion = motion
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// The zoom this animation ends at.
    public var targetZoom: Double {
        if case .zoom(let zoom, _) = motion { return Camera.zoomLimits.clamp(zoom) }
        return base.zoom
    }

    public func isFinished(at now: Double) -> Bool { now >= start + duration }

    public func camera(at now: Double) -> Camera {
        let progress = duration > 0 ? easing.value(at: (now - start) / duration) : 1
        var camera = base
        switch motion {
        case .zoom(_, let anchor):
            camera.zoom(to: base.zoom + (targetZoom - base.zoom) * progress, about: anchor)
        case .pan(let world):
            camera.setCenter(world: base.center.interpolated(to: world, by: progress))
        }
        return camera
    }
}
