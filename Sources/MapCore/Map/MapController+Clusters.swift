/// Clusters on the map (see `ClusterPresenter`): brought up to the camera
/// before each frame, drawn above the pins, and a click on one zooms in to
/// where it comes apart.
extension MapController {
    /// Build cluster indexes on another thread, so no frame waits for them
    /// (a window); off, they are built in line and every frame is the same
    /// whatever the machine's speed (headless runs, tests).
    public var buildsClustersInBackground: Bool {
        get { clusters.buildsInBackground }
        set { clusters.buildsInBackground = newValue }
    }

    /// The clusters on the map now.
    public var clusterAnnotations: [ClusterAnnotation] {
        clusters.shown.values.sorted { ($0.identifier ?? "") < ($1.identifier ?? "") }
    }

    /// Builds the cluster index now rather than at the next frame (for
    /// programs that measure it).
    public func prepareClusters() {
        updateClusters(at: clock)
    }

    /// Brings the clusters up to the camera before a frame; members of a
    /// cluster that split fly out of its centre.
    func updateClusters(at now: Double) {
        let carrying = dragController.carry != nil || dragController.hasReturns
        let change = clusters.update(layer: annotationLayer, camera: camera, scale: displayScale,
                                     canRebuild: !carrying)
        for cluster in change.remove { removeFromMap(cluster) }
        for cluster in change.add { annotationLayer.add(cluster) }
        var flights = change.flyingSlots
        for (cluster, from) in change.flyingClusters {
            if let slot = annotationLayer.store.slot(of: cluster) { flights[slot] = from }
        }
        if !flights.isEmpty { annotationLayer.fly(flights, at: now) }
    }

    /// Zooms about the cluster to the level where it comes apart (one level
    /// at least); a cluster whose members would still overlap at the
    /// deepest zoom (one building) fans out instead.
    func zoomInto(_ cluster: ClusterAnnotation, at now: Double) {
        if staysTogether(cluster) {
            clusters.spiderfy(cluster, layer: annotationLayer, camera: camera, scale: displayScale)
            setNeedsDisplay()
            return
        }
        let split = Double(clusters.splitZoom(of: cluster) ?? Int(camera.zoom.rounded(.down)) + 1)
        let target = max(split, camera.zoom.rounded(.down) + 1)
        rig.animate(.zoom(to: target, about: convert(cluster.coordinate)), at: now, duration: CameraRig.stepZoomDuration)
    }

    /// True when the cluster's members lie closer than a pin's width even at zoom 20.
    private func staysTogether(_ cluster: ClusterAnnotation) -> Bool {
        let places = clusters.memberSlots(of: cluster).map { annotationLayer.store.world($0) }
        guard let first = places.first else { return false }
        var spread = 0.0
        for p in places { spread = max(spread, abs(p.x - first.x), abs(p.y - first.y)) }
        return spread * WebMercator.worldSize(zoom: Camera.zoomLimits.upperBound) < ClusterPresenter.radius
    }

    /// Folds a fanned-out cluster back (Escape, a click elsewhere).
    func foldSpider() {
        if clusters.fold(annotationLayer) { setNeedsDisplay() }
    }

    /// Thin legs from a fanned-out cluster's centre to each member, under the pins.
    func spiderLegCommands() -> [DrawCommand] {
        guard let spider = clusters.spider else { return [] }
        let center = camera.screenPoint(forWorld: spider.center)
        return spider.members.sorted().map { slot in
            .line(from: center, to: camera.screenPoint(forWorld: annotationLayer.displayedWorld(slot)),
                  color: ClusterAnnotationView.legColor, width: max(1, displayScale))
        }
    }

    /// The clusters' discs and counts, above the pins.
    func clusterCommands(text: TextMeasuring) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for cluster in clusterAnnotations {
            guard let view = annotationLayer.view(for: cluster) as? ClusterAnnotationView,
                  annotationLayer.isOnScreen(view, camera: camera, scale: displayScale) else { continue }
            let frame = annotationLayer.frame(of: view, camera: camera, scale: displayScale)
            commands += view.commands(at: frame.center, scale: displayScale, metrics: text)
        }
        return commands
    }
}
