import MapEngine

/// The annotations of one map and the views that show them: which views are
/// live, which wait for reuse, what the live views drew, hit testing and
/// selection. Only annotations on screen (plus a margin) have views, and a
/// view is drawn again only when it says it changed, so the work per frame
/// follows what changes on screen, not what is stored.
///
///     let layer = AnnotationLayer { annotation in PinAnnotationView(annotation: annotation) }
///     layer.add(pin)
///     layer.update(camera: camera, scale: 1, now: now)
///     let batch = layer.spriteBatch(camera: camera)
@MainActor
final class AnnotationLayer: AnnotationChangeListener {
    /// How far past the screen's edges views are kept, in points, so a view
    /// whose coordinate is just off screen but whose image reaches in is drawn.
    static let margin = 128.0

    private(set) var store = AnnotationStore()
    private var reuseQueues: [String: [AnnotationView]] = [:]
    /// Makes a view for an annotation coming on screen.
    var makeView: (any Annotation) -> AnnotationView
    /// Told about every change to an annotation, after the layer has handled it.
    var onChange: ((any Annotation, AnnotationChange) -> Void)?
    /// Told when a live view asked to be drawn again.
    var onNeedsDisplay: (() -> Void)?
    /// Told when a view's drag state changed, with the old state.
    var onDragStateChange: ((AnnotationView, DragState) -> Void)?
    /// True for annotations that show no view of their own right now (a
    /// pin inside a cluster); selected, pressed and dragged views stay.
    var isHidden: ((Int32) -> Bool)?
    /// Where views are drawn instead of at their annotation's place (the
    /// members of a spiderfied cluster fanned out), in unit world points.
    private(set) var displaced: [Int32: Point] = [:]
    /// Slots whose views are shown away from their annotation's coordinate
    /// (carried, or going home after a cancelled drag): their coordinate is
    /// written on the drop, not as they move.
    private(set) var shownElsewhere: Set<Int32> = []
    /// Views flying in from a place (members leaving a cluster that split):
    /// where from, and when the flight began.
    private var flights: [Int32: Flight] = [:]

    /// A view on its way between two places over `flightDuration`: from a
    /// place to its own (out of a cluster) or from its own into one.
    private struct Flight {
        var from: Point?
        var to: Point?
        let start: Double
    }
    /// How long a flight out of a cluster takes.
    static let flightDuration = 0.25
    private(set) var selectedSlot: Int32?
    /// How many moves `catchUnannouncedMoves` found that no one posted.
    var unannouncedMoves = 0
    /// Where in the drawn views the next frame's check of quiet moves starts.
    var moveCheckCursor = 0
    /// How many drawn views a frame checks for quiet moves.
    static let unannouncedMoveChecks = 256

    // State of `update(camera:scale:now:)`, kept between frames.
    var drawList = AnnotationDrawList()
    var canvas = AnnotationCanvas(scale: 1)
    /// The renderer's text sizes, for views that draw text (given each frame).
    var metrics: any TextMeasuring = EstimatedTextMetrics()
    /// The unit world rectangle views were last made for (x not wrapped).
    var region: Rect?
    /// Slots added or moved since the last update.
    var pending = SlotSet()
    /// Live views to draw again at the next update.
    var dirty: Set<Int32> = []
    /// Live views outside the region, kept because they are selected,
    /// pressed or dragged.
    var stayers: Set<Int32> = []
    var found: [Int32] = []
    var pass: UInt32 = 0
    /// The time of the last update, for views made between frames.
    var lastNow = 0.0
    /// The camera and scale of the update under way, for views that appear.
    var updateCamera: Camera?
    var updateScale = 1.0
    /// Slots added since the last update: their views may animate arriving.
    var justAdded = SlotSet()
    /// Live views running an animation.
    private(set) var animating: Set<Int32> = []
    var liveViewCount = 0
    /// How far any live view's frame reaches from its coordinate, in points.
    private var maxReach = 0.0

    init(makeView: @escaping (any Annotation) -> AnnotationView) {
        self.makeView = makeView
    }

    /// Live views from back to front, as of the last update.
    var liveViews: [AnnotationView] { drawList.groups.compactMap { store.view($0.slot) } }

