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
open class AnnotationView {
    public let reuseIdentifier: String?
    public var annotation: (any Annotation)?

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
    public var canShowCallout = false
    public var isDraggable = false
    public var dragState = DragState.none {
        didSet { if dragState != oldValue { setNeedsDisplay() } }
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
    public var leftCalloutAccessory: CalloutAccessory? {
        get { accessories?.left }
        set { accessories(orNew: newValue != nil)?.left = newValue }
    }
    public var rightCalloutAccessory: CalloutAccessory? {
        get { accessories?.right }
        set { accessories(orNew: newValue != nil)?.right = newValue }
    }
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

    /// Adds what the view shows to the canvas, whose origin is the view's
    /// top-left corner. The default draws `image` filling the view.
    open func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        if let image { canvas.draw(image) }
    }

    /// True when a point (in points, relative to the view's top-left corner)
    /// should count as a hit. The default is the whole frame.
    open func hitTest(_ point: Point) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x < size.width && point.y < size.height
    }

    /// Callout accessories, kept apart because few views have any: a view
    /// without them stays small, which matters with tens of thousands live.
    private final class Accessories {
        var left: CalloutAccessory?
        var right: CalloutAccessory?
    }
    private var accessories: Accessories?

    private func accessories(orNew create: Bool) -> Accessories? {
        if accessories == nil, create { accessories = Accessories() }
        return accessories
    }

    /// The priority the view is drawn with now.
    var effectiveZPriority: ZPriority { isSelected ? selectedZPriority : zPriority }

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
