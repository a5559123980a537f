/// Questions about the layer's annotations as a whole: which stand in a
/// screen rectangle, and what the scene dump says of each.
extension AnnotationLayer {
    /// The annotations whose coordinates lie in a screen rectangle (pixels),
    /// in adding order.
    func annotations(inScreenRect rect: Rect, camera: Camera) -> [any Annotation] {
        let topLeft = camera.worldPoint(at: rect.origin)
        let bottomRight = camera.worldPoint(at: Point(x: rect.maxX, y: rect.maxY))
        var slots: [Int32] = []
        store.slots(inWorldRect: Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x,
                                      height: bottomRight.y - topLeft.y), into: &slots)
        return slots.sorted().map { store.annotation($0) }
    }

    /// Every annotation's id, coordinate, selection and drag state, in adding order.
    func summaries() -> [AnnotationSummary] {
        store.inAddingOrder.map { annotation in
            let view = view(for: annotation)
            var summary = AnnotationSummary(id: id(of: annotation) ?? "", coordinate: annotation.coordinate,
                                            selected: view?.isSelected ?? false, dragState: view?.dragState ?? .none)
            if let cluster = annotation as? ClusterAnnotation {
                summary.count = cluster.memberCount
                summary.members = cluster.memberAnnotations.prefix(AnnotationSummary.listedMembers)
                    .map { self.id(of: $0) ?? "" }
            }
            return summary
        }
    }
}
