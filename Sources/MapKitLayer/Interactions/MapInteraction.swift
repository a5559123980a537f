import MapEngine

/// One gesture or control of the map, owning its own state: it answers a
/// pointer event with what the map should do (`MapEffect`s, which the
/// controller applies) or lets it pass, and can let go of everything at once.
/// The `InteractionRouter` asks them in order and keeps which one holds
/// each pointer; a new gesture is a new interaction and one line in
/// the router's list in `MapController`.
@MainActor
protocol MapInteraction: AnyObject {
    /// Answers one pointer event; `.ignored` lets the next one have it. An
    /// interaction that handles a press holds that pointer until its
    /// release or cancel.
    func handle(_ event: PointerEvent, at now: Double) -> InteractionReply
    /// Lets go of every press without acting (focus lost, a second finger).
    func reset(at now: Double)
}

/// What an interaction did with an event.
enum InteractionReply: Equatable {
    case ignored
    /// Taken, with what the map must do.
    case handled([MapEffect])
}

/// An interaction that, while active, takes every pointer event before the
/// others and whoever holds the pointer (a carried pin).
@MainActor
protocol ExclusiveInteraction: MapInteraction {
    var isActive: Bool { get }
}
