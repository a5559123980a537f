import MapEngine

/// A bullseye drawn centred directly over the coordinate, as in Apple's
/// hand-tracked dragging sample.
///
///     let view = BullseyeAnnotationView(annotation: target)
package final class BullseyeAnnotationView: AnnotationView {
    /// The identifier bullseye views are reused under.
    package static let defaultReuseIdentifier = "bullseye"

    /// A bullseye for `annotation`, reused under `reuseIdentifier`.
    package override init(annotation: (any Annotation)?, reuseIdentifier: String? = BullseyeAnnotationView.defaultReuseIdentifier) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        image = BuiltInImages.bullseye
    }
}
