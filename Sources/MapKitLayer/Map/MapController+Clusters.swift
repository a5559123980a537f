import MapEngine

/// Clusters on the map (see `ClusterPresenter`, which brings them up to
/// the camera before each frame and draws them above the pins).
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

    func updateClusters(at now: Double) {
        clusters.update(camera: camera, scale: displayScale, canRebuild: !dragController.isBusy, now: now) {
            removeFromMap($0)
        }
    }
}
