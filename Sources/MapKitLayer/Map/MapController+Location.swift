import MapEngine

/// The user's location: reports from the location feed move the blue dot;
/// key L or the locate button drops a placemark pin there and centres the
/// map on it (`PinDropper`). With `dropsPinAtFirstFix` the first fix does
/// that by itself, once, and the map stops listening (as the original
/// sample did).
extension MapController {
    /// Drops a placemark pin at the user's location and glides there (see
    /// `PinDropper`); where nothing moved since the last, selects that one.
    @discardableResult
    public func dropPinAtUserLocation(at now: Double) -> PointAnnotation? { dropper.dropAtUserLocation(at: now) }

    /// Drops a placemark anywhere, selected, titled `title` or "Dropped Pin";
    /// one step of undo.
    @discardableResult
    public func dropPin(at coordinate: Coordinate, title: String? = nil, at now: Double) -> PointAnnotation {
        dropper.drop(at: coordinate, title: title ?? DroppedPin.title)
    }

    /// The pins dropped (at the user's location or anywhere) still on the map,
    /// in dropping order.
    public var droppedPins: [PointAnnotation] { userLocation.dropped.filter { contains($0) } }
}
