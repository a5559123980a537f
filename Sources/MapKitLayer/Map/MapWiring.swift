import MapEngine

/// How the map's parts reach the map: views come from its delegate (or
/// the standard pin), changes to annotations, controls and panels ask for a
/// frame, clusters and drag states go to the delegate.
@MainActor
enum MapWiring {
    static func connect(_ map: MapController) {
        map.annotationLayer.makeView = { [unowned map] annotation in
            if let callout = annotation as? OverlayCallout { return OverlayCallout.view(for: callout) }
            if let place = annotation as? PlaceCallout { return PlaceCallout.view(for: place) }
            return map.delegate?.mapView(map, viewFor: annotation) ?? map.annotationLayer.defaultView(for: annotation)
        }
        map.annotationLayer.onChange = { [unowned map] annotation, change in
            if change == .calloutInfo { map.callouts.invalidate(annotation) }
            if change == .coordinate, annotation.isPlacemark { map.placemarks.noteMove(of: annotation) }
            if change == .coordinate, annotation.givesWay { map.clusters.markStale() }
            map.setNeedsDisplay()
        }
        map.annotationLayer.onNeedsDisplay = { [unowned map] in map.setNeedsDisplay() }
        map.chrome.changed = { [unowned map] in map.setNeedsDisplay() }
        map.search.changed = { [unowned map] in map.setNeedsDisplay() }
        map.messages.changed = { [unowned map] in map.setNeedsDisplay() }
        map.overlayLayer.changed = { [unowned map] in map.setNeedsDisplay() }
        map.detailsPanel.changed = { [unowned map] in map.setNeedsDisplay() }
        map.pinEditor.changed = { [unowned map] in map.setNeedsDisplay() }
        map.clusters.makeCluster = { [unowned map] members in
            map.delegate.flatMap { $0.mapView(map, clusterAnnotationForMemberAnnotations: members) }
        }
        map.dragController.takeDisplacement = { [unowned layer = map.annotationLayer] in layer.takeDisplacement(of: $0) }
        map.dragController.show = { [unowned layer = map.annotationLayer] in layer.show($0, at: $1) }
        map.annotationLayer.onDragStateChange = { [unowned map] view, old in
            map.delegate?.mapView(map, annotationView: view, didChange: view.dragState, fromOldState: old)
        }
    }
}