    var selectedView: AnnotationView? { selectedSlot.flatMap { store.view($0) } }

    // MARK: Adding and removing

    @discardableResult
    func add(_ annotation: any Annotation) -> Bool {
        guard let slot = store.add(annotation) else { return false }
        watch(slot)
        return true
    }

    /// Adds many annotations at once; returns those that were not on the map.
    func add(contentsOf annotations: [any Annotation]) -> [any Annotation] {
        let slots = store.add(contentsOf: annotations)
        for slot in slots { watch(slot) }
        return slots.map { store.annotation($0) }
    }

    /// Follows a new slot's annotation, and shows it at the next update.
    private func watch(_ slot: Int32) {
        store.annotation(slot).changes.observe(listener: self, key: slot)
        pending.insert(slot)
        justAdded.insert(slot)
    }

    /// Removes an annotation; its view, if any, goes to the reuse queue. The
    /// caller deselects it first.
    func remove(_ annotation: any Annotation) {
        guard let (slot, view) = store.remove(annotation) else { return }
        annotation.changes.removeObserver(listener: self)
        if selectedSlot == slot { selectedSlot = nil }
        pending.remove(slot)
        justAdded.remove(slot)
        shownElsewhere.remove(slot)
        if let view { forget(slot, view) }
    }

    /// Shows an annotation's view at `coordinate` instead of its own (a
    /// carried view), or with nil back at its own; its model is not touched.
    func show(_ annotation: any Annotation, at coordinate: Coordinate?) {
        guard let slot = store.slot(of: annotation) else { return }
        if coordinate != nil { shownElsewhere.insert(slot) } else { shownElsewhere.remove(slot) }
        store.move(slot, to: AnnotationStore.place(coordinate ?? annotation.coordinate))
        pending.insert(slot)
        onNeedsDisplay?()
    }

    func annotationDidChange(key slot: Int32, _ change: AnnotationChange) {
        guard let annotation = store.annotations[Int(slot)] else { return }
        if change == .coordinate, !shownElsewhere.contains(slot) {  // a carried view stays under the pointer
            store.move(slot)
            pending.insert(slot)
        }
        onChange?(annotation, change)
    }

    // MARK: Live views and reuse

    func attachView(_ slot: Int32) {
        let annotation = store.annotation(slot)
        let view = makeView(annotation)
        if view.owner != nil { return }  // already showing another annotation
        view.annotation = annotation
        view.owner = self
        view.slot = slot
        store.views[Int(slot)] = view
        liveViewCount += 1
        if let camera = updateCamera {
            let heightAbove = max(0, camera.screenPoint(forWorld: store.world(slot)).y / updateScale)
            view.didAppear(newlyAdded: justAdded.contains(slot), heightAbove: heightAbove, at: lastNow)
        }
        draw(slot, view)
    }

    /// Where a slot's view is drawn: its annotation's place, or where it was displaced to.
    func displayedWorld(_ slot: Int32) -> Point {
        let place = displaced[slot] ?? store.world(slot)
        guard let flight = flights[slot] else { return place }
        let t = Easing.easeOut.value(at: min(max((lastNow - flight.start) / AnnotationLayer.flightDuration, 0), 1))
        let from = flight.from ?? place, to = flight.to ?? place
        let dx = WebMercator.shortWay(to.x - from.x)
        return Point(x: from.x + dx * t, y: from.y + (to.y - from.y) * t)
    }

    /// Sends views from a place to their own, over `flightDuration`
    /// seconds from `now`.
    func fly(_ slots: [Int32: Point], at now: Double) {
        for (slot, from) in slots where store.annotations[Int(slot)] != nil {
            flights[slot] = Flight(from: from, to: nil, start: now)
            dirty.insert(slot)
        }
    }

    /// Sends views from their own places to another (into a cluster that
    /// formed), over `flightDuration` seconds from `now`.
    func land(_ slots: [Int32: Point], at now: Double) {
        for (slot, to) in slots where store.view(slot) != nil {
            flights[slot] = Flight(from: nil, to: to, start: now)
            dirty.insert(slot)
        }
    }

