import MapEngine

/// What a pin shows at one instant: its picture, how far it is lifted and
/// where its shadow lies, all in points relative to the pin at rest.
struct PinPose: Equatable, Sendable {
    var frame: PinFrame
    var lift: Point
    var shadowAlpha: Double
    var shadowOffset: Point

    static let rest = PinPose(frame: .rest, lift: .zero, shadowAlpha: 0, shadowOffset: .zero)
    /// Held up while carried: floating picture, 39 pt up, shadow on the ground.
    static let carried = PinPose(frame: .floating, lift: Point(x: 0, y: -PinMotion.liftHeight),
                                        shadowAlpha: 1, shadowOffset: PinMotion.shadowSlide)
    /// Held up a little while arrow keys nudge it: the carried pose in small.
    static let nudged = PinPose(frame: .floating, lift: Point(x: 0, y: -PinMotion.nudgeLiftHeight),
                                       shadowAlpha: 1, shadowOffset: PinMotion.shadowSlide * 0.25)
}

/// The pin's animations, each a pose as a function of the time since it
/// began. The numbers follow the old Maps app: three bounce frames over
/// 0.1 s; a lift of 39 pt over 0.2 s; 0.3 s for a whole lift or drop; the
/// shadow fading out over 0.1 s.
///
///     PinMotion.lift(from: .rest).pose(at: 0.2).lift.y   // -19.5, half-way up
enum PinMotion: Equatable, Sendable {
    /// A tap: the three bounce frames, then rest.
    case bounce
    /// A drag begins: bounce, then rise to the carried pose.
    case lift(from: PinPose)
    /// Released where the lifted tip pointed: the annotation has been moved
    /// there, so the pin stays where it was seen while its shadow slides
    /// back in under the tip and fades, and it lands with the bounce frames.
    case drop(from: PinPose)
    /// A cancelled drag: the pin falls back down and bounces (the map moves
    /// the annotation back meanwhile).
    case fall(from: PinPose)
    /// The first arrow-key nudge: bounce, then a short rise to the
    /// nudged pose (a fall brings it down after the last nudge).
    case nudgeLift(from: PinPose)
    /// Added with `animatesDrop`: falls `height` points from above and lands
    /// with the bounce frames.
    case dropIn(height: Double)

    static let liftHeight = 39.0
    static let nudgeLiftHeight = 8.0
    /// Where the shadow slides to while the pin is up: up and to the right,
    /// as cast by light from the upper left.
    static let shadowSlide = Point(x: 6, y: -3)
    static let bounceDuration = 0.1
    static let riseDuration = 0.2
    static let shadowFadeDuration = 0.1
    static let dropInFallDuration = 0.35
    /// A whole lift, drop or cancel.
    static let dragMotionDuration = 0.3

    var duration: Double {
        switch self {
        case .bounce: return PinMotion.bounceDuration
        case .lift, .drop, .fall, .nudgeLift: return PinMotion.dragMotionDuration
        case .dropIn: return 0.45
        }
    }

    /// True from `duration` on (allowing for rounding in the sums of times).
    func isFinished(at t: Double) -> Bool { t >= duration - 1e-9 }

    /// Where the motion ends.
    var finalPose: PinPose {
        switch self {
        case .lift: return .carried
        case .nudgeLift: return .nudged
        default: return .rest
        }
    }

    /// The pose `t` seconds in; the final pose from `duration` on.
    func pose(at t: Double) -> PinPose {
        if isFinished(at: t) { return finalPose }
        let bounce = PinMotion.bounceDuration, rise = PinMotion.riseDuration
        switch self {
        case .bounce:
            return PinPose(frame: PinMotion.bounceFrame(at: t), lift: .zero, shadowAlpha: 0, shadowOffset: .zero)
        case .lift(let from), .nudgeLift(let from):
            guard t >= bounce else {
                var pose = from
                pose.frame = PinMotion.bounceFrame(at: t)
                return pose
            }
            let up = Tween(start: bounce, duration: rise, easing: .easeInOut)
            let fade = Tween(start: bounce, duration: rise)
            let top = finalPose
            return PinPose(frame: .floating, lift: up.value(at: t, from: from.lift, to: top.lift),
                           shadowAlpha: fade.value(at: t, from: from.shadowAlpha, to: 1),
                           shadowOffset: fade.value(at: t, from: from.shadowOffset, to: top.shadowOffset))
        case .drop(let from):
            // The shadow comes in under the tip just before the landing bounce.
            let fade = Tween(start: rise - PinMotion.shadowFadeDuration, duration: PinMotion.shadowFadeDuration)
            return PinPose(frame: t < rise ? .floating : PinMotion.bounceFrame(at: t - rise), lift: .zero,
                           shadowAlpha: fade.value(at: t, from: from.shadowAlpha, to: 0),
                           shadowOffset: fade.value(at: t, from: from.shadowOffset - from.lift, to: .zero))
        case .fall(let from):
            let down = Tween(start: 0, duration: rise, easing: .easeIn)
            let fade = Tween(start: rise - PinMotion.shadowFadeDuration, duration: PinMotion.shadowFadeDuration)
            return PinPose(frame: t < rise ? .floating : PinMotion.bounceFrame(at: t - rise),
                           lift: down.value(at: t, from: from.lift, to: .zero),
                           shadowAlpha: fade.value(at: t, from: from.shadowAlpha, to: 0),
                           shadowOffset: fade.value(at: t, from: from.shadowOffset, to: .zero))
        case .dropIn(let height):
            let fall = PinMotion.dropInFallDuration
            let down = Tween(start: 0, duration: fall, easing: .easeIn)
            return PinPose(frame: t < fall ? .rest : PinMotion.bounceFrame(at: t - fall),
                           lift: down.value(at: t, from: Point(x: 0, y: -height), to: .zero),
                           shadowAlpha: 0, shadowOffset: .zero)
        }
    }

    /// The three bounce frames, a third of 0.1 s each, most squashed first;
    /// rest before and after.
    static func bounceFrame(at t: Double) -> PinFrame {
        guard t >= 0, t < bounceDuration else { return .rest }
        switch Int(t / (bounceDuration / 3)) {
        case 0: return .bounce1
        case 1: return .bounce2
        default: return .bounce3
        }
    }
}
