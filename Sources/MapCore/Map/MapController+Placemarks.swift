/// Placemarks: annotations whose subtitle names the place they stand on
/// (see `PlacemarkNamer`); an open callout lays itself out again when the
/// name arrives.
extension MapController {
    func updatePlacemarks(at now: Double) {
        let problem = placemarks.update { [dragController] annotation in
            dragController.carry?.annotation === annotation || dragController.isReturning(annotation)
        }
        if let problem { showMessage(problem, at: now) }
    }

    /// Blocks (real time) until every lookup asked so far is answered, then
    /// takes the answers in, for captures that must not depend on timing.
    /// Returns false when `timeout` seconds were not enough.
    @discardableResult
    public func waitForPlaceNames(timeout: Double, at now: Double) -> Bool {
        updatePlacemarks(at: now)
        let idle = placemarks.geocoder?.waitUntilIdle(timeout: timeout) ?? true
        updatePlacemarks(at: now)
        return idle
    }
}
