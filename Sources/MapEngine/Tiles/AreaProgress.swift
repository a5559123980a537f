/// How far a download is.
package struct AreaProgress: Sendable, Equatable {
    /// Tiles in the area.
    package var total = 0
    /// Tiles the file held before this run (taken as done).
    package var alreadyHeld = 0
    /// Tiles fetched and written in this run.
    package var fetched = 0
    /// Tiles the source does not have (outside its coverage): nothing to keep.
    package var absent = 0
    /// Tiles that could not be fetched after the retries: asked again on the next run.
    package var failed = 0
    /// Bytes of the tiles fetched in this run.
    package var bytes = 0
    /// Seconds since the run started.
    package var seconds = 0.0
    /// Why the run stopped before its end on its own (the server gone), if it did.
    package var stopReason: String?

    /// Nothing done yet, or a run's first figures.
    package init(total: Int = 0, alreadyHeld: Int = 0, seconds: Double = 0) {
        (self.total, self.alreadyHeld, self.seconds) = (total, alreadyHeld, seconds)
    }

    /// Tiles dealt with, this run and before.
    package var done: Int { alreadyHeld + fetched + absent + failed }
    /// Tiles a second, this run.
    package var rate: Double { seconds > 0 ? Double(fetched + absent) / seconds : 0 }
    /// Seconds left at this run's rate; nil before there is one.
    package var secondsLeft: Double? { rate > 0 ? Double(total - done) / rate : nil }
}
