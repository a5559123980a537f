/// Callouts on the map: one opens over a selected view that can show one
/// (with a pop, panning the map so that it shows whole), follows the map,
/// hides while its view is dragged, lays itself out again when its
/// annotation's text changes, and fades out on deselect. Its controls
/// report taps to the delegate; its text swallows clicks; its transparent
/// parts let them through to the map.
extension MapController {
    /// The callout on screen, as last drawn: nil when none shows.
    public var calloutPlacement: CalloutPlacement? {
        guard let shown = callouts.shown, !shown.isHidden else { return nil }
        return shown.placement
    }

    func openCallout(for view: AnnotationView) {
        guard view.canShowCallout, let annotation = view.annotation, !(annotation.title ?? "").isEmpty else { return }
        callouts.open(view, annotation: annotation)
    }

    /// Starts the fade of the open callout.
    func closeCallout() {
        guard let shown = callouts.shown else { return }
        callouts.shown = nil
        callouts.press.reset()
        guard let body = shown.body, let placement = shown.placement, !shown.isHidden,
              let slot = shown.view.annotation.flatMap({ annotationLayer.store.slot(of: $0) }) else { return }
        let world = annotationLayer.store.world(slot)
        let drawing = CalloutDrawing(body: body, placement: placement, annotationID: annotationLayer.store.id(slot))
        callouts.closing = CalloutPresenter.Closing(drawing: drawing, world: world,
                                                    tipOffset: placement.tip - camera.screenPoint(forWorld: world))
    }

    /// Lays out and places the callouts for the frame at `now`: the fading
    /// one follows its tip, the open one gets its text laid out (again after
    /// a drag or a change of text), picks its side and pans the map to show
    /// it whole the first time, and starts its pop.
    func layoutCallouts(at now: Double, metrics: TextMeasuring) {
        var animating = false
        if var closing = callouts.closing {
            let started = closing.startedAt ?? now
            closing.startedAt = started
            let tip = camera.screenPoint(forWorld: closing.world) + closing.tipOffset
            closing.drawing.placement = closing.drawing.placement.offsetBy(tip - closing.drawing.placement.tip)
            closing.drawing.alpha = CalloutPop.alpha(closingFor: now - started)
            closing.drawing.displayScale = displayScale
            if closing.drawing.alpha > 0 {
                callouts.closing = closing
                animating = true
            } else {
                callouts.closing = nil
            }
        }
        if var shown = callouts.shown {
            if shown.view.dragState != .none || shown.view.annotation !== shown.annotation {
                // Hidden while dragged; laid out afresh and popped again after the drop.
                if !shown.isHidden { shown.body = nil }
                shown.isHidden = true
                callouts.press.reset()
            } else {
                if shown.isHidden || shown.body == nil {
                    if shown.isHidden { shown.poppedAt = nil }
                    shown.isHidden = false
                    shown.body = calloutBody(for: shown.view, metrics: metrics)
                }
                if let body = shown.body {
                    if shown.side == nil {
                        shown.side = chooseSide(for: shown.view, body: body)
                        panToShow(shown.view, body: body, side: shown.side ?? .above, at: now)
                    }
                    shown.placement = calloutPlacement(for: shown.view, body: body, side: shown.side ?? .above,
                                                       camera: camera)
                    let popped = shown.poppedAt ?? now
                    shown.poppedAt = popped
                    if now - popped < CalloutStyle.popDuration { animating = true }
                }
            }
            callouts.shown = shown
        }
        callouts.isAnimating = animating
    }

