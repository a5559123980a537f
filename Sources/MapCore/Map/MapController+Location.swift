/// The user's location: reports from the location feed move the blue dot;
/// key L or the locate button drops a placemark pin there and centres the
/// map on it. With `dropsPinAtFirstFix` the first fix does that by itself,
/// once, and the map stops listening (as the original sample did).
extension MapController {
    /// Where location reports arrive; nil when the map has no location source.
    public var locationFeed: LocationFeed? { get { location.feed } set { location.feed = newValue } }

    /// The user's location as last reported, drawn as a blue dot.
    public var userLocation: LocationFix? { location.fix }

    /// Drop a pin at the first fix, then stop listening (`--drop-at-location`).
    public var dropsPinAtFirstFix: Bool {
        get { location.dropsPinAtFirstFix }
        set { location.dropsPinAtFirstFix = newValue }
    }

    /// False once the map wants no more reports; the program may stop its provider.
    public var isListeningForLocation: Bool { location.isListening }

    /// How many pins were dropped at the user's location: the next is
    /// "dropped-<count + 1>". A program that loads earlier drops sets it
    /// past their numbers.
    public var droppedPinCount: Int { get { location.droppedCount } set { location.droppedCount = newValue } }

    /// Takes in the feed's reports.
    func updateLocation(at now: Double) {
        let update = location.update()
        if update.moved { setNeedsDisplay() }
        if let message = update.message { showMessage(message, at: now) }
        if update.dropsPin { dropPinAtUserLocation(at: now) }
    }

    /// Drops a placemark pin at the user's location, with the drop-in
    /// animation, and glides the map there. Says why when it cannot.
    @discardableResult
    public func dropPinAtUserLocation(at now: Double) -> PointAnnotation? {
        guard let pin = location.makeDroppedPin() else {
            showMessage(locationFeed == nil
                        ? "No location source: start pinmap with --location LAT,LON or --gpsd"
                        : "Waiting for a location fix…", at: now, isError: false)
            return nil
        }
        addAnnotation(pin)
        raise(.annotationsChanged)  // for a program that saves pins
        rig.glide(toWorld: WebMercator.project(pin.coordinate.wrapped), at: now, duration: CameraRig.centerDuration)
        return pin
    }

    /// The pins dropped at the user's location that are still on the map,
    /// in dropping order.
    public var droppedPins: [PointAnnotation] { location.dropped.filter { contains($0) } }
}
