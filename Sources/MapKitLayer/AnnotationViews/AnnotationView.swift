import MapEngine

/// Presents one annotation on the map (MapKit's `MKAnnotationView`): an image
/// placed relative to the annotation's coordinate, and the switches that say
/// how the view takes part in selection, callouts and dragging.
///
/// Subclass it to draw something else than `image`: override
/// `draw(into:at:)`. The map creates views only for annotations on screen and
/// recycles the others; see `MapController.dequeueReusableAnnotationView`.
///
///     let view = AnnotationView(annotation: cafe, reuseIdentifier: "cafe")
///     view.image = AnnotationImage(name: "cup", size: Size(width: 20, height: 20))
///     view.canShowCallout = true
@MainActor open class AnnotationView {
    /// The identifier the view is reused under (`dequeueReusableAnnotationView(withIdentifier:)`);
    /// nil for a view that is never reused.
    public let reuseIdentifier: String?
    /// The annotation the view shows; set again when the view is reused for another.
    open var annotation: (any Annotation)?

    /// Setting an image makes the view that size.
    public var image: AnnotationImage? {
        didSet {
            if let image { size = image.size }
            setNeedsDisplay()
        }
    }
    /// The view's size in points; hit testing uses this frame.
    public var size = Size(width: 0, height: 0) {
        didSet { if size != oldValue { setNeedsDisplay() } }
    }
    /// Where the view's centre sits relative to the coordinate, in points;
    /// positive is right and down. Zero centres the view on the coordinate.
    public var centerOffset = Point.zero {
        didSet { if centerOffset != oldValue { setNeedsDisplay() } }
    }
    /// Where the callout's pointer sits relative to the top-centre of the view.
    public var calloutOffset = Point.zero
    /// Whether selecting the view opens a callout with the annotation's title and subtitle.
    public var canShowCallout = false
    /// Whether the view can be dragged to move its annotation (which must be a
    /// `MovableAnnotation`).
    public var isDraggable = false
    /// Where the view is in a drag. The map sets it through
    /// `setDragState(_:animated:at:)`; a view that animates moves itself on
    /// (`starting` to `dragging`, `ending` or `canceling` to `none`) when its
    /// animation ends. The map's delegate hears every change.
    public var dragState = DragState.none {
        didSet {
            guard dragState != oldValue else { return }
            setNeedsDisplay()
            owner?.viewDragStateDidChange(self, from: oldValue)
        }
    }
    /// Disabled views let clicks through and cannot be selected.
    public var isEnabled = true
    /// Set by the map while a press that began on the view lasts.
    public internal(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }
    /// Set by the map when the view's annotation is selected.
    public internal(set) var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }
    /// The control at the callout's left, if any; taps on it go to the delegate.
    public var leftCalloutAccessory: CalloutAccessory? {
        get { callout?.left }
        set { callout(orNew: newValue != nil)?.left = newValue }
    }
    /// The control at the callout's right, if any; taps on it go to the delegate.
    public var rightCalloutAccessory: CalloutAccessory? {
        get { callout?.right }
        set { callout(orNew: newValue != nil)?.right = newValue }
    }
    /// A custom callout from a layout file, shown instead of the standard
    /// one (MapKit apps would put their own view in the callout).
    package var calloutLayout: CalloutLayout? {
        get { callout?.layout }
        set { callout(orNew: newValue != nil)?.layout = newValue }
    }
    /// Where the view stands among the others when not selected: higher ones are drawn in front and
    /// hit first.
    public var zPriority = ZPriority.defaultUnselected {
        didSet { if zPriority != oldValue { setNeedsDisplay() } }
    }
    /// The priority while selected; selected views are drawn above all others.
    public var selectedZPriority = ZPriority.defaultSelected {
        didSet { if selectedZPriority != oldValue { setNeedsDisplay() } }
    }

    /// The layer showing the view, told when the view must be drawn again.
    weak var owner: AnnotationLayer?
    /// The annotation's slot in the layer's store while the view is live.
    var slot: Int32 = -1

    /// A view showing `annotation`, reused under `reuseIdentifier`.
    public init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        self.annotation = annotation
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called before the map hands out a recycled view: put it back to how a
    /// new view looks. Subclasses call `super`.
    open func prepareForReuse() {
        isHighlighted = false
        dragState = .none
    }

    /// Asks the map to draw the view again for the next frame. Views call it
    /// when something `draw(into:at:)` reads changes; the map keeps what a
    /// view drew until then. A view that animates calls it from `draw` for
    /// as long as the animation runs.
    public final func setNeedsDisplay() {
        owner?.viewNeedsDisplay(self)
    }

    // MARK: Dragging and animation

    /// Moves the view to a new drag state (MapKit's `setDragState(_:animated:)`),
    /// `now` being the time its animation starts. This plain view has no
    /// animations: `starting` goes on to `dragging` and `ending` or
    /// `canceling` to `none` at once. Subclasses that animate set
    /// `dragState` themselves and move on when their animation ends.
    open func setDragState(_ newState: DragState, animated: Bool, at now: Double) {
        dragState = newState
        completeDragTransition()
    }

    /// Moves on from a passing drag state: `starting` to `dragging`,
    /// `ending` and `canceling` to `none`. Views that animate call it when
    /// their animation ends.
    public final func completeDragTransition() {
        switch dragState {
        case .starting: dragState = .dragging
        case .ending, .canceling: dragState = .none
        case .none, .dragging: break
        }
    }

    /// Where the view visibly points, in points from the coordinate's
    /// place: a drop puts the annotation there. Zero for this plain view.
    open var dropPointOffset: Point { .zero }

    /// True while the view runs an animation: the map then calls
    /// `advance(to:)` before every frame and keeps drawing frames.
    open var isAnimating: Bool { false }

    /// Brings the view's animation up to `now`.
    open func advance(to now: Double) {}

    /// Called when a press on the view ends as a tap although the view
    /// could have been dragged; a view that answers taps with a motion
    /// (a pin's bounce) starts it here. The default does nothing.
    open func didTapWhileDraggable(at now: Double) {}

    /// Arrow keys start (`true`) or stop (`false`) nudging the view's
    /// annotation: a view that shows it (a pin's small lift, and its drop
    /// with a bounce a moment after the last nudge) does it here. The
    /// default does nothing.
    open func setNudging(_ nudging: Bool, at now: Double) {}

    /// Called when the view starts showing an annotation just added to the
    /// map, `heightAbove` points below the top of the screen; a view that
    /// animates its arrival starts here.
    open func didAppear(newlyAdded: Bool, heightAbove: Double, at now: Double) {}

    /// Adds what the view shows to the canvas, whose origin is the view's
    /// top-left corner: images, shapes and text (see `AnnotationCanvas`).
    /// The default draws `image` filling the view. The map calls it again
    /// only after `setNeedsDisplay()`.
    open func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        if let image { canvas.draw(image) }
    }

    /// True when a point (in points, relative to the view's top-left corner)
    /// should count as a hit. The default is the whole frame.
    open func hitTest(_ point: Point) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x < size.width && point.y < size.height
    }

    /// Callout accessories and layout, kept apart because few views have
    /// any: a view without them stays small, which matters with tens of
    /// thousands live.
    private final class CalloutParts {
        var left: CalloutAccessory?
        var right: CalloutAccessory?
        var layout: CalloutLayout?
    }
    private var callout: CalloutParts?

    private func callout(orNew create: Bool) -> CalloutParts? {
        if callout == nil, create { callout = CalloutParts() }
        return callout
    }

    /// The priority the view is drawn with now.
    var effectiveZPriority: ZPriority { isSelected ? selectedZPriority : zPriority }

    /// The order the map draws (and hit-tests) it in, higher in front: a
    /// view in a drag (lifted, carried or dropping) over every other, as
    /// a thing held above the map is; then a selected one; then by
    /// `effectiveZPriority`.
    var drawingPriority: Double {
        (dragState == .none ? 0 : 2e9) + (isSelected ? 1e9 : 0) + effectiveZPriority.value
    }

    /// Whether a click may select the view: enabled, and when it would show a
    /// callout, having a title to show.
    var canBeSelected: Bool {
        guard isEnabled else { return false }
        if canShowCallout, (annotation?.title ?? "").isEmpty { return false }
        return true
    }

    /// The view's frame in points, relative to the annotation's coordinate.
    final var frameAroundAnchor: Rect {
        Rect(x: centerOffset.x - size.width / 2, y: centerOffset.y - size.height / 2,
             width: size.width, height: size.height)
    }
}
