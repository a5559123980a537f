import Foundation

/// Where providers leave location reports for the map, which takes them in
/// on its own thread, once per frame.
public final class LocationFeed: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var reports: [LocationReport] = []
    private var fixes = 0

    /// Told of every report as it is posted, on the provider's thread (for
    /// logging); set it before the provider starts.
    public var observer: (@Sendable (LocationReport) -> Void)?

    public init() {}

    public func post(_ report: LocationReport) {
        observer?(report)
        condition.lock()
        reports.append(report)
        if case .fix = report { fixes += 1 }
        condition.broadcast()
        condition.unlock()
    }

    /// The reports posted since the last call, oldest first.
    public func take() -> [LocationReport] {
        condition.lock()
        defer { condition.unlock() }
        let taken = reports
        reports.removeAll()
        return taken
    }

    /// True when reports wait to be taken.
    public var hasReports: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !reports.isEmpty
    }

    /// Blocks (in real time) until some provider has posted a fix, at most
    /// `timeout` seconds. Returns false on time-out.
    public func waitForFix(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while fixes == 0 {
            if !condition.wait(until: deadline) { return fixes > 0 }
        }
        return true
    }
}
