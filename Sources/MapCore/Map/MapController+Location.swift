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
    @discardableResult
    public func dropPinAtUserLocation(at now: Double) -> PointAnnotation? {
        guard let pin = userLocation.makeDroppedPin() else {
            showMessage(userLocation.feed == nil
                        ? "No location source: start pinmap with --location LAT,LON or --gpsd"
                        : "Waiting for a location fix…", at: now, isError: false)
            return nil
        }
        addAnnotation(pin)
        raise(.annotationsChanged)  // for a program that saves pins
        rig.center(on: pin.coordinate, animated: true, at: now)
        return pin
    }

    /// The pins dropped at the user's location that are still on the map,
    /// in dropping order.
    public var droppedPins: [PointAnnotation] { userLocation.dropped.filter { contains($0) } }
}
