import MapEngine

/// The map's callouts between frames: the one open over the selected view,
/// the one fading out after a deselect, and a press on a callout's control.
/// `MapController+Callout` drives it; the layout half below places them.
@MainActor
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
        /// A screen point near the copy of the world it shows over (where
        /// the world repeats): where it was opened, then its last tip.
        var near: Point?
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
    private var press = ControlTracker<Int>()

    private(set) var shown: Shown?
    private var closing: Closing?
    /// True when the last frame showed a pop or a fade under way. (Opening,
    /// closing and new text set the map's `needsDisplay` instead.)
    private(set) var isAnimating = false

    /// Opens a callout over a view that can show one and has a title.
    func open(_ view: AnnotationView, near point: Point? = nil) {
        guard view.canShowCallout, let annotation = view.annotation, !(annotation.title ?? "").isEmpty else { return }
        shown = Shown(view: view, annotation: annotation, near: point)
        press.reset()
    }

    /// Where the open callout was last placed, unless hidden.
    var visiblePlacement: CalloutPlacement? { shown?.isHidden == false ? shown?.placement : nil }

    /// Lays the open callout out again at the next frame (its text changed).
    func invalidate(_ annotation: any Annotation) {
        guard shown?.annotation === annotation else { return }
        shown?.body = nil
    }

    /// A press, move or release, over the open callout's element under it.
    func handlePress(_ event: PointerEvent) -> ControlTracker<Int>.Outcome {
        press.handle(event, over: hit(at: event.location))
    }

    func resetPress() {
        press.reset()
    }
}

/// Where callouts go and what they draw: the open one gets its text laid
/// out, picks a side, asks for the map to pan so it shows whole, pops; the
/// closing one follows its annotation while it fades. Everything here reads
/// the map through a `Frame`: its camera, scale and annotation layer.
@MainActor
extension CalloutPresenter {
    /// What of the map the callouts are laid out against.
    struct Frame {
        let camera: Camera
        let scale: Double
        let layer: AnnotationLayer
        /// The open callout's view is taken on the copy of the world nearest this screen point.
        var near: Point?
    }

    /// Starts the fade of the open callout.
    func close(in frame: Frame) {
        guard let shown else { return }
        self.shown = nil
        press.reset()
        guard let body = shown.body, let placement = shown.placement, !shown.isHidden,
              let slot = shown.view.annotation.flatMap({ frame.layer.store.slot(of: $0) }) else { return }
        let world = frame.layer.store.world(slot)
        let drawing = CalloutDrawing(body: body, placement: placement, annotationID: frame.layer.store.id(slot))
        closing = Closing(drawing: drawing, world: world,
                          tipOffset: placement.tip - frame.camera.screenPoint(forWorld: world))
    }

    /// Lays out and places the callouts for the frame at `now`: the fading
    /// one follows its tip, the open one gets its text laid out (again after
    /// a drag or a change of text), picks its side and starts its pop.
    /// Returns where the map should glide to show the callout whole, the
    /// first time it shows.
    func layout(at now: Double, metrics: TextMeasuring, in frame: Frame) -> Point? {
        var animating = false
        var glideTarget: Point?
        if var closing {
            let started = closing.startedAt ?? now
            closing.startedAt = started
            let tip = frame.camera.screenPoint(forWorld: closing.world) + closing.tipOffset
            closing.drawing.placement = closing.drawing.placement.offsetBy(tip - closing.drawing.placement.tip)
            closing.drawing.alpha = CalloutPop.alpha(closingFor: now - started)
            closing.drawing.displayScale = frame.scale
            if closing.drawing.alpha > 0 {
                self.closing = closing
                animating = true
            } else {
                self.closing = nil
            }
        }
        if var shown {
            // On the copy of the world it was opened over, wherever the world repeats.
            let here = Frame(camera: frame.camera, scale: frame.scale, layer: frame.layer, near: shown.near)
            if shown.view.dragState != .none || shown.view.annotation !== shown.annotation {
                // Hidden while dragged; laid out afresh and popped again after the drop.
                if !shown.isHidden { shown.body = nil }
                shown.isHidden = true
                press.reset()
            } else {
                if shown.isHidden || shown.body == nil {
                    if shown.isHidden { shown.poppedAt = nil }
                    shown.isHidden = false
                    shown.body = CalloutPresenter.body(for: shown.view, metrics: metrics, scale: frame.scale)
                }
                if let body = shown.body {
                    if shown.side == nil {
                        let side = CalloutPresenter.side(for: shown.view, body: body, in: here)
                        shown.side = side
                        glideTarget = CalloutPresenter.centreShowing(shown.view, body: body, side: side, in: here)
                    }
                    shown.placement = CalloutPresenter.placement(for: shown.view, body: body,
                                                                 side: shown.side ?? .above, in: here)
                    shown.near = shown.placement?.tip
                    let popped = shown.poppedAt ?? now
                    shown.poppedAt = popped
                    if now - popped < CalloutStyle.popDuration { animating = true }
                }
            }
            self.shown = shown
        }
        isAnimating = animating
        return glideTarget
    }