    /// Draws views elsewhere than their annotations' places until `restore`.
    func displace(_ places: [Int32: Point]) {
        restore()
        displaced = places
        dirty.formUnion(places.keys.filter { store.view($0) != nil })
        region = nil
    }

    /// Where a view was drawn away from its annotation's place, which it
    /// leaves: nil when it was not displaced.
    func takeDisplacement(of view: AnnotationView) -> Point? {
        guard view.slot >= 0, let place = displaced.removeValue(forKey: view.slot) else { return nil }
        dirty.insert(view.slot)
        return place
    }

    /// Views go back to their annotations' places.
    func restore() {
        guard !displaced.isEmpty else { return }
        dirty.formUnion(displaced.keys.filter { store.view($0) != nil })
        displaced.removeAll()
        region = nil
    }

    /// Takes the view off the map and queues it for reuse.
    func detachView(_ slot: Int32) {
        guard let view = store.view(slot) else { return }
        store.views[Int(slot)] = nil
        forget(slot, view)
    }

    private func forget(_ slot: Int32, _ view: AnnotationView) {
        drawList.remove(slot: slot)
        dirty.remove(slot)
        stayers.remove(slot)
        animating.remove(slot)
        liveViewCount -= 1
        recycle(view)
    }

    /// Files what the view draws now under its slot. A view that set no
    /// size takes the size of what it drew (from its top-left corner), so it
    /// stands centred on its coordinate and can be tapped.
    func draw(_ slot: Int32, _ view: AnnotationView) {
        canvas.removeAll()
        canvas.metrics = metrics
        view.draw(into: &canvas, at: lastNow)
        canvas.finishPicture()
        if view.size == Size(width: 0, height: 0), let drawn = canvas.drawnExtent {
            view.size = drawn
            dirty.remove(slot)  // drawn just now: the new size needs no second drawing
        }
        let frame = view.frameAroundAnchor
        maxReach = max(maxReach, abs(frame.minX), abs(frame.maxX), abs(frame.minY), abs(frame.maxY))
        drawList.insert(slot: slot, world: displayedWorld(slot),
                        priority: view.drawingPriority,
                        frameOrigin: Point(x: frame.minX * canvas.scale, y: frame.minY * canvas.scale),
                        drawing: canvas, id: store.id(slot))
    }

    func dequeue(identifier: String) -> AnnotationView? {
        guard let view = reuseQueues[identifier]?.popLast() else { return nil }
        view.prepareForReuse()
        return view
    }

    private func recycle(_ view: AnnotationView) {
        view.owner = nil
        view.slot = -1
        view.isSelected = false
        view.isHighlighted = false
        guard let identifier = view.reuseIdentifier else { return }
        reuseQueues[identifier, default: []].append(view)
    }

    var queuedViewCount: Int { reuseQueues.values.reduce(0) { $0 + $1.count } }

    /// Called by a live view whose drawing, size or order changed.
    func viewNeedsDisplay(_ view: AnnotationView) {
        guard view.owner === self, view.slot >= 0 else { return }
        dirty.insert(view.slot)
        if view.isAnimating { animating.insert(view.slot) }
        onNeedsDisplay?()
    }

    func viewDragStateDidChange(_ view: AnnotationView, from old: DragState) {
        guard view.owner === self else { return }
        onDragStateChange?(view, old)
    }

    var hasAnimations: Bool { !animating.isEmpty || !flights.isEmpty }

    /// Brings every animating view up to `now`; views whose animation ended
    /// leave the list.
    func advanceAnimations(to now: Double) {
        for (slot, flight) in flights {
            // One last draw at the end of the flight, in its own place.
            if now >= flight.start + AnnotationLayer.flightDuration { flights[slot] = nil }
            if store.view(slot) != nil { dirty.insert(slot) }
        }
        for slot in animating {
            guard let view = store.view(slot) else {
                animating.remove(slot)
                continue
            }
            view.advance(to: now)
            if !view.isAnimating { animating.remove(slot) }
        }
    }

    // MARK: Drawing and hit testing

    /// What the live views drew, placed by `camera`; nil when there are none.
    func spriteBatch(camera: Camera) -> SpriteBatch? {
        guard !drawList.groups.isEmpty else { return nil }
        return SpriteBatch(camera: camera, groups: drawList.groups, sprites: drawList.sprites,
                           names: drawList.names, roles: drawList.roles, ids: drawList.ids,
                           reach: drawList.reach, pictures: drawList.pictures)
    }

