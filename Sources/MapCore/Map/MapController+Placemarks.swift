/// Placemarks: annotations whose subtitle names the place they stand on.
/// Whenever one comes to rest somewhere new (added, dropped, undone, sent
/// home) its subtitle reads the coordinate and the geocoder is asked; the
/// answer, a frame or a few later, becomes the subtitle, and an open callout
/// lays itself out again for it. A drag in progress asks nothing.
extension MapController {
    func trackPlacemark(_ annotation: any Annotation) {
        // Asked through the protocol first: a cast per added annotation costs
        // more than adding it.
        guard annotation.isPlacemark, let nameable = annotation as? any NameableAnnotation else { return }
        placemarks.track(nameable)
    }

    func untrackPlacemark(_ annotation: any Annotation) {
        guard annotation.isPlacemark, let key = placemarks.untrack(annotation) else { return }
        geocoder?.cancel(key: key)
    }

    /// True while a placemark waits for its name.
    public var awaitsPlaceNames: Bool {
        geocoder?.hasWork == true
    }

    /// Takes in the geocoder's answers, then asks about placemarks that came
    /// to rest somewhere new.
    func updatePlacemarks(at now: Double) {
        if let geocoder {
            for answer in geocoder.takeAnswers() {
                guard let annotation = placemarks.annotation(answering: answer) else { continue }
                switch answer.result {
                case .success(let text):
                    annotation.subtitle = text
                    placeNamesFound.append(annotation)
                case .failure(let error):
                    if !geocoderFailureShown {
                        geocoderFailureShown = true
                        showMessage("Place names unavailable: \(error.description)", at: now)
                    }
                }
            }
        }
        guard !placemarks.moved.isEmpty else { return }
        let due = placemarks.takeLookups { [dragController] annotation in
            dragController.carry?.annotation === annotation || dragController.isReturning(annotation)
        }
        for (key, annotation) in due {
            annotation.subtitle = annotation.coordinate.displayText
            geocoder?.lookUp(annotation.coordinate, key: key)
        }
    }

    /// The placemarks named since the last call, for a program that writes
    /// names back to a file.
    public func takeNamedPlacemarks() -> [any NameableAnnotation] {
        defer { placeNamesFound.removeAll() }
        return placeNamesFound
    }

    /// Blocks (real time) until every lookup asked so far is answered, then
    /// takes the answers in, for captures that must not depend on timing.
    /// Returns false when `timeout` seconds were not enough.
    @discardableResult
    public func waitForPlaceNames(timeout: Double, at now: Double) -> Bool {
        updatePlacemarks(at: now)
        let idle = geocoder?.waitUntilIdle(timeout: timeout) ?? true
        updatePlacemarks(at: now)
        return idle
    }
}