    /// The callouts' draw commands at `now`, as the last layout placed them.
    func commands(at now: Double, in frame: Frame) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        if let closing, closing.drawing.alpha > 0 { commands += closing.drawing.commands }
        if let shown, !shown.isHidden, let body = shown.body, let placement = shown.placement,
           let popped = shown.poppedAt {
            var drawing = CalloutDrawing(body: body, placement: placement,
                                         annotationID: frame.layer.id(of: shown.annotation))
            drawing.displayScale = frame.scale
            drawing.scale = CalloutPop.scale(at: now - popped)
            if let pressed = press.pressedTarget, body.elements[pressed].control != nil {
                drawing.pressed = pressed
            }
            commands += drawing.commands
        }
        return commands
    }

    /// The open callout's controls (buttons) on screen, in body order: their
    /// element index, action and frame.
    func controlFrames() -> [(index: Int, action: String, frame: Rect)] {
        guard let shown, !shown.isHidden, let body = shown.body, let placement = shown.placement else { return [] }
        return body.elements.enumerated().compactMap { index, element in
            element.control.map { (index, $0.action, element.frame.offsetBy(placement.body.origin)) }
        }
    }

    /// The element of the open callout under a screen point that catches
    /// clicks (text or a control), controls first.
    func hit(at point: Point) -> Int? {
        guard let shown, !shown.isHidden, let body = shown.body, let placement = shown.placement else { return nil }
        let local = point - placement.body.origin
        let elements = body.elements.enumerated()
        if let control = elements.first(where: { $0.element.control != nil && $0.element.frame.contains(local) }) {
            return control.offset
        }
        return elements.first { $0.element.catchesClicks && $0.element.frame.contains(local) }?.offset
    }

    /// The open callout laid out for its view: the view's custom layout if
    /// it has one, else the standard callout.
    private static func body(for view: AnnotationView, metrics: TextMeasuring, scale: Double) -> CalloutBody? {
        guard let annotation = view.annotation, let title = annotation.title, !title.isEmpty else { return nil }
        if let layout = view.calloutLayout {
            return CustomCalloutLayout.body(layout, values: CalloutValues(annotation), metrics: metrics, scale: scale)
        }
        return StandardCalloutLayout.body(title: title, subtitle: annotation.calloutSubtitle, left: view.leftCalloutAccessory,
                                          right: view.rightCalloutAccessory, metrics: metrics, scale: scale)
    }

    /// The pointer's tips for a callout above and below the view, in screen pixels.
    private static func tips(of view: AnnotationView, in frame: Frame) -> (above: Point, below: Point) {
        let box = frame.layer.frame(of: view, camera: frame.camera, scale: frame.scale, near: frame.near)
        let x = (box.midX + view.calloutOffset.x * frame.scale).rounded()
        return (Point(x: x, y: (box.minY + view.calloutOffset.y * frame.scale).rounded()),
                Point(x: x, y: box.maxY.rounded()))
    }

    private static func placement(for view: AnnotationView, body: CalloutBody, side: CalloutPlacement.Side,
                                  in frame: Frame) -> CalloutPlacement {
        let tips = tips(of: view, in: frame)
        return CalloutPlacement(bodySize: body.size, tip: side == .above ? tips.above : tips.below, side: side,
                                viewport: frame.camera.viewportSize, scale: frame.scale)
    }

    /// Above, unless even with the map panned as far down as it goes there
    /// is no room above the view.
    private static func side(for view: AnnotationView, body: CalloutBody, in frame: Frame) -> CalloutPlacement.Side {
        var lowest = frame.camera
        lowest.pan(by: Point(x: 0, y: lowest.worldSize + lowest.viewportSize.height))
        let maxTipY = tips(of: view, in: Frame(camera: lowest, scale: frame.scale, layer: frame.layer, near: frame.near)).above.y
        return CalloutPlacement.fitsAbove(bodyHeight: body.size.height, maxTipY: maxTipY, scale: frame.scale)
            ? .above : .below
    }

    /// Where the map's centre must go for the whole callout to show with a
    /// margin around it; nil when it shows already.
    private static func centreShowing(_ view: AnnotationView, body: CalloutBody, side: CalloutPlacement.Side,
                                      in frame: Frame) -> Point? {
        var target = frame.camera
        // Sliding the bubble and keeping its pointer in from the ends
        // interact, so settle in a few steps.
        for _ in 0..<3 {
            let placement = placement(for: view, body: body, side: side,
                                      in: Frame(camera: target, scale: frame.scale, layer: frame.layer, near: frame.near))
            let delta = placement.panIntoView(viewport: target.viewportSize, scale: frame.scale)
            guard delta != .zero else { break }
            target.pan(by: delta)
        }
        return target.center == frame.camera.center ? nil : target.center
    }
}
