import MapEngine

/// How big and how opaque a callout is while it opens and closes: opening,
/// it pops (scale 0.05 → 1.11 → 0.95 → 1.0 over 1/3 s, about the pointer's
/// tip); closing, it fades out.
///
///     CalloutPop.scale(at: 1.0 / 6)   // 1.11, the peak of the pop
///     CalloutPop.alpha(closingFor: 0.1)   // 0.5
package enum CalloutPop {
    /// (fraction of the pop's time, scale) at each turn of the pop.
    static let keyframes: [(time: Double, scale: Double)] = [(0, 0.05), (0.5, 1.11), (0.75, 0.95), (1, 1)]

    /// The scale `elapsed` seconds after the callout opened.
    package static func scale(at elapsed: Double) -> Double {
        let t = elapsed / CalloutStyle.popDuration
        guard t < 1 else { return 1 }
        guard t > 0 else { return keyframes[0].scale }
        for (from, to) in zip(keyframes, keyframes.dropFirst()) where t <= to.time {
            let progress = Easing.easeInOut.value(at: (t - from.time) / (to.time - from.time))
            return from.scale + (to.scale - from.scale) * progress
        }
        return 1
    }

    /// The opacity `elapsed` seconds after the callout began to close.
    package static func alpha(closingFor elapsed: Double) -> Double {
        max(0, min(1, 1 - elapsed / CalloutStyle.fadeDuration))
    }
}
