import MapEngine

/// A view whose image hovers while it is dragged: the frame is the image's
/// width and twice its height, its bottom edge on the coordinate, and the
/// image rests in the lower half. When a drag starts the image rises to the
/// upper half in 0.3 s, one image height above the coordinate, so the
/// pointer or finger never hides what it marks; a drop puts the annotation
/// where the hovering image's bottom centre points.
///
///     let view = FloatingAnnotationView(annotation: stop, reuseIdentifier: "stop")
///     view.image = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
///     view.isDraggable = true
package class FloatingAnnotationView: AnnotationView {
    /// How long the view takes to rise when its drag starts, in seconds.
    package static let riseDuration = 0.3

    /// How far the image is above its resting place, in points: 0 at rest,
    /// the image's height while hovering.
    package private(set) var rise = 0.0 {
        didSet { if rise != oldValue { setNeedsDisplay() } }
    }
    private var motion: (tween: Tween, from: Double, to: Double)?

    /// The view's image; setting it sizes the view and keeps room above for the rise.
    package override var image: AnnotationImage? {
        didSet {
            guard let image else { return }
            size = Size(width: image.size.width, height: image.size.height * 2)
            centerOffset = Point(x: 0, y: -image.size.height)
        }
    }

    private var imageHeight: Double { image?.size.height ?? 0 }

    /// Ends any rise or fall before the view shows another annotation.
    package override func prepareForReuse() {
        super.prepareForReuse()
        motion = nil
        rise = 0
    }

    /// The image, raised by the current rise, over its shadow.
    package override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        if let image { canvas.draw(image, at: Point(x: 0, y: imageHeight - rise)) }
    }

    /// Only the image counts, where it is now.
    package override func hitTest(_ point: Point) -> Bool {
        let top = imageHeight - rise
        return point.x >= 0 && point.x < size.width && point.y >= top && point.y < top + imageHeight
    }

    /// Rises on `starting`; after `ending` (the annotation already moved to
    /// where the image pointed) it is at rest at once; after `canceling` it
    /// sinks back in 0.3 s while the map returns the annotation.
    package override func setDragState(_ newState: DragState, animated: Bool, at now: Double) {
        dragState = newState
        switch newState {
        case .starting:
            guard animated else { rise = imageHeight; completeDragTransition(); return }
            animate(to: imageHeight, at: now)
        case .dragging:
            motion = nil
        case .ending:
            motion = nil
            rise = 0
            completeDragTransition()
        case .canceling:
            completeDragTransition()
            if animated { animate(to: 0, at: now) } else { motion = nil; rise = 0 }
        case .none:
            break
        }
    }

    /// A carried view drops where its raised image points, not where the finger is.
    package override var dropPointOffset: Point { Point(x: 0, y: -rise) }

    /// True while the view rises or falls.
    package override var isAnimating: Bool { motion != nil }

    /// Moves the rise or fall on to `now`.
    package override func advance(to now: Double) {
        guard let motion else { return }
        rise = motion.tween.value(at: now, from: motion.from, to: motion.to)
        guard motion.tween.isFinished(at: now) else { return }
        self.motion = nil
        completeDragTransition()
    }

    private func animate(to target: Double, at now: Double) {
        motion = (Tween(start: now, duration: FloatingAnnotationView.riseDuration, easing: .easeInOut), rise, target)
        setNeedsDisplay()
    }
}
