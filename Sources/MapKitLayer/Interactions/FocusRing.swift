import MapEngine

/// Keyboard focus on the pins on screen, then the overlays (lines, areas,
/// tracks) on screen: Tab and Shift+Tab move a ring through them in reading
/// order (top to bottom, then left to right), wrapping; what is off screen
/// is not in the cycle. The map glides only when the focused pin is partly
/// hidden. Enter or Space selects it (a cluster zooms in, as a click does;
/// an overlay opens its callout at its middle).
@MainActor
final class FocusRing {
    static let color = Color(hex: 0x1A73E8)
    /// Points between a view's frame and its ring.
    static let gap = 3.0

    private unowned let map: any InteractionHost
    /// The focused annotation (not its view: views are reused).
    private(set) weak var focused: (any Annotation)?
    /// The focused overlay, when the ring is on one.
    private(set) weak var focusedOverlay: (any Overlay)?
    /// Inside an open callout: the focused control's element index.
    private(set) var control: Int?

    /// What the ring can stand on.
    private enum Target {
        case view(AnnotationView, Rect)
        case overlay(any Overlay, Rect)

        var frame: Rect {
            switch self {
            case .view(_, let frame), .overlay(_, let frame): return frame
            }
        }
    }

    init(map: any InteractionHost) {
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
        let order = targetsInReadingOrder()
        guard !order.isEmpty else { return [] }
        let current = order.firstIndex { target in
            switch target {
            case .view(let view, _): return focusedOverlay == nil && view.annotation === focused
            case .overlay(let overlay, _): return overlay === focusedOverlay
            }
        }
        let next: Int
        if let current {
            next = (current + (backwards ? order.count - 1 : 1)) % order.count
        } else {
            next = backwards ? order.count - 1 : 0
        }
        switch order[next] {
        case .overlay(let overlay, _):
            (focused, focusedOverlay) = (nil, overlay)
            return [.redraw]
        case .view(let view, _):
            (focused, focusedOverlay) = (view.annotation, nil)
            guard let annotation = focused, !isWhollyOnScreen(view) else { return [.redraw] }
            return [.glide(toWorld: WebMercator.project(annotation.coordinate.wrapped), duration: CameraRig.centerDuration)]
        }
    }

    /// The enabled views on screen, then the overlays on screen, each top
    /// to bottom, then left to right. An overlay's callout stand is not a pin.
    private func targetsInReadingOrder() -> [Target] {
        let layer = map.annotationLayer, camera = map.camera, scale = map.displayScale
        var views: [Target] = []
        for view in layer.liveViews where view.isEnabled && !(view.annotation is OverlayCallout) && !(view.annotation is PlaceCallout)
            && layer.isOnScreen(view, camera: camera, scale: scale) {
            views.append(.view(view, layer.frame(of: view, camera: camera, scale: scale)))
        }
        let overlays = map.overlayLayer.overlays.compactMap { overlay -> Target? in
            overlayFrame(overlay).map { .overlay(overlay, $0) }
        }
        func readingOrder(_ a: Target, _ b: Target) -> Bool {
            a.frame.minY != b.frame.minY ? a.frame.minY < b.frame.minY : a.frame.minX < b.frame.minX
        }
        return views.sorted(by: readingOrder) + overlays.sorted(by: readingOrder)
    }

    /// The part of an overlay's bounds on screen (the world copy nearest the centre); nil when none is.
    private func overlayFrame(_ overlay: any Overlay) -> Rect? {
        let camera = map.camera, bounds = overlay.boundingMapRect
        let corner = camera.screenPoint(forWorld: Point(x: bounds.minX, y: bounds.minY))
        let size = Size(width: bounds.width * camera.worldSize, height: bounds.height * camera.worldSize)
        let screen = Rect(origin: .zero, size: camera.viewportSize).insetBy(FocusRing.gap * map.displayScale + 2)
        let minX = max(corner.x, screen.minX), minY = max(corner.y, screen.minY)
        let maxX = min(corner.x + size.width, screen.maxX), maxY = min(corner.y + size.height, screen.maxY)
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
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
        if let focusedOverlay { return [.chooseOverlay(focusedOverlay)] }
        guard let annotation = focused, let view = map.view(for: annotation) else { return [] }
        return [.select(view)]
    }

    /// Escape: focus leaves the callout's buttons for its pin.
    func leaveCallout() {
        control = nil
    }

    func reset() {
        focused = nil
        focusedOverlay = nil
        control = nil
    }

    /// The ring around the focused view, if it shows.
    func commands(frame: (AnnotationView) -> Rect) -> [DrawCommand] {
        if let control, let button = map.callouts.controlFrames().first(where: { $0.index == control }) {
            return ring(around: button.frame)
        }
        if let focusedOverlay { return overlayFrame(focusedOverlay).map(ring(around:)) ?? [] }
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
