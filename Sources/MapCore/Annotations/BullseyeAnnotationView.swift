/// A bullseye drawn centred directly over the coordinate, as in Apple's
/// hand-tracked dragging sample.
///
///     let view = BullseyeAnnotationView(annotation: target)
public final class BullseyeAnnotationView: AnnotationView {
    public static let defaultReuseIdentifier = "bullseye"

    public override init(annotation: (any Annotation)?, reuseIdentifier: String? = BullseyeAnnotationView.defaultReuseIdentifier) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        image = BuiltInImages.bullseye
    }
}
