/// Keyboard focus on the pins on screen: Tab and Shift+Tab move a ring
/// through them in reading order (top to bottom, then left to right),
/// wrapping; pins off screen are not in the cycle. The map glides only when
/// the focused pin is partly hidden. Enter or Space selects it (a cluster
/// zooms in, as a click does).
final class FocusRing {
    static let color = Color(hex: 0x1A73E8)
    /// Points between a view's frame and its ring.
    static let gap = 3.0

    private unowned let map: MapController
    /// The focused annotation (not its view: views are reused).
    private(set) weak var focused: (any Annotation)?
    /// Inside an open callout: the focused control's element index.
    private(set) var control: Int?

    init(map: MapController) {
        self.map = map
    }

    /// Tab (or Shift+Tab): the next pin on screen in reading order.
    func move(backwards: Bool) -> [MapEffect] {
        // An open callout with buttons keeps Tab among them.
        let controls = map.callouts.controlFrames().map(\.index)
        if !controls.isEmpty {
            let current = control.flatMap { controls.firstIndex(of: $0) }
            let next = current.map { ($0 + (backwards ? controls.count - 1 : 1)) % controls.count }
                ?? (backwards ? controls.count - 1 : 0)
            control = controls[next]
            return [.redraw]
        }
        control = nil
        let order = viewsInReadingOrder()
        guard !order.isEmpty else { return [] }
        let current = order.firstIndex { $0.annotation === focused }
        let next: Int
        if let current {
            next = (current + (backwards ? order.count - 1 : 1)) % order.count
        } else {
            next = backwards ? order.count - 1 : 0
        }
        focused = order[next].annotation
        guard let annotation = focused, !isWhollyOnScreen(order[next]) else { return [.redraw] }
        return [.glide(toWorld: WebMercator.project(annotation.coordinate.wrapped), duration: CameraRig.centerDuration)]
    }

    /// The enabled views on screen, top to bottom, then left to right.
    private func viewsInReadingOrder() -> [AnnotationView] {
        let layer = map.annotationLayer, camera = map.camera, scale = map.displayScale
        var placed: [(view: AnnotationView, frame: Rect)] = []
        for view in layer.liveViews where view.isEnabled && layer.isOnScreen(view, camera: camera, scale: scale) {
            placed.append((view, layer.frame(of: view, camera: camera, scale: scale)))
        }
        placed.sort { a, b in a.frame.minY != b.frame.minY ? a.frame.minY < b.frame.minY : a.frame.minX < b.frame.minX }
        return placed.map(\.view)
    }

    private func isWhollyOnScreen(_ view: AnnotationView) -> Bool {
        let frame = map.annotationLayer.frame(of: view, camera: map.camera, scale: map.displayScale)
        let screen = Rect(origin: .zero, size: map.camera.viewportSize)
        return frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= screen.maxX && frame.maxY <= screen.maxY
    }

    /// Enter or Space: the focused pin is selected.
    func activate() -> [MapEffect] {
        if let control, map.callouts.controlFrames().contains(where: { $0.index == control }) {
            return [.calloutControlTapped(control)]
        }
        guard let annotation = focused, let view = map.view(for: annotation) else { return [] }
        return [.select(view)]
    }

    /// Escape: focus leaves the callout's buttons for its pin.
    func leaveCallout() {
        control = nil
    }

    func reset() {
        focused = nil
        control = nil
    }

    /// The ring around the focused view, if it shows.
    func commands(frame: (AnnotationView) -> Rect) -> [DrawCommand] {
        if let control, let button = map.callouts.controlFrames().first(where: { $0.index == control }) {
            return ring(around: button.frame)
        }
        guard let annotation = focused, let view = map.view(for: annotation) else { return [] }
        return ring(around: frame(view))
    }

    private func ring(around f: Rect) -> [DrawCommand] {
        let g = FocusRing.gap * map.displayScale, width = 2 * map.displayScale
        let (left, top, right, bottom) = (f.minX - g, f.minY - g, f.maxX + g, f.maxY + g)
        return [
            .line(from: Point(x: left, y: top), to: Point(x: right, y: top), color: FocusRing.color, width: width),
            .line(from: Point(x: right, y: top), to: Point(x: right, y: bottom), color: FocusRing.color, width: width),
            .line(from: Point(x: right, y: bottom), to: Point(x: left, y: bottom), color: FocusRing.color, width: width),
            .line(from: Point(x: left, y: bottom), to: Point(x: left, y: top), color: FocusRing.color, width: width),
        ]
    }
}
