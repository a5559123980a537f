import MapEngine

/// Questions about the layer's annotations as a whole: which stand in a
/// screen rectangle.
@MainActor
extension AnnotationLayer {
    func view(for annotation: any Annotation) -> AnnotationView? {
        store.slot(of: annotation).flatMap { store.view($0) }
    }

    func id(of annotation: any Annotation) -> String? {
        store.slot(of: annotation).map { store.id($0) }
    }

    /// Where an annotation's view stands now: where it is carried, or on
    /// its way home after a cancel; else at its own coordinate.
    func shownCoordinate(of annotation: any Annotation) -> Coordinate {
        guard let slot = store.slot(of: annotation), shownElsewhere.contains(slot) else { return annotation.coordinate }
        return WebMercator.unproject(store.world(slot))
    }

    /// The annotations whose coordinates lie in a screen rectangle (pixels),
    /// in adding order.
    func annotations(inScreenRect rect: Rect, camera: Camera) -> [any Annotation] {
        // The ground under the rectangle's corners, bounded; turned or tilted, each found place is checked on screen.
        let corners = rect.corners.map { camera.worldPoint(at: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        var slots: [Int32] = []
        store.slots(inWorldRect: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!),
                    into: &slots)
        if !camera.isFlatNorthUp { slots.removeAll { !rect.contains(camera.screenPoint(forWorld: store.world($0))) } }
        return slots.sorted().map { store.annotation($0) }
    }
}
