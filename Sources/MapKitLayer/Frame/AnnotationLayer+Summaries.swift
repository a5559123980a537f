import MapEngine

/// What the scene dump says of each annotation: the layer's summaries, and
/// the map's.
@MainActor
extension AnnotationLayer {
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

extension MapController {
    /// What the scene dump lists about each annotation, in adding order.
    package func annotationSummaries() -> [AnnotationSummary] { annotationLayer.summaries() }
}
