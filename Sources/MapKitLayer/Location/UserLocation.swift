import MapEngine

/// The user's location as the map knows it (MapKit's `MKUserLocation`):
/// the feed it listens to, the last fix, whether it still listens, the
/// problem last said, and the pins dropped there with their numbering. The
/// map asks it each frame what changed and acts on the answer.
///
///     map.userLocation.feed = feed               // where reports arrive
///     map.userLocation.fix                       // the blue dot, if any
@MainActor public final class UserLocation {
    /// What came of taking in the feed's reports.
    struct Update {
        var moved = false
        /// Something to say on the map (the source went away).
        var message: String?
        /// The first fix arrived and a pin is to be dropped there.
        var dropsPin = false
    }

    /// Where location reports arrive; nil when the map has no location source.
    public var feed: LocationFeed?
    /// The location as last reported, drawn as a blue dot.
    public private(set) var fix: LocationFix?
    /// Drop a pin at the first fix, then stop listening (`--drop-at-location`).
    public var dropsPinAtFirstFix = false
    /// False once the map wants no more reports; the program may stop its provider.
    public private(set) var isListening = true
    /// Why the source gives no location, as it last said; nil while it works or has said nothing.
    package private(set) var problem: String?
    /// Whether a problem is said on the map as it comes (a source the user
    /// asked for), or only when the user asks for the location (a best effort).
    package var announcesProblems = true
    /// How many pins were dropped: the next is "dropped-<count + 1>". A
    /// program that loads earlier drops sets it past their numbers.
    public var droppedCount = 0
    private(set) var dropped: [PointAnnotation] = []

    /// True while reports wait to be taken in.
    var hasReports: Bool { isListening && feed?.hasReports == true }

    func update() -> Update {
        var update = Update()
        guard let feed, isListening else { return update }
        for report in feed.take() {
            switch report {
            case .fix(let new):
                if fix != new { update.moved = true }
                fix = new
                problem = nil
                if dropsPinAtFirstFix {
                    dropsPinAtFirstFix = false
                    isListening = false
                    update.dropsPin = true
                    return update
                }
            case .noFix:
                break  // the last fix stays shown until a new one comes
            case .unavailable(let reason):
                // Said once until a fix comes back, not at every retry.
                if problem == nil && announcesProblems { update.message = "No location: \(reason)" }
                problem = reason
            }
        }
        return update
    }

    /// A new "Dropped Pin" placemark at the fix, numbered on; nil without a fix.
    func makeDroppedPin() -> PointAnnotation? {
        fix.map { makeDroppedPin(at: $0.coordinate) }
    }

    /// A new "Dropped Pin" placemark anywhere (dropped pins share one
    /// numbering and one list, wherever they were dropped).
    func makeDroppedPin(at coordinate: Coordinate, title: String = DroppedPin.title) -> PointAnnotation {
        // A count taken from a hand-edited file may sit at Int.max.
        droppedCount = droppedCount < DroppedPin.largestNumber ? droppedCount + 1 : 1
        let pin = PointAnnotation(coordinate: coordinate, title: title,
                                  identifier: DroppedPin.identifier(droppedCount), isPlacemark: true)
        dropped.append(pin)
        return pin
    }
}
