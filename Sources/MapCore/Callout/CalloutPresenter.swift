/// The map's callouts between frames: the one open over the selected view,
/// the one fading out after a deselect, and a press on a callout's control.
/// `MapController+Callout` drives it.
final class CalloutPresenter {
    struct Shown {
        let view: AnnotationView
        let annotation: any Annotation
        /// Nil until the next frame lays it out (after opening, or when its
        /// text changed).
        var body: CalloutBody?
        /// Above or below, settled when it first shows.
        var side: CalloutPlacement.Side?
        /// When the pop began: the first frame that showed it.
        var poppedAt: Double?
        /// Where it was last drawn, unscaled, for hit tests.
        var placement: CalloutPlacement?
        /// True while its view is dragged and the callout is hidden.
        var isHidden = false
    }

    struct Closing {
        var drawing: CalloutDrawing
        /// Where the annotation is in the world, so the fading callout follows the map.
        let world: Point
        /// The tip's offset from the annotation's screen point.
        let tipOffset: Point
        var startedAt: Double?
    }

    /// A press that began on the open callout: on a control or on its
    /// text, by the element's index in the body.
    var press = ControlTracker<Int>()

    var shown: Shown?
    var closing: Closing?
    /// True when the last frame showed a pop or a fade under way. (Opening,
    /// closing and new text set the map's `needsDisplay` instead.)
    var isAnimating = false

    func open(_ view: AnnotationView, annotation: any Annotation) {
        shown = Shown(view: view, annotation: annotation)
        press.reset()
    }

    /// Lays the open callout out again at the next frame (its text changed).
    func invalidate(_ annotation: any Annotation) {
        guard shown?.annotation === annotation else { return }
        shown?.body = nil
    }
}
