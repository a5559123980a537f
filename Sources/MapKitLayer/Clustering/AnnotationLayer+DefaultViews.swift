import MapEngine

/// The views annotations get when the delegate makes none: a cluster's
/// disc for a cluster, a red pin for anything else, each from its own reuse
/// queue, apart from the views a delegate made.
@MainActor
extension AnnotationLayer {
    /// The reuse identifier of the red pins shown when the delegate gives no view.
    static let defaultPinIdentifier = "pinmap.default-pin"

    func defaultView(for annotation: any Annotation) -> AnnotationView {
        if let cluster = annotation as? ClusterAnnotation {
            let view = dequeue(identifier: ClusterAnnotationView.reuseIdentifier)
            view?.annotation = cluster
            return view ?? ClusterAnnotationView(annotation: cluster)
        }
        return dequeue(identifier: AnnotationLayer.defaultPinIdentifier)
            ?? PinAnnotationView(annotation: annotation, reuseIdentifier: AnnotationLayer.defaultPinIdentifier)
    }
}
