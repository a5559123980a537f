/// Placemarks: annotations whose subtitle names the place they stand on
/// (see `PlacemarkNamer`); an open callout lays itself out again when the
/// name arrives.
extension MapController {
    /// Names placemarks; without one their subtitle stays the coordinate.
    public var geocoder: ReverseGeocoder? { get { placemarks.geocoder } set { placemarks.geocoder = newValue } }

    /// True while a placemark waits for its name.
    public var awaitsPlaceNames: Bool { placemarks.awaitsNames }

    func updatePlacemarks(at now: Double) {
        let problem = placemarks.update { [dragController] annotation in
            dragController.carry?.annotation === annotation || dragController.isReturning(annotation)
        }
        if let problem { showMessage(problem, at: now) }
    }

    /// The placemarks named since the last call, for a program that writes
    /// names back to a file.
    public func takeNamedPlacemarks() -> [any NameableAnnotation] { placemarks.takeNamed() }

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
