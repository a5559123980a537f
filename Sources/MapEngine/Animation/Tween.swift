/// One animated change as a value: when it starts, how long it runs and its
/// curve. Evaluated at the `now` passed in; it reads no clock.
///
///     let lift = Tween(start: now, duration: 0.2, easing: .easeOut)
///     lift.value(at: now + 0.1, from: 0, to: -39)
package struct Tween: Equatable, Sendable {
    var start: Double
    var duration: Double
    var easing: Easing

    package init(start: Double, duration: Double, easing: Easing = .linear) {
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// Eased progress, 0 before the start and 1 from the end on.
    func progress(at now: Double) -> Double {
        guard duration > 0 else { return now >= start ? 1 : 0 }
        return easing.value(at: (now - start) / duration)
    }

    package func value(at now: Double, from a: Double, to b: Double) -> Double {
        a + (b - a) * progress(at: now)
    }

    package func value(at now: Double, from a: Point, to b: Point) -> Point {
        a + (b - a) * progress(at: now)
    }

    /// True from the end on, allowing for rounding in sums of times.
    package func isFinished(at now: Double) -> Bool { now >= start + duration - 1e-9 }

    /// The tween that begins when this one ends.
    func then(duration: Double, easing: Easing = .linear) -> Tween {
        Tween(start: start + self.duration, duration: duration, easing: easing)
    }
}
