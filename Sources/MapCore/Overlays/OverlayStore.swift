/// The overlays on a map, in the order added, with their level and the
/// paint their renderer gave; a version that changes with every change, so
/// tiles painted for an older set are dropped.
final class OverlayStore {
    struct Entry {
        let overlay: any Overlay
        let level: OverlayLevel
        let renderer: OverlayRenderer
        var paint: OverlayPaint
    }

    private(set) var entries: [Entry] = []
    /// Bumped by every change; painted overlay tiles carry the version they show.
    private(set) var version = 0

    var overlays: [any Overlay] { entries.map(\.overlay) }

    func add(_ overlay: any Overlay, level: OverlayLevel, renderer: OverlayRenderer) {
        entries.append(Entry(overlay: overlay, level: level, renderer: renderer, paint: renderer.paint()))
        version += 1
    }

    func remove(_ overlay: any Overlay) {
        let before = entries.count
        entries.removeAll { $0.overlay === overlay }
        if entries.count != before { version += 1 }
        if selected === overlay { selected = nil }
    }

    /// The renderer the map draws `overlay` with; nil when it is not on the map.
    func renderer(for overlay: any Overlay) -> OverlayRenderer? {
        entries.first { $0.overlay === overlay }?.renderer
    }

    /// Takes renderers' changed properties: a new paint, and a new version when any differs.
    func refreshPaints() {
        for index in entries.indices {
            let paint = entries[index].renderer.paint()
            if paint != entries[index].paint {
                entries[index].paint = paint
                version += 1
            }
        }
    }

    /// The selected overlay, drawn highlighted.
    private(set) var selected: (any Overlay)?

    /// Selects `overlay` (nil: none); a change repaints.
    func select(_ overlay: (any Overlay)?) {
        guard selected !== overlay else { return }
        selected = overlay
        version += 1
    }

    /// The paints of one level, bottom first, the selected one highlighted.
    func paints(at level: OverlayLevel) -> [OverlayPaint] {
        entries.filter { $0.level == level }.map { $0.paint.highlighted($0.overlay === selected) }
    }

    /// The overlay a point (unit-world) touches within `reach`: the nearest,
    /// above the labels before below them, the last added first at a tie.
    func overlay(at point: Point, reach: Double) -> (any Overlay)? {
        var best: (overlay: any Overlay, distance: Double)?
        for level in OverlayLevel.allCases.reversed() {
            for entry in entries.reversed() where entry.level == level {
                guard let distance = OverlayHitTest.distance(from: point, to: entry.paint.geometry, within: reach) else { continue }
                if best == nil || distance < best!.distance { best = (entry.overlay, distance) }
            }
            if best != nil { break }
        }
        return best?.overlay
    }
}
