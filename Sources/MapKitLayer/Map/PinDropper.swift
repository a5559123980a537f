import MapEngine

/// Pins the user drops: at their location (key L, the locate button, or
/// the first fix with `dropsPinAtFirstFix`) or anywhere (a right-click,
/// Ctrl+click, a finger's long press, a search result). Each is a purple
/// "Dropped Pin" placemark numbered on (`dropped-N`), falls in, asks for a
/// save and is one step of undo.
@MainActor
final class PinDropper {
    private unowned let map: MapController

    init(map: MapController) {
        self.map = map
    }

    /// Takes in the location feed's reports: the blue dot moves, a problem
    /// is shown, and the first fix drops a pin when asked to.
    func follow(at now: Double) {
        let update = map.userLocation.update()
        if update.moved { map.setNeedsDisplay() }
        if let message = update.message { map.showMessage(message, at: now) }
        if update.dropsPin { _ = dropAtUserLocation(at: now) }
    }

    /// At the user's location, with the map gliding there; says why when it
    /// cannot. Where nothing moved since a pin was dropped there (and it
    /// still stands there), that pin is selected instead of another being
    /// hidden under it.
    func dropAtUserLocation(at now: Double) -> PointAnnotation? {
        let location = map.userLocation
        if let fix = location.fix, let there = map.droppedPins.last(where: { $0.coordinate == fix.coordinate }) {
            map.rig.center(on: there.coordinate, animated: true, at: now)
            map.selectAnnotation(there)
            return there
        }
        guard let pin = location.makeDroppedPin() else {
            map.showMessage(PinDropper.noFixMessage(location), at: now, isError: false)
            return nil
        }
        add(pin)
        map.rig.center(on: pin.coordinate, animated: true, at: now)
        return pin
    }

    /// What the map says when asked for the location and it has none: no
    /// source, a source that cannot be reached (and why, when it was asked
    /// for), or a source still waiting for its first fix.
    static func noFixMessage(_ location: UserLocation) -> String {
        guard location.feed != nil else { return "No location source: start pinmap with --location LAT,LON or --gpsd" }
        guard let problem = location.problem else { return "Waiting for a location fix…" }
        return location.announcesProblems ? "No location: \(problem)"
            : "No location service: start GeoClue or gpsd, or use --location LAT,LON"
    }

    /// Anywhere: selected, its callout open, its place looked up.
    func drop(at coordinate: Coordinate, title: String) -> PointAnnotation {
        let pin = map.userLocation.makeDroppedPin(at: coordinate.wrapped, title: title)
        add(pin)
        map.selectAnnotation(pin)
        return pin
    }

    private func add(_ pin: PointAnnotation) {
        map.addAnnotation(pin)
        map.dragController.recordAddition(pin)
        map.raise(.annotationsChanged)  // for a program that saves pins
    }
}
