import MapEngine

/// A cluster whose members never come apart by zooming (pins in one
/// building), fanned out around its centre (`SpiderLayout`): its members
/// show where they are fanned to, with thin legs to their place; the
/// cluster itself steps aside. Escape, a click elsewhere, a zoom, or the
/// cluster leaving the map folds it back.
@MainActor
final class ClusterSpider {
    private struct Open {
        let cluster: ClusterAnnotation
        let clusterSlot: Int32?
        let members: Set<Int32>
        /// The cluster's centre, unit world.
        let center: Point
        /// The zoom level it was opened at.
        let level: Int
    }

    private unowned let layer: AnnotationLayer
    private var open: Open?

    init(layer: AnnotationLayer) {
        self.layer = layer
    }

    var isOpen: Bool { open != nil }

    /// Whether a slot shows: true for a fanned-out member, false for the
    /// cluster itself, nil when the spider has no say.
    func shows(_ slot: Int32) -> Bool? {
        guard let open else { return nil }
        if open.members.contains(slot) { return true }
        return open.clusterSlot == slot ? false : nil
    }

    /// True when members at these places overlap even at zoom 20.
    func staysTogether(_ slots: [Int32]) -> Bool {
        let places = slots.map { layer.store.world($0) }
        guard let first = places.first else { return false }
        var spread = 0.0
        for p in places { spread = max(spread, abs(p.x - first.x), abs(p.y - first.y)) }
        return spread * WebMercator.worldSize(zoom: Camera.zoomLimits.upperBound) < ClusterPresenter.radius
    }

    /// Fans the cluster's members out around its centre, for the current zoom.
    func fanOut(_ cluster: ClusterAnnotation, members slots: [Int32], level: Int, camera: Camera, scale: Double) {
        fold()
        guard !slots.isEmpty else { return }
        let center = WebMercator.project(cluster.coordinate.wrapped)
        var places: [Int32: Point] = [:]
        for (slot, offset) in zip(slots, SpiderLayout.offsets(count: slots.count)) {
            // A pin stands on its tip: lower it so its head, not its tip, sits on the circle.
            let lift = layer.store.view(slot).map { -$0.frameAroundAnchor.center.y } ?? SpiderLayout.pinHeadHeight
            places[slot] = center + (offset + Point(x: 0, y: lift)) * scale / camera.worldSize
        }
        layer.displace(places)
        self.open = Open(cluster: cluster, clusterSlot: layer.store.slot(of: cluster), members: Set(slots),
                    center: center, level: level)
        layer.refreshVisibility()
    }

    /// Folds back when the zoom level changed or the cluster left the map.
    func foldIfStale(level: Int, stillShown: (ClusterAnnotation) -> Bool) {
        guard let open, open.level != level || !stillShown(open.cluster) else { return }
        fold()
    }

    /// Folds the fanned-out cluster back; true when there was one.
    @discardableResult
    func fold() -> Bool {
        guard open != nil else { return false }
        self.open = nil
        layer.restore()
        layer.refreshVisibility()
        return true
    }

    /// Thin legs from the centre to each member, under the pins.
    func legCommands(camera: Camera, scale: Double) -> [DrawCommand] {
        guard let open else { return [] }
        let center = camera.screenPoint(forWorld: open.center)
        return open.members.sorted().map { slot in
            .line(from: center, to: camera.screenPoint(forWorld: layer.displayedWorld(slot)),
                  color: ClusterAnnotationView.legColor, width: max(1, scale))
        }
    }
}
