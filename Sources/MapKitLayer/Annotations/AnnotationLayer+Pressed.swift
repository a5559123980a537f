import MapEngine

extension AnnotationLayer {
    /// The topmost view under a press (screen pixels) once laid out for
    /// `camera` at `now`, with a finger's larger target.
    func pressedView(at location: Point, kind: PointerKind, camera: Camera, scale: Double, at now: Double) -> AnnotationView? {
        update(camera: camera, scale: scale, now: now)
        return hitTest(location, camera: camera, scale: scale, minimumTarget: kind == .touch ? MapPressInteraction.fingerTarget : 0)
    }
}
