/// The map's camera and the animation moving it, changed only through
/// these steps: a hand on the map (a pan or a pinch) stops any animation;
/// a new animation replaces the running one; `advance(to:)` plays it.
///
///     let rig = CameraRig(camera)
///     rig.animate(.zoom(to: rig.targetZoom + 1, about: cursor), at: now, duration: 0.3)
///     rig.advance(to: now + 0.1)
package final class CameraRig {
    /// Button and double-click zooms change a whole level, a little slower so
    /// the eye can follow.
    package static let stepZoomDuration = 0.3
    /// A glide to centre a place (a dropped pin, `setCenter`).
    package static let centerDuration = 0.4

    package private(set) var camera: Camera
    private(set) var animation: CameraAnimation?

    package init(_ camera: Camera) {
        self.camera = camera
    }

    /// True while an animation moves the camera.
    package var isMoving: Bool { animation != nil }

    /// The zoom a running zoom heads for, or today's: the base of the next
    /// step, so quick presses add up.
    package var targetZoom: Double { animation?.targetZoom ?? camera.zoom }

    /// The heading and pitch a running turn heads for, or today's.
    package var orientTarget: (heading: Double, pitch: Double) {
        if let running = animation, case .orient(let heading, let pitch) = running.motion { return (heading, pitch) }
        return (camera.heading, camera.pitch)
    }

    /// Where a running pan heads for, or today's camera.
    package var panTarget: Camera {
        guard let running = animation, case .pan = running.motion else { return camera }
        return running.camera(at: running.start + running.duration)
    }

    /// Puts the camera there at once.
    package func jump(to camera: Camera) {
        animation = nil
        self.camera = camera
    }

    package func stop() {
        animation = nil
    }

    /// A hand moves the map: the content follows by `delta` pixels.
    package func pan(by delta: Point) {
        animation = nil
        camera.pan(by: delta)
    }

    /// A hand moves the map: the place under `from` comes under `to`.
    package func drag(from: Point, to: Point) {
        animation = nil
        camera.pan(from: from, to: to)
    }

    /// The map slides under a carried pin near an edge; a running animation
    /// goes on.
    package func slide(by delta: Point) {
        camera.pan(by: delta)
    }

    /// Two fingers zoom by `levels` about `from` and move it to `to`.
    package func pinch(levels: Double, from: Point, to: Point) {
        animation = nil
        camera.zoom(to: camera.zoom + levels, about: from)
        camera.pan(from: from, to: to)
    }

    package func resize(to size: Size) {
        animation = nil
        camera.resize(to: size)
    }

    func setCenter(world: Point) {
        animation = nil
        camera.setCenter(world: world)
    }

    /// Centres on a coordinate, gliding there from `now` when `animated`.
    package func center(on coordinate: Coordinate, animated: Bool, at now: Double) {
        let world = WebMercator.project(coordinate.wrapped)
        if animated { glide(toWorld: world, at: now, duration: CameraRig.centerDuration) } else { setCenter(world: world) }
    }

    /// Glides to a coordinate and zooms to `zoom` together (a found place),
    /// turning and tilting on the way when a `heading` or `pitch` is given.
    package func fly(to coordinate: Coordinate, zoom: Double, heading: Double? = nil, pitch: Double? = nil, at now: Double, duration: Double) {
        let target = WebMercator.project(coordinate.wrapped)
        let dx = WebMercator.shortWay(target.x - camera.center.x)
        animation = CameraAnimation(from: camera, motion: .fly(toWorld: Point(x: camera.center.x + dx, y: target.y), zoom: zoom,
                                                               heading: heading, pitch: pitch),
                                    start: now, duration: duration, easing: .easeInOut)
    }

    /// Two fingers or a right-drag turn the map by `degrees` about `anchor`
    /// and tilt it by `pitch` degrees.
    package func twist(by degrees: Double, about anchor: Point, tilt pitch: Double = 0) {
        animation = nil
        if degrees != 0 { camera.rotate(to: camera.heading + degrees, about: anchor) }
        if pitch != 0 { camera.tilt(to: camera.pitch + pitch) }
    }

    /// The map turns on after a twist, slowing down.
    package func spin(speed: Double, about anchor: Point, decay: Double, at now: Double) {
        animation = .spin(from: camera, speed: speed, about: anchor, decay: decay, start: now)
    }

    /// Back to where the map opened (`home`), north up and flat, keeping the window size.
    package func reset(to home: Camera) {
        var home = home
        home.resize(to: camera.viewportSize)
        home.rotate(to: 0, about: home.viewportSize.center)
        home.tilt(to: 0)
        jump(to: home)
    }

    package func animate(_ motion: CameraAnimation.Motion, at now: Double, duration: Double) {
        animation = CameraAnimation(from: camera, motion: motion, start: now, duration: duration)
    }

    /// Pans (animated) until the centre is at a unit world point, the short
    /// way round the world.
    package func glide(toWorld target: Point, at now: Double, duration: Double) {
        let dx = WebMercator.shortWay(target.x - camera.center.x)
        animate(.pan(toWorld: Point(x: camera.center.x + dx, y: target.y)), at: now, duration: duration)
    }

    /// The map coasts on after a fling, slowing down.
    package func coast(velocity: Point, decay: Double, at now: Double) {
        animation = .coast(from: camera, velocity: velocity, decay: decay, start: now)
    }

    /// Plays the running animation up to `now`.
    package func advance(to now: Double) {
        guard let running = animation else { return }
        camera = running.camera(at: now)
        if running.isFinished(at: now) { animation = nil }
    }
}
