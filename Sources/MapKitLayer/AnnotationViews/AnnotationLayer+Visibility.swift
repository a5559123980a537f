import MapEngine

/// Following the camera: which annotations need views. Between two frames
/// of a pan or a zoom only the strips that came into view and the strips
/// that left are searched, so the cost follows the change on screen.
@MainActor
extension AnnotationLayer {
    /// Gives every annotation in view a view, sends the views of those that
    /// left to the reuse queues (selected, pressed and dragged views stay),
    /// draws the views that changed, and settles the drawing order.
    func update(camera: Camera, scale: Double, now: Double) {
        lastNow = now
        (updateCamera, updateScale) = (camera, scale)
        defer { updateCamera = nil }
        if scale != canvas.scale { redrawEverything(scale: scale) }
        catchUnannouncedMoves()
        let next = AnnotationLayer.region(camera: camera, scale: scale)
        // Two regions narrower than the world are compared on the same copy
        // of it; two as wide as the world or wider (zoomed out) differ only
        // in their top and bottom. Otherwise everything is searched.
        let searchesAll = region.map { last in
            !(last.width < 1 && next.width < 1) && !(last.width >= 1 && next.width >= 1)
        } ?? true
        settleMoved(in: next, entering: !searchesAll)
        if !searchesAll, var last = region {
            var next = next
            if next.width >= 1 {
                (last.origin.x, last.size.width) = (0, 1)
                (next.origin.x, next.size.width) = (0, 1)
            } else {
                // Compare the same copy of the world when the centre wrapped.
                last.origin.x += (next.center.x - last.center.x).rounded()
            }
            for piece in next.subtracting(last) { forEachSlot(in: piece) { enter($0, next) } }
            for piece in last.subtracting(next) { forEachSlot(in: piece) { leave($0, next) } }
        } else {
            forEachSlot(in: next) { enter($0, next) }
            for group in drawList.groups { leave(group.slot, next) }
        }
        region = next
        for slot in stayers {
            if AnnotationLayer.contains(next, store.world(slot)) && isHidden?(slot) != true {
                stayers.remove(slot)
            } else {
                leave(slot, next)
            }
        }
        let redraw = dirty
        dirty.removeAll()
        for slot in redraw {
            if let view = store.view(slot) { draw(slot, view) }
        }
        drawList.commit()
        justAdded.removeAll()
    }

    /// Added annotations get views when in view; moved ones are drawn at
    /// their new place or leave. When the whole region is searched next,
    /// that search gives the added ones their views (half a million added
    /// pins were looked at twice).
    private func settleMoved(in next: Rect, entering: Bool) {
        for slot in pending where store.annotations[Int(slot)] != nil {
            if store.view(slot) != nil {
                dirty.insert(slot)
                leave(slot, next)
            } else if entering {
                enter(slot, next)
            }
        }
        pending.removeAll()
    }

    /// Gives a view to an annotation inside the region that has none.
    private func enter(_ slot: Int32, _ region: Rect) {
        if store.view(slot) == nil, AnnotationLayer.contains(region, store.world(slot)), isHidden?(slot) != true {
            attachView(slot)
        }
    }

    /// Detaches the view of an annotation outside the region, unless the
    /// view must stay.
    private func leave(_ slot: Int32, _ region: Rect) {
        guard let view = store.view(slot),
              !AnnotationLayer.contains(region, store.world(slot)) || isHidden?(slot) == true else { return }
        if view.isSelected || view.isHighlighted || view.dragState != .none {
            stayers.insert(slot)
        } else {
            detachView(slot)
        }
    }

    /// Which annotations are hidden changed (clusters at a new level): the
    /// next update looks at every annotation in view again.
    func refreshVisibility() {
        region = nil
    }

    /// A new display scale: every view draws again from its other images.
    private func redrawEverything(scale: Double) {
        let live = drawList.groups.map(\.slot)
        drawList.removeAll()
        canvas = AnnotationCanvas(scale: scale)
        dirty.formUnion(live.filter { store.view($0) != nil })
    }

    private func forEachSlot(in rect: Rect, _ body: (Int32) -> Void) {
        found.removeAll(keepingCapacity: true)
        store.slots(inWorldRect: rect, into: &found)
        // In slot order, the tables read for each slot are read front to
        // back: 500,000 slots in the tree's order took 130 ms, mostly
        // waiting for memory.
        if found.count > 4096 { RadixSort.sort(&found) }
        for slot in found { body(slot) }
    }

    /// The unit world rectangle that gets views: the screen and a margin.
    static func region(camera: Camera, scale: Double) -> Rect {
        let margin = AnnotationLayer.margin * scale
        guard camera.isFlatNorthUp else {
            // Turned or tilted: the bounds of the ground under the view and its margin.
            let w = camera.viewportSize.width + margin, h = camera.viewportSize.height + margin
            let corners = [Point(x: -margin, y: -margin), Point(x: w, y: -margin), Point(x: w, y: h), Point(x: -margin, y: h)]
                .map { camera.worldPoint(at: $0) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        let topLeft = camera.worldPoint(at: Point(x: -margin, y: -margin))
        let bottomRight = camera.worldPoint(at: Point(x: camera.viewportSize.width + margin,
                                                      y: camera.viewportSize.height + margin))
        return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
    }

    /// True when a unit world point (x in 0..<1) lies in the region, on any
    /// copy of the world.
    static func contains(_ region: Rect, _ p: Point) -> Bool {
        guard p.y >= region.minY, p.y < region.maxY else { return false }
        if region.width >= 1 { return true }
        var dx = p.x - region.minX
        dx -= dx.rounded(.down)
        return dx < region.width
    }

    /// Views on screen whose annotation moved without posting `.coordinate`
    /// (a class that sets its own coordinate and tells no one): moved now,
    /// so that what is drawn and what is hit stay where the annotation is.
    /// At most `unannouncedMoveChecks` drawn views a frame, taking turns, so
    /// the cost stays small however many views show; a quiet move is found
    /// within a few frames.
    func catchUnannouncedMoves() {
        let groups = drawList.groups
        guard !groups.isEmpty else { return }
        let count = min(groups.count, AnnotationLayer.unannouncedMoveChecks)
        for step in 0..<count {
            let slot = groups[(moveCheckCursor + step) % groups.count].slot
            guard !shownElsewhere.contains(slot), let annotation = store.annotations[Int(slot)],
                  AnnotationStore.place(annotation.coordinate) != store.world(slot) else { continue }
            unannouncedMoves += 1
            annotationDidChange(key: slot, .coordinate)
        }
        moveCheckCursor = (moveCheckCursor + count) % groups.count
    }
}
