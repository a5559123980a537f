import MapEngine

/// Names placemarks: whenever one comes to rest somewhere new (added,
/// dropped, undone, sent home) its subtitle reads the coordinate and the
/// geocoder is asked; the answer, a frame or a few later, becomes the
/// subtitle. A drag in progress asks nothing. It owns the lookups' state;
/// the map only tells it what was added, moved and removed.
@MainActor
package final class PlacemarkNamer {
    /// Names placemarks; without one their subtitle stays the coordinate.
    package var geocoder: ReverseGeocoder?
    private var tracker = PlacemarkTracker()
    private var found: [any NameableAnnotation] = []
    private var failureShown = false

    func track(_ annotation: any Annotation) {
        // Asked through the protocol first: a cast per added annotation costs
        // more than adding it.
        guard annotation.isPlacemark, let nameable = annotation as? any NameableAnnotation else { return }
        tracker.track(nameable)
    }

    func untrack(_ annotation: any Annotation) {
        guard annotation.isPlacemark, let key = tracker.untrack(annotation) else { return }
        geocoder?.cancel(key: key)
    }

    func noteMove(of annotation: any Annotation) {
        tracker.noteMove(of: annotation)
    }

    /// True while a placemark waits for its name.
    package var awaitsNames: Bool { geocoder?.hasWork == true }

    /// Takes in the geocoder's answers, then asks about placemarks that came
    /// to rest somewhere new (not those `isMoving`). Returns a message to
    /// show when place names turned out unavailable, once.
    func update(isMoving: (any NameableAnnotation) -> Bool) -> String? {
        var problem: String?
        if let geocoder {
            for answer in geocoder.takeAnswers() {
                guard let annotation = tracker.annotation(answering: answer) else { continue }
                switch answer.result {
                case .success(let text):
                    annotation.subtitle = text
                    found.append(annotation)
                case .failure(let error):
                    if !failureShown {
                        failureShown = true
                        problem = "Place names unavailable: \(error.description)"
                    }
                }
            }
        }
        guard !tracker.moved.isEmpty else { return problem }
        for (key, annotation) in tracker.takeLookups(isMoving: isMoving) {
            annotation.subtitle = annotation.coordinate.displayText
            geocoder?.lookUp(annotation.coordinate, key: key)
        }
        return problem
    }

    /// The placemarks named since the last call.
    /// The placemarks named since the last call, for a program that writes
    /// names back to a file.
    package func takeNamed() -> [any NameableAnnotation] {
        defer { found.removeAll() }
        return found
    }
}

/// The namer as the map runs it: answers taken in each frame, except for
/// the annotation being carried or on its way home, and a failure said on the map.
extension PlacemarkNamer {
    func update(at now: Double, on map: MapController) {
        let drag = map.dragController
        let problem = update { annotation in drag.carry?.annotation === annotation || drag.isReturning(annotation) }
        if let problem { map.showMessage(problem, at: now) }
    }

    /// Blocks (real time) until every lookup asked so far is answered, then
    /// takes the answers in, for captures that must not depend on timing.
    /// Returns false when `timeout` seconds were not enough.
    @discardableResult
    package func waitForNames(timeout: Double, at now: Double, on map: MapController) -> Bool {
        update(at: now, on: map)
        let idle = geocoder?.waitUntilIdle(timeout: timeout) ?? true
        update(at: now, on: map)
        return idle
    }
}
