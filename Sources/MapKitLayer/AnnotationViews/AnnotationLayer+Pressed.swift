import MapEngine

extension AnnotationLayer {
    /// A finger's smallest target: Apple's 44 points.
    static let fingerTarget = 44.0

    /// The topmost view under a press (screen pixels) once laid out for
    /// `camera` at `now`, with a finger's larger target.
    func pressedView(at location: Point, kind: PointerKind, camera: Camera, scale: Double, at now: Double) -> AnnotationView? {
        update(camera: camera, scale: scale, now: now)
        return hitTest(location, camera: camera, scale: scale, minimumTarget: kind == .touch ? AnnotationLayer.fingerTarget : 0)
    }
}
