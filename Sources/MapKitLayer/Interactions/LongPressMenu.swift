import MapEngine

/// A finger held still on the empty map for the long-press time opens the
/// map's menu where it touched (drop a pin, what's here, measure…), as a
/// right-click does, once per press; the finger is then done (its moves
/// and lift do nothing). The press tells it when a finger lands on the
/// empty map, moves off, or lifts; the map's clock asks it when due.
final class LongPressMenu {
    private struct Hold {
        let pointerID: Int
        let start: Point
        let time: Double
        var fired = false
    }

    private let duration: Double
    private var hold: Hold?

    /// Holds last `duration` seconds (the drag's long press, so both feel alike).
    init(duration: Double) {
        self.duration = duration
    }

    /// A finger landed on the empty map.
    func begin(pointer id: Int, at location: Point, time now: Double) {
        hold = Hold(pointerID: id, start: location, time: now)
    }

    /// The finger moved off (a pan) or lifted before its time.
    func cancel() {
        if hold?.fired == false { hold = nil }
    }

    /// The press is over, whatever it did.
    func end() {
        hold = nil
    }

    /// Whether this finger's long press opened the menu: the press ignores it from then on.
    func hasFired(pointer id: Int) -> Bool {
        hold?.pointerID == id && hold?.fired == true
    }

    /// True while a finger rests on the empty map short of its time (the map keeps its clock running to see it).
    var isWaiting: Bool { hold.map { !$0.fired } ?? false }

    /// Where to open the menu, once the finger has rested its time (once per press).
    func due(at now: Double) -> Point? {
        guard var held = hold, !held.fired, now - held.time >= duration else { return nil }
        held.fired = true
        hold = held
        return held.start
    }
}
