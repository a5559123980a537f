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
                                     canRebuild: !carrying, now: now)
        for cluster in change.remove { removeFromMap(cluster) }
        for cluster in change.add { annotationLayer.add(cluster) }
        var flights = change.flyingSlots
        for (cluster, from) in change.flyingClusters {
            if let slot = annotationLayer.store.slot(of: cluster) { flights[slot] = from }
        }
        if !flights.isEmpty { annotationLayer.fly(flights, at: now) }
        if !change.landingSlots.isEmpty { annotationLayer.land(change.landingSlots, at: now) }
    }

    /// Zooms about the cluster to the level where it comes apart (one level
    /// at least); a cluster whose members would still overlap at the
    /// deepest zoom (one building) fans out instead.
    func zoomInto(_ cluster: ClusterAnnotation, at now: Double) {
        if clusters.staysTogether(cluster, store: annotationLayer.store) {
            clusters.spiderfy(cluster, layer: annotationLayer, camera: camera, scale: displayScale)
            setNeedsDisplay()
            return
        }
        let split = Double(clusters.splitZoom(of: cluster) ?? Int(camera.zoom.rounded(.down)) + 1)
        let target = max(split, camera.zoom.rounded(.down) + 1)
        rig.animate(.zoom(to: target, about: convert(cluster.coordinate)), at: now, duration: CameraRig.stepZoomDuration)
    }

    /// Folds a fanned-out cluster back (Escape, a click elsewhere).
    func foldSpider() {
        if clusters.fold(annotationLayer) { setNeedsDisplay() }
    }
}
