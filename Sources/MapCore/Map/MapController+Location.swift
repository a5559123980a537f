/// The user's location: reports from the location feed move the blue dot;
/// key L or the locate button drops a placemark pin there and centres the
/// map on it. With `dropsPinAtFirstFix` the first fix does that by itself,
/// once, and the map stops listening (as the original sample did).
extension MapController {
    /// Takes in the feed's reports.
    func updateLocation(at now: Double) {
        let update = userLocation.update()
        if update.moved { setNeedsDisplay() }
        if let message = update.message { showMessage(message, at: now) }
        if update.dropsPin { dropPinAtUserLocation(at: now) }
    }

    /// Drops a placemark pin at the user's location, with the drop-in
    /// animation, and glides the map there. Says why when it cannot.
    /// At a location that has not changed since a pin was dropped there
    /// (still standing there), that pin is selected instead of another
    /// being hidden under it.
    @discardableResult
    public func dropPinAtUserLocation(at now: Double) -> PointAnnotation? {
        if let fix = userLocation.fix, let there = droppedPins.last(where: { $0.coordinate == fix.coordinate }) {
            rig.center(on: there.coordinate, animated: true, at: now)
            selectAnnotation(there)
            return there
        }
        guard let pin = userLocation.makeDroppedPin() else {
            showMessage(userLocation.feed == nil
                        ? "No location source: start pinmap with --location LAT,LON or --gpsd"
                        : "Waiting for a location fix…", at: now, isError: false)
            return nil
        }
        addAnnotation(pin)
        dragController.recordAddition(pin)
        raise(.annotationsChanged)  // for a program that saves pins
        rig.center(on: pin.coordinate, animated: true, at: now)
        return pin
    }

    /// Drops a "Dropped Pin" placemark anywhere (a right-click, Ctrl+click
    /// or a finger's long press on the map): it falls in, is selected with
    /// its callout open and its place is looked up; one step of undo.
    @discardableResult
    public func dropPin(at coordinate: Coordinate, title: String = DroppedPin.title, at now: Double) -> PointAnnotation {
        let pin = userLocation.makeDroppedPin(at: coordinate.wrapped, title: title)
        addAnnotation(pin)
        dragController.recordAddition(pin)
        raise(.annotationsChanged)  // for a program that saves pins
        selectAnnotation(pin)
        return pin
    }

    /// The pins dropped at the user's location that are still on the map,
    /// in dropping order.
    public var droppedPins: [PointAnnotation] { userLocation.dropped.filter { contains($0) } }
}
