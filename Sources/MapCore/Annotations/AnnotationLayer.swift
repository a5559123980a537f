/// The annotations of one map and the views that show them: which views are
/// live, which wait for reuse, the drawing order and hit testing. Only
/// annotations on screen (plus a margin) have views, so the work per frame
/// follows what is visible, not what is stored.
///
///     let layer = AnnotationLayer { annotation in PinAnnotationView(annotation: annotation) }
///     layer.add(pin)
///     layer.update(camera: camera, scale: 1)
///     let commands = layer.commands(camera: camera, scale: 1, now: now)
final class AnnotationLayer {
    /// How far past the screen's edges views are kept, in points, so a view
    /// whose coordinate is just off screen but whose image reaches in is drawn.
    static let margin = 128.0

    /// A live view's sort key and its place, kept together so the frame
    /// loops read one small array in order.
    private struct LiveEntry {
        var priority: Double
        var x: Double
        var y: Double
        var slot: Int32
    }

    private(set) var store = AnnotationStore()
    /// Live views in drawing order, back to front.
    private var live: [LiveEntry] = []
    private var orderIsStale = false
    private var reuseQueues: [String: [AnnotationView]] = [:]
    private var pass: UInt32 = 0
    private var found: [Int32] = []
    /// Makes a view for an annotation coming on screen.
    var makeView: (any Annotation) -> AnnotationView
    /// Told about every change to an annotation, after the layer has handled it.
    var onChange: ((any Annotation, AnnotationChange) -> Void)?
    private(set) var selectedSlot: Int32?

    init(makeView: @escaping (any Annotation) -> AnnotationView) {
        self.makeView = makeView
    }

    var liveViewCount: Int { live.count }

    /// Live views from back to front.
    var liveViews: [AnnotationView] { live.compactMap { store.view($0.slot) } }

    var selectedView: AnnotationView? { selectedSlot.flatMap { store.view($0) } }

    // MARK: Adding and removing

    @discardableResult
    func add(_ annotation: any Annotation) -> Bool {
        guard let slot = store.add(annotation) else { return false }
        store.tokens[Int(slot)] = annotation.changes.observe { [weak self, unowned annotation] change in
            self?.annotationDidChange(annotation, change)
        }
        return true
    }

    /// Removes an annotation; its view, if any, goes to the reuse queue. The
    /// caller deselects it first.
    func remove(_ annotation: any Annotation) {
        guard let (slot, view, token) = store.remove(annotation) else { return }
        if let token { annotation.changes.removeObserver(token) }
        if selectedSlot == slot { selectedSlot = nil }
        if let view {
            live.removeAll { $0.slot == slot }
            recycle(view)
        }
    }

    func view(for annotation: any Annotation) -> AnnotationView? {
        store.slot(of: annotation).flatMap { store.view($0) }
    }

    func id(of annotation: any Annotation) -> String? {
        store.slot(of: annotation).map { store.id($0) }
    }

    private func annotationDidChange(_ annotation: any Annotation, _ change: AnnotationChange) {
        guard let slot = store.slot(of: annotation) else { return }
        if change == .coordinate {
            store.move(slot)
            if store.view(slot) != nil { orderIsStale = true }
        }
        onChange?(annotation, change)
    }

    // MARK: Reuse

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

    // MARK: Following the camera