    /// The callouts' draw commands at `now`, as the last layout placed them.
    func calloutCommands(at now: Double) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        if let closing = callouts.closing, closing.drawing.alpha > 0 { commands += closing.drawing.commands }
        if let shown = callouts.shown, !shown.isHidden, let body = shown.body, let placement = shown.placement,
           let popped = shown.poppedAt {
            var drawing = CalloutDrawing(body: body, placement: placement,
                                         annotationID: annotationLayer.id(of: shown.annotation))
            drawing.displayScale = displayScale
            drawing.scale = CalloutPop.scale(at: now - popped)
            if let pressed = callouts.press.pressedTarget, body.elements[pressed].control != nil {
                drawing.pressed = pressed
            }
            commands += drawing.commands
        }
        return commands
    }

    /// The open callout laid out for its view: the view's custom layout if
    /// it has one, else the standard callout.
    private func calloutBody(for view: AnnotationView, metrics: TextMeasuring) -> CalloutBody? {
        guard let annotation = view.annotation, let title = annotation.title, !title.isEmpty else { return nil }
        if let layout = view.calloutLayout {
            return CustomCalloutLayout.body(layout, values: CalloutValues(annotation), metrics: metrics,
                                            scale: displayScale)
        }
        return StandardCalloutLayout.body(title: title, subtitle: annotation.subtitle, left: view.leftCalloutAccessory,
                                          right: view.rightCalloutAccessory, metrics: metrics, scale: displayScale)
    }

    /// The pointer's tips for a callout above and below the view, in screen pixels.
    private func calloutTips(of view: AnnotationView, camera: Camera) -> (above: Point, below: Point) {
        let frame = annotationLayer.frame(of: view, camera: camera, scale: displayScale)
        let x = (frame.midX + view.calloutOffset.x * displayScale).rounded()
        return (Point(x: x, y: (frame.minY + view.calloutOffset.y * displayScale).rounded()),
                Point(x: x, y: frame.maxY.rounded()))
    }

    private func calloutPlacement(for view: AnnotationView, body: CalloutBody, side: CalloutPlacement.Side,
                                  camera: Camera) -> CalloutPlacement {
        let tips = calloutTips(of: view, camera: camera)
        return CalloutPlacement(bodySize: body.size, tip: side == .above ? tips.above : tips.below, side: side,
                                viewport: camera.viewportSize, scale: displayScale)
    }

    /// Above, unless even with the map panned as far down as it goes there
    /// is no room above the view.
    private func chooseSide(for view: AnnotationView, body: CalloutBody) -> CalloutPlacement.Side {
        var lowest = camera
        lowest.pan(by: Point(x: 0, y: lowest.worldSize + lowest.viewportSize.height))
        let maxTipY = calloutTips(of: view, camera: lowest).above.y
        return CalloutPlacement.fitsAbove(bodyHeight: body.size.height, maxTipY: maxTipY, scale: displayScale)
            ? .above : .below
    }

    /// Pans (animated) just enough for the whole callout to show with a
    /// margin around it.
    private func panToShow(_ view: AnnotationView, body: CalloutBody, side: CalloutPlacement.Side, at now: Double) {
        var target = camera
        // Sliding the bubble and keeping its pointer in from the ends
        // interact, so settle in a few steps.
        for _ in 0..<3 {
            let placement = calloutPlacement(for: view, body: body, side: side, camera: target)
            let delta = placement.panIntoView(viewport: target.viewportSize, scale: displayScale)
            guard delta != .zero else { break }
            target.pan(by: delta)
        }
        guard target.center != camera.center else { return }
        glide(toWorld: target.center, at: now, duration: CalloutStyle.panDuration)
    }

    // MARK: Pointer

    /// Handles a pointer event that belongs to a callout: a press on its
    /// text or a control, and the moves and release of that press. Returns
    /// nil when the event is the map's.
    /// The element of the open callout under a screen point that catches
    /// clicks (text or a control), controls first.
    func calloutHit(at point: Point) -> Int? {
        guard let shown = callouts.shown, !shown.isHidden, let body = shown.body,
              let placement = shown.placement else { return nil }
        let local = point - placement.body.origin
        let elements = body.elements.enumerated()
        if let control = elements.first(where: { $0.element.control != nil && $0.element.frame.contains(local) }) {
            return control.offset
        }
        return elements.first { $0.element.catchesClicks && $0.element.frame.contains(local) }?.offset
    }
}