    /// The view's frame in screen pixels, its origin on whole pixels, on
    /// the copy of the world nearest the camera's centre, or with `near` on
    /// the copy nearest that screen point (where the world repeats).
    func frame(of view: AnnotationView, camera: Camera, scale: Double, near point: Point? = nil) -> Rect {
        var anchor = camera.screenPoint(forWorld: displayedWorld(view.slot))
        if let point { anchor.x += ((point.x - anchor.x) / camera.worldSize).rounded() * camera.worldSize }
        let f = view.frameAroundAnchor
        let top = camera.isFlatNorthUp ? SpriteBatch.keptBelowWorldTop(anchor.y + f.minY * scale, camera: camera)
            : anchor.y + f.minY * scale
        return Rect(x: (anchor.x + f.minX * scale).rounded(), y: top.rounded(),
                    width: f.width * scale, height: f.height * scale)
    }

    /// The topmost enabled view under a screen point. Only the views whose
    /// coordinates lie near the point are tried, found through the index.
    /// With a `minimumTarget` (points, for fingers), when no view is hit
    /// exactly, a view is also hit within a box that size around its
    /// frame's centre.
    func hitTest(_ point: Point, camera: Camera, scale: Double, minimumTarget: Double = 0) -> AnnotationView? {
        // Views may take hits a little outside their frames (a lifted pin).
        let reach = (maxReach + AnnotationLayer.hitSlack) * scale
        // On a turned or tilted map the square of screen around the point is
        // a turned, stretched one on the ground: look as far as its corners.
        let ground = camera.isFlatNorthUp ? reach : reach * 2.squareRoot() / camera.perspectiveScale(atWorld: camera.worldPoint(at: point))
        let corner = camera.worldPoint(at: point) - Point(x: ground, y: ground) / camera.worldSize
        let side = 2 * ground / camera.worldSize
        found.removeAll(keepingCapacity: true)
        store.slots(inWorldRect: Rect(x: corner.x, y: corner.y, width: side, height: side), into: &found)
        // Views drawn away from their places (a fanned-out cluster) are tried too.
        // (Checked against a set: a fanned-out crowd of 100,000 pins at one
        // place is 100,000 displaced views, and the array search was quadratic.)
        if !displaced.isEmpty {
            let near = Set(found)
            for slot in displaced.keys where !near.contains(slot) { found.append(slot) }
        }
        var candidates: [(priority: Double, y: Double, slot: Int32, view: AnnotationView)] = []
        for slot in found {
            guard let view = store.view(slot), view.isEnabled else { continue }
            candidates.append((view.drawingPriority, store.world(slot).y,
                               slot, view))
        }
        candidates.sort { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            if a.y != b.y { return a.y > b.y }
            return a.slot > b.slot
        }
        for candidate in candidates {
            let frame = frame(of: candidate.view, camera: camera, scale: scale, near: point)
            if candidate.view.hitTest((point - frame.origin) / scale) { return candidate.view }
        }
        guard minimumTarget > 0 else { return nil }
        let least = minimumTarget * scale
        for candidate in candidates {
            let frame = frame(of: candidate.view, camera: camera, scale: scale, near: point)
            let width = max(frame.width, least), height = max(frame.height, least)
            let target = Rect(x: frame.center.x - width / 2, y: frame.center.y - height / 2, width: width, height: height)
            if target.contains(point) { return candidate.view }
        }
        return nil
    }

    /// Points past a view's frame that hit testing still searches.
    static let hitSlack = 64.0

    /// True when the view's frame shows on the screen.
    func isOnScreen(_ view: AnnotationView, camera: Camera, scale: Double) -> Bool {
        frame(of: view, camera: camera, scale: scale)
            .intersects(Rect(origin: .zero, size: camera.viewportSize))
    }

    // MARK: Selection

    func setSelected(_ slot: Int32?) {
        if let old = selectedSlot { store.view(old)?.isSelected = false }
        selectedSlot = slot
        if let slot { store.view(slot)?.isSelected = true }
    }
}
