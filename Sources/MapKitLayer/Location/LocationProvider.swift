import MapEngine

/// A source of the user's location: gpsd, a fixed point, or a test's own.
/// A provider posts reports to a `LocationFeed` from any thread, from
/// `start` until `stop`; the map takes them in frame by frame.
///
///     let feed = LocationFeed()
///     let provider = FixedLocationProvider(LocationFix(coordinate: here, accuracy: 30))
///     provider.start(reporting: feed)
///     map.userLocation.feed = feed
public protocol LocationProvider: AnyObject, Sendable {
    /// Starts posting reports to `feed`, from any thread, until `stop()`.
    func start(reporting feed: LocationFeed)
    /// Stops reporting; nothing is posted after it returns.
    func stop()
}

/// A location that never changes (`--location LAT,LON`): one fix at start.
///
///     var options = try MapOptions.world()
///     options.locationProvider = FixedLocationProvider(LocationFix(coordinate: Coordinate(latitude: 47.37, longitude: 8.54),
///                                                                   accuracy: 30))
public final class FixedLocationProvider: LocationProvider {
    /// The one place reported.
    public let fix: LocationFix

    /// A provider that reports `fix` once, when started.
    public init(_ fix: LocationFix) {
        self.fix = fix
    }

    /// Posts the fix.
    public func start(reporting feed: LocationFeed) {
        feed.post(.fix(fix))
    }

    /// Nothing to stop: the one fix was posted at start.
    public func stop() {}
}
