/// The user's location: reports from the location feed move the blue dot;
/// key L or the locate button drops a placemark pin there and centres the
/// map on it. With `dropsPinAtFirstFix` the first fix does that by itself,
/// once, and the map stops listening (as the original sample did).
extension MapController {
    /// The title of pins dropped at the user's location.
    public static let droppedPinTitle = "Dropped Pin"
    /// Their identifiers are this and a number: "dropped-1", "dropped-2"…
    public static let droppedPinPrefix = "dropped-"

    /// Takes in the feed's reports.
    func updateLocation(at now: Double) {
        guard let feed = locationFeed, isListeningForLocation else { return }
        for report in feed.take() {
            switch report {
            case .fix(let fix):
                if userLocation != fix { needsDisplay = true }
                userLocation = fix
                locationProblem = nil
                if dropsPinAtFirstFix {
                    dropsPinAtFirstFix = false
                    isListeningForLocation = false
                    dropPinAtUserLocation(at: now)
                    return
                }
            case .noFix:
                break  // the last fix stays shown until a new one comes
            case .unavailable(let reason):
                // Said once until a fix comes back, not at every retry.
                if locationProblem == nil { showMessage("No location: \(reason)", at: now) }
                locationProblem = reason
            }
        }
    }

    /// Drops a placemark pin at the user's location, with the drop-in
    /// animation, and glides the map there. Says why when it cannot.
    @discardableResult
    public func dropPinAtUserLocation(at now: Double) -> PointAnnotation? {
        guard let fix = userLocation else {
            showMessage(locationFeed == nil
                        ? "No location source: start pinmap with --location LAT,LON or --gpsd"
                        : "Waiting for a location fix…", at: now, isError: false)
            return nil
        }
        // A count taken from a hand-edited file may sit at Int.max.
        droppedPinCount = droppedPinCount < MapController.largestDroppedPinNumber ? droppedPinCount + 1 : 1
        let pin = PointAnnotation(coordinate: fix.coordinate, title: MapController.droppedPinTitle,
                                  identifier: MapController.droppedPinPrefix + String(droppedPinCount), isPlacemark: true)
        addAnnotation(pin)
        dropped.append(pin)
        pendingActions.append(.annotationsChanged)  // for a program that saves pins
        glide(toWorld: WebMercator.project(fix.coordinate.wrapped), at: now, duration: MapController.centerDuration)
        return pin
    }

    /// Numbers past this in a "dropped-N" id were not given by pinmap and do
    /// not move its count on, so counting never overflows.
    public static let largestDroppedPinNumber = 1_000_000_000_000_000

    /// The count to go on from, given the ids of pins already in a file:
    /// the highest "dropped-N" number pinmap could have given, or 0.
    public static func droppedPinCount(after identifiers: [String]) -> Int {
        identifiers.compactMap { id -> Int? in
            guard id.hasPrefix(droppedPinPrefix), let n = Int(id.dropFirst(droppedPinPrefix.count)),
                  (1...largestDroppedPinNumber).contains(n) else { return nil }
            return n
        }.max() ?? 0
    }

    /// The pins dropped at the user's location that are still on the map,
    /// in dropping order.
    public var droppedPins: [PointAnnotation] {
        dropped.filter { contains($0) }
    }

    /// The blue dot's commands, if there is a location to show.
    func userLocationCommands() -> [DrawCommand] {
        guard let fix = userLocation else { return [] }
        return UserLocationMarker.commands(for: fix, camera: camera, scale: displayScale)
    }

    /// The locate button's commands, when there is a location source.
    func locateButtonCommands() -> [DrawCommand] {
        guard locationFeed != nil else { return [] }
        return LocateButton.commands(viewport: camera.viewportSize, hasFix: userLocation != nil,
                                     isPressed: locateInteraction.isPressed)
    }
}
