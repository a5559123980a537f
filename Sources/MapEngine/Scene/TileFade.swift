/// Tiles fading in as they come, as a style's raster layers ask
/// (`raster-fade-duration`): a tile's opacity goes from 0 when it came in
/// to 1 `duration` seconds later, over what stood in for it.
///
///     let fade = TileFade(now: 10.1, duration: 0.3)
///     fade.opacity(since: 10.0)   // a third of the way in
package struct TileFade: Equatable, Sendable {
    /// The frame's time, in seconds.
    package var now: Double
    /// How long a tile takes to fade in, in seconds (0: at once).
    package var duration: Double

    /// A fade of `duration` seconds for a frame at `now`.
    package init(now: Double, duration: Double) {
        self.now = now
        self.duration = duration
    }

    /// How opaque a tile that came in at `arrival` is now: 1 when not known or long in.
    package func opacity(since arrival: Double?) -> Double {
        guard let arrival, duration > 0, duration.isFinite, now.isFinite, arrival.isFinite else { return 1 }
        return min(max((now - arrival) / duration, 0), 1)
    }
}