    /// Gives every annotation in view a view and sends the views of those
    /// that left to the reuse queues. Selected, pressed and dragged views stay.
    func update(camera: Camera, scale: Double) {
        pass &+= 1
        let margin = AnnotationLayer.margin * scale
        let topLeft = camera.worldPoint(at: Point(x: -margin, y: -margin))
        let bottomRight = camera.worldPoint(at: Point(x: camera.viewportSize.width + margin,
                                                      y: camera.viewportSize.height + margin))
        found.removeAll(keepingCapacity: true)
        store.slots(inWorldRect: Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x,
                                      height: bottomRight.y - topLeft.y), into: &found)
        for slot in found {
            let i = Int(slot)
            store.seen[i] = pass
            if store.views[i] == nil { attachView(slot) }
        }
        var kept = 0
        for i in live.indices {
            let slot = Int(live[i].slot)
            if store.seen[slot] != pass, let view = store.views[slot], !mustStay(view) {
                store.views[slot] = nil
                recycle(view)
            } else {
                live[kept] = live[i]
                kept += 1
            }
        }
        live.removeLast(live.count - kept)
        if orderIsStale { sortLiveViews() }
    }

    private func mustStay(_ view: AnnotationView) -> Bool {
        view.isSelected || view.isHighlighted || view.dragState != .none
    }

    private func attachView(_ slot: Int32) {
        let annotation = store.annotation(slot)
        let view = makeView(annotation)
        if view.owner != nil { return }  // already showing another annotation
        view.annotation = annotation
        view.owner = self
        view.slot = slot
        store.views[Int(slot)] = view
        live.append(LiveEntry(priority: 0, x: 0, y: 0, slot: slot))
        orderIsStale = true
    }

    /// Called by a live view whose priority or selection changed.
    func viewOrderDidChange() {
        orderIsStale = true
    }

    private func sortLiveViews() {
        for i in live.indices {
            let slot = live[i].slot
            let view = store.view(slot)!
            live[i].priority = (view.isSelected ? 1e9 : 0) + view.effectiveZPriority.value
            (live[i].x, live[i].y) = (store.world(slot).x, store.world(slot).y)
        }
        live.sort { a, b in
            if a.priority != b.priority { return a.priority < b.priority }
            if a.y != b.y { return a.y < b.y }
            return a.slot < b.slot
        }
        orderIsStale = false
    }

    // MARK: Drawing and hit testing

    /// The view's frame in screen pixels, its origin on whole pixels.
    func frame(of view: AnnotationView, camera: Camera, scale: Double) -> Rect {
        let anchor = camera.screenPoint(forWorld: store.world(view.slot))
        let f = view.frameAroundAnchor
        return Rect(x: (anchor.x + f.minX * scale).rounded(), y: (anchor.y + f.minY * scale).rounded(),
                    width: f.width * scale, height: f.height * scale)
    }

    /// Appends draw commands for the live views, back to front, skipping
    /// views far enough off screen that nothing of them can show.
    func appendCommands(camera: Camera, scale: Double, now: Double, to commands: inout [DrawCommand]) {
        if orderIsStale { sortLiveViews() }
        var canvas = AnnotationCanvas(scale: scale)
        swap(&canvas.commands, &commands)
        defer { swap(&canvas.commands, &commands) }
        canvas.commands.reserveCapacity(canvas.commands.count + live.count)
        let reach = AnnotationLayer.margin * scale / 2
        let visible = Rect(x: -reach, y: -reach, width: camera.viewportSize.width + 2 * reach,
                           height: camera.viewportSize.height + 2 * reach)
        let worldSize = camera.worldSize
        let half = Point(x: camera.viewportSize.width / 2, y: camera.viewportSize.height / 2)
        // Local copies share storage; reading them skips the exclusivity
        // checks that reading the layer's own properties costs in a loop.
        let (entries, views, ids) = (live, store.views, store.ids)
        for entry in entries {
            guard let view = views[Int(entry.slot)] else { continue }
            // Camera.screenPoint(forWorld:) inlined: this loop runs for every live view.
            var dx = entry.x - camera.center.x
            dx -= (dx + 0.5).rounded(.down)
            let anchor = Point(x: dx * worldSize + half.x, y: (entry.y - camera.center.y) * worldSize + half.y)
            let f = view.frameAroundAnchor
            let origin = Point(x: (anchor.x + f.minX * scale).rounded(), y: (anchor.y + f.minY * scale).rounded())
            guard origin.x < visible.maxX, origin.y < visible.maxY,
                  origin.x + f.width * scale > visible.minX, origin.y + f.height * scale > visible.minY else { continue }
            canvas.origin = origin
            canvas.annotationID = ids[Int(entry.slot)]
            view.draw(into: &canvas, at: now)
        }
    }

    /// The topmost enabled view under a screen point.
    func hitTest(_ point: Point, camera: Camera, scale: Double) -> AnnotationView? {
        if orderIsStale { sortLiveViews() }
        for entry in live.reversed() {
            guard let view = store.view(entry.slot), view.isEnabled else { continue }
            let frame = frame(of: view, camera: camera, scale: scale)
            let local = (point - frame.origin) / scale
            if view.hitTest(local) { return view }
        }
        return nil
    }

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
