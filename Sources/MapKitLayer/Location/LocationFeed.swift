import Foundation
import MapEngine

/// Where providers leave location reports for the map, which takes them in
/// on its own thread, once per frame.
///
///     final class ShipLocation: LocationProvider {
///         func start(reporting feed: LocationFeed) {
///             feed.post(.fix(LocationFix(coordinate: Coordinate(latitude: 59.3, longitude: 18.1), accuracy: 10)))
///         }
///         func stop() {}
///     }
public final class LocationFeed: Sendable {
    private let box = Mailbox<LocationReport>(counting: { report in
        if case .fix = report { return true } else { return false }
    })
    /// Told of every report as it is posted, on the provider's thread (for
    /// logging). Fixed when the feed is made, so no thread reads it while
    /// another sets it.
    private let observer: (@Sendable (LocationReport) -> Void)?

    /// A feed; `observer` is told of every report as it is posted, on the poster's thread.
    public init(observer: (@Sendable (LocationReport) -> Void)? = nil) {
        self.observer = observer
    }

    /// Leaves a report for the map; any thread may post.
    public func post(_ report: LocationReport) {
        observer?(report)
        box.post(report)
    }

    /// The reports posted since the last call, oldest first.
    public func take() -> [LocationReport] {
        box.takeAll()
    }

    /// True when reports wait to be taken.
    public var hasReports: Bool { box.hasItems }

    /// Blocks (in real time) until some provider has posted a fix, at most
    /// `timeout` seconds. Returns false on time-out.
    public func waitForFix(timeout: Double) -> Bool {
        box.wait(timeout: timeout) { $0.counted > 0 }
    }
}
