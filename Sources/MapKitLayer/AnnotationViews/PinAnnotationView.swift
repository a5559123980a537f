import MapEngine

/// A pin whose needle tip marks the coordinate (MapKit's
/// `MKPinAnnotationView`): red, green, purple or any tint, with a shadow
/// that stays hidden at rest and the frames a drag animates through.
///
///     let view = PinAnnotationView(annotation: place)
///     view.pinColor = .tint(Color(hex: 0x1E88E5))
public final class PinAnnotationView: AnnotationView {
    /// How far a pin stands above its point (its head and a little air), for fitting files on screen.
    public static let headroom = 44.0

    /// The identifier pins are reused under unless told otherwise.
    public static let defaultReuseIdentifier = "pin"
    /// Puts the needle's tip, at (8, 33.5) in the 32 x 39 image, on the coordinate.
    public static let tipCenterOffset = Point(x: 8, y: -14)

    /// The pin's colour (MapKit's `pinTintColor`): red, green, purple or any tint.
    public var pinColor: PinColor = .red {
        didSet { updateImage() }
    }
    /// Which picture the pin shows; dragging runs it through the bounce
    /// frames and the floating frame.
    var pinFrame: PinFrame = .rest {
        didSet { updateImage() }
    }
    /// Where the pin is drawn relative to its resting place, in points
    /// (negative y lifts it).
    public var lift = Point.zero {
        didSet { if lift != oldValue { setNeedsDisplay() } }
    }
    /// The shadow's opacity, 0 at rest.
    public var shadowAlpha = 0.0 {
        didSet { if shadowAlpha != oldValue { setNeedsDisplay() } }
    }
    /// Where the shadow is drawn relative to its resting place, in points.
    public var shadowOffset = Point.zero {
        didSet { if shadowOffset != oldValue { setNeedsDisplay() } }
    }

    /// A pin for `annotation`, reused under `reuseIdentifier`.
    public override init(annotation: (any Annotation)?, reuseIdentifier: String? = PinAnnotationView.defaultReuseIdentifier) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        centerOffset = PinAnnotationView.tipCenterOffset
        calloutOffset = Point(x: -8, y: 0)
        updateImage()
    }

    /// Pins added to the map after it first showed fall in from above the
    /// screen and land with a bounce (MapKit's `animatesDrop`).
    public var animatesDrop = false

    /// The pose the pin shows now.
    var pose: PinPose {
        get { PinPose(frame: pinFrame, lift: lift, shadowAlpha: shadowAlpha, shadowOffset: shadowOffset) }
        set { (pinFrame, lift, shadowAlpha, shadowOffset) = (newValue.frame, newValue.lift, newValue.shadowAlpha,
                                                               newValue.shadowOffset) }
    }

    private var motion: (kind: PinMotion, start: Double)?

    /// Ends the pin's motion and puts it at rest before it shows another annotation.
    public override func prepareForReuse() {
        super.prepareForReuse()
        motion = nil
        pose = .rest
    }

    // MARK: Animation

    /// Plays a motion from `now`; tapping a pin plays `.bounce`.
    func run(_ kind: PinMotion, at now: Double) {
        motion = (kind, now)
        pose = kind.pose(at: 0)
        setNeedsDisplay()
    }

    /// True while the pin lifts, bounces, falls or drops in.
    public override var isAnimating: Bool { motion != nil }

    /// A tap on a pin that could have been dragged bounces it.
    public override func didTapWhileDraggable(at now: Double) {
        run(.bounce, at: now)
    }

    /// Nudged by arrow keys: a short lift, then a fall with the bounce.
    public override func setNudging(_ nudging: Bool, at now: Double) {
        guard dragState == .none else { return }  // a carry shows its own lift
        run(nudging ? .nudgeLift(from: pose) : .fall(from: pose), at: now)
    }

    /// Moves the pin's motion on to `now`.
    public override func advance(to now: Double) {
        guard let (kind, start) = motion else { return }
        let t = now - start
        pose = kind.pose(at: t)
        guard kind.isFinished(at: t) else { return }
        motion = nil
        completeDragTransition()
    }

    /// Lifts on `starting` (bounce, then rise), stays up while `dragging`,
    /// lands on `ending` and falls back on `canceling`; each starts from the
    /// pose the pin shows at that moment.
    public override func setDragState(_ newState: DragState, animated: Bool, at now: Double) {
        let from = pose
        guard animated else {
            motion = nil
            super.setDragState(newState, animated: false, at: now)
            pose = dragState == .dragging ? .carried : .rest
            return
        }
        dragState = newState
        switch newState {
        case .starting: run(.lift(from: from), at: now)
        case .dragging: motion = nil
        case .ending: run(.drop(from: from), at: now)
        case .canceling: run(.fall(from: from), at: now)
        case .none: motion = nil; pose = .rest
        }
    }

    /// The needle's tip, lifted or not.
    public override var dropPointOffset: Point { lift }

    /// A pin newly added drops in from `heightAbove` points above the screen (MapKit's
    /// `animatesDrop`).
    public override func didAppear(newlyAdded: Bool, heightAbove: Double, at now: Double) {
        guard animatesDrop, newlyAdded else { return }
        // From just above the top edge: the pin's whole height clears the screen.
        run(.dropIn(height: heightAbove + BuiltInImages.pinSize.height), at: now)
    }

    /// The pin's shadow and its head and needle in the current pose and colour.
    public override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        if shadowAlpha > 0 {
            canvas.draw(BuiltInImages.pinShadow, at: shadowOffset, alpha: shadowAlpha, role: "shadow")
        }
        guard let image else { return }
        if case .tint(let color) = pinColor, let detail {
            canvas.draw(image, at: lift, tint: color)
            canvas.draw(detail, at: lift)
        } else {
            canvas.draw(image, at: lift)
        }
    }

    /// Only the head and the needle count, not the empty corner of the image.
    public override func hitTest(_ point: Point) -> Bool {
        let p = point - lift
        let head = Point(x: 8, y: 9)
        if (p - head).length <= 9.5 { return true }
        return abs(p.x - 8) <= 4 && p.y >= 9 && p.y <= 36
    }

    /// The untinted layer over a tinted head, kept so drawing builds no names.
    private var detail: AnnotationImage?

    private func updateImage() {
        switch pinColor {
        case .red: (image, detail) = (BuiltInImages.pin(.red, pinFrame), nil)
        case .green: (image, detail) = (BuiltInImages.pin(.green, pinFrame), nil)
        case .purple: (image, detail) = (BuiltInImages.pin(.purple, pinFrame), nil)
        case .tint: (image, detail) = (BuiltInImages.pinMask(pinFrame), BuiltInImages.pinDetail(pinFrame))
        }
    }
}
