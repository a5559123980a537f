import MapEngine

/// Hands each pointer event to the interaction it belongs to: an active
/// exclusive interaction first (a carry), then the one holding that
/// pointer, and for a press the first in order that takes it, which then
/// holds the pointer until it lifts.
///
///     let router = InteractionRouter([carry, details, locate, callout, press])
///     router.route(event, at: now)
@MainActor
final class InteractionRouter {
    private struct PointerKey: Hashable {
        let id: Int
        let kind: PointerKind
    }

    let interactions: [MapInteraction]
    private var holders: [PointerKey: ObjectIdentifier] = [:]

    init(_ interactions: [MapInteraction]) {
        self.interactions = interactions
    }

    func route(_ event: PointerEvent, at now: Double) -> [MapEffect] {
        let key = PointerKey(id: event.id, kind: event.kind)
        defer { if event.phase == .up || event.phase == .cancel { holders[key] = nil } }
        for case let exclusive as ExclusiveInteraction in interactions where exclusive.isActive {
            if case .handled(let effects) = exclusive.handle(event, at: now) { return effects }
        }
        let holder = holders[key].flatMap { held in interactions.first { ObjectIdentifier($0) == held } }
        if let holder {
            if case .handled(let effects) = holder.handle(event, at: now) { return effects }
        }
        if event.phase == .move, holder == nil, event.kind == .mouse {
            for case let hovering as HoverInteraction in interactions { hovering.hover(event.location) }
        }
        // A press is offered in order; one the holder did not want (another
        // mouse button while one is held) leaves the holder as it was.
        guard event.phase == .down else { return [] }
        for interaction in interactions where interaction !== holder {
            if case .handled(let effects) = interaction.handle(event, at: now) {
                if holder == nil { holders[key] = ObjectIdentifier(interaction) }
                return effects
            }
        }
        return []
    }

    /// Gives a pointer to an interaction that took it over outside `route`
    /// (the finger left when a pinch ends goes on panning).
    func hand(pointer id: Int, kind: PointerKind, to interaction: MapInteraction) {
        holders[PointerKey(id: id, kind: kind)] = ObjectIdentifier(interaction)
    }

    /// Every interaction lets go; no pointer is held.
    func reset(at now: Double) {
        holders.removeAll()
        for interaction in interactions { interaction.reset(at: now) }
    }
}

/// An interaction that follows the mouse while no button is held (a
/// profile's marker under the pointer).
@MainActor
protocol HoverInteraction: AnyObject {
    /// The mouse is at `location`, or has left the map (nil).
    func hover(_ location: Point?)
}
