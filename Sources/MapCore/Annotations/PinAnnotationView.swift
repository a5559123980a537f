/// A pin whose needle tip marks the coordinate (MapKit's
/// `MKPinAnnotationView`): red, green, purple or any tint, with a shadow
/// that stays hidden at rest and the frames a drag animates through.
///
///     let view = PinAnnotationView(annotation: place)
///     view.pinColor = .tint(Color(hex: 0x1E88E5))
public final class PinAnnotationView: AnnotationView {
    public static let defaultReuseIdentifier = "pin"
    /// Puts the needle's tip, at (8, 33.5) in the 32 x 39 image, on the coordinate.
    public static let tipCenterOffset = Point(x: 8, y: -14)

    public var pinColor: PinColor = .red {
        didSet { updateImage() }
    }
    /// Which picture the pin shows; dragging runs it through the bounce
    /// frames and the floating frame.
    public var pinFrame: PinFrame = .rest {
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

    public override init(annotation: (any Annotation)?, reuseIdentifier: String? = PinAnnotationView.defaultReuseIdentifier) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        centerOffset = PinAnnotationView.tipCenterOffset
        calloutOffset = Point(x: -8, y: 0)
        updateImage()
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        pinFrame = .rest
        lift = .zero
        shadowAlpha = 0
        shadowOffset = .zero
    }

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
