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
        updateClusters()
    }

    func updateClusters() {
        let carrying = dragController.carry != nil || dragController.hasReturns
        let change = clusters.update(layer: annotationLayer, camera: camera, scale: displayScale,
                                     canRebuild: !carrying)
        for cluster in change.remove { removeFromMap(cluster) }
        for cluster in change.add { annotationLayer.add(cluster) }
    }

    /// Zooms about the cluster to the level where it comes apart (one level
    /// at least).
    func zoomInto(_ cluster: ClusterAnnotation, at now: Double) {
        let split = Double(clusters.splitZoom(of: cluster) ?? Int(camera.zoom.rounded(.down)) + 1)
        let target = max(split, camera.zoom.rounded(.down) + 1)
        rig.animate(.zoom(to: target, about: convert(cluster.coordinate)), at: now, duration: CameraRig.stepZoomDuration)
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
