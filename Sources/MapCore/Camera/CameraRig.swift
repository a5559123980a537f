/// The map's camera and the animation moving it, changed only through
/// these steps: a hand on the map (a pan or a pinch) stops any animation;
/// a new animation replaces the running one; `advance(to:)` plays it.
///
///     let rig = CameraRig(camera)
///     rig.animate(.zoom(to: rig.targetZoom + 1, about: cursor), at: now, duration: 0.3)
///     rig.advance(to: now + 0.1)
final class CameraRig {
    /// Button and double-click zooms change a whole level, a little slower so
    /// the eye can follow.
    static let stepZoomDuration = 0.3
    /// A glide to centre a place (a dropped pin, `setCenter`).
    static let centerDuration = 0.4

    private(set) var camera: Camera
    private(set) var animation: CameraAnimation?

    init(_ camera: Camera) {
        self.camera = camera
    }

    /// True while an animation moves the camera.
    var isMoving: Bool { animation != nil }

    /// The zoom a running zoom heads for, or today's: the base of the next
    /// step, so quick presses add up.
    var targetZoom: Double { animation?.targetZoom ?? camera.zoom }

    /// Where a running pan heads for, or today's camera.
    var panTarget: Camera {
        guard let running = animation, case .pan = running.motion else { return camera }
        return running.camera(at: running.start + running.duration)
    }

    /// Puts the camera there at once.
    func jump(to camera: Camera) {
        animation = nil
        self.camera = camera
    }

    func stop() {
        animation = nil
    }

    /// A hand moves the map: the content follows by `delta` pixels.
    func pan(by delta: Point) {
        animation = nil
        camera.pan(by: delta)
    }

    /// The map slides under a carried pin near an edge; a running animation
    /// goes on.
    func slide(by delta: Point) {
        camera.pan(by: delta)
    }

    /// Two fingers zoom by `levels` about `from` and move it to `to`.
    func pinch(levels: Double, from: Point, to: Point) {
        animation = nil
        camera.zoom(to: camera.zoom + levels, about: from)
        camera.pan(by: to - from)
    }

    func resize(to size: Size) {
        animation = nil
        camera.resize(to: size)
    }

    func setCenter(world: Point) {
        animation = nil
        camera.setCenter(world: world)
    }

    /// Centres on a coordinate, gliding there from `now` when `animated`.
    func center(on coordinate: Coordinate, animated: Bool, at now: Double) {
        let world = WebMercator.project(coordinate.wrapped)
        if animated { glide(toWorld: world, at: now, duration: CameraRig.centerDuration) } else { setCenter(world: world) }
    }

    /// Glides to a coordinate and zooms to `zoom` together (a found place).
    func fly(to coordinate: Coordinate, zoom: Double, at now: Double, duration: Double) {
        let target = WebMercator.project(coordinate.wrapped)
        let dx = WebMercator.shortWay(target.x - camera.center.x)
        animation = CameraAnimation(from: camera, motion: .fly(toWorld: Point(x: camera.center.x + dx, y: target.y), zoom: zoom),
                                    start: now, duration: duration, easing: .easeInOut)
    }

    /// Back to where the map opened (`home`), keeping the window size.
    func reset(to home: Camera) {
        var home = home
        home.resize(to: camera.viewportSize)
        jump(to: home)
    }

    func animate(_ motion: CameraAnimation.Motion, at now: Double, duration: Double) {
        animation = CameraAnimation(from: camera, motion: motion, start: now, duration: duration)
    }

    /// Pans (animated) until the centre is at a unit world point, the short
    /// way round the world.
    func glide(toWorld target: Point, at now: Double, duration: Double) {
        let dx = WebMercator.shortWay(target.x - camera.center.x)
        animate(.pan(toWorld: Point(x: camera.center.x + dx, y: target.y)), at: now, duration: duration)
    }

    /// The map coasts on after a fling, slowing down.
    func coast(velocity: Point, decay: Double, at now: Double) {
        animation = .coast(from: camera, velocity: velocity, decay: decay, start: now)
    }

    /// Plays the running animation up to `now`.
    func advance(to now: Double) {
        guard let running = animation else { return }
        camera = running.camera(at: now)
        if running.isFinished(at: now) { animation = nil }
    }
}
