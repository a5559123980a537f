import MapEngine

/// Every annotation the map holds, in numbered slots, with its place in the
/// unit world and a spatial index over those places. Each property lives in
/// an array of its own, so the per-frame loops touch only what they read.
///
///     var store = AnnotationStore()
///     let slot = store.add(pin)              // nil when it was already there
///     store.slots(inWorldRect: ...)          // what a camera can see
@MainActor
struct AnnotationStore {
    private(set) var annotations: [(any Annotation)?] = []
    /// Adding order, so listings come out the way annotations went in; an
    /// annotation without an identifier is named by its number here.
    private var orders: [UInt32] = []
    private(set) var worlds: [Point] = []
    var views: [AnnotationView?] = []
    /// The update pass that last found each slot in view.
    var seen: [UInt32] = []

    private var freeSlots: [Int32] = []
    private var slotByObject: [ObjectIdentifier: Int32] = [:]
    private var index = SpatialIndex()
    /// Counts additions (wrapping after four billion: listings of a map that
    /// old may put the oldest last).
    private var added: UInt32 = 0

    var count: Int { slotByObject.count }

    /// The annotations in the order they were added.
    var inAddingOrder: [any Annotation] { slotsInAddingOrder.map { annotations[Int($0)]! } }

    /// The slots in use, in the order their annotations were added.
    var slotsInAddingOrder: [Int32] {
        var slots: [Int32] = []
        slots.reserveCapacity(count)
        for (slot, annotation) in annotations.enumerated() where annotation != nil { slots.append(Int32(slot)) }
        return slots.sorted { orders[Int($0)] < orders[Int($1)] }
    }

    func slot(of annotation: any Annotation) -> Int32? {
        slotByObject[ObjectIdentifier(annotation)]
    }

    func annotation(_ slot: Int32) -> any Annotation { annotations[Int(slot)]! }
    func world(_ slot: Int32) -> Point { worlds[Int(slot)] }
    func view(_ slot: Int32) -> AnnotationView? { views[Int(slot)] }
    /// Its name in scene dumps: the annotation's identifier, else its number
    /// (asked when needed: a table of 100,000 names cost 1.6 MB and the
    /// reading of every pin's id from its file).
    func id(_ slot: Int32) -> String { annotations[Int(slot)]!.identifier ?? String(orders[Int(slot)]) }

    /// Makes room for `more` annotations at once, so adding many grows
    /// each array and table once.
    mutating func reserveCapacity(more: Int) {
        let total = annotations.count + more
        annotations.reserveCapacity(total)
        orders.reserveCapacity(total)
        worlds.reserveCapacity(total)
        views.reserveCapacity(total)
        seen.reserveCapacity(total)
        slotByObject.reserveCapacity(count + more)
    }

    /// Stores the annotation; nil when it is already stored.
    mutating func add(_ annotation: any Annotation) -> Int32? {
        guard let slot = store(annotation) else { return nil }
        index.insert(slot: slot, at: worlds[Int(slot)])
        return slot
    }

    /// Stores many annotations; returns the slots of those that were not
    /// stored yet. Their places go into the spatial index along a Z-order
    /// curve, so each insertion finds the tree's nodes of the last one still
    /// in the cache (in the order given, half a million of them spent most
    /// of their time waiting for memory).
    mutating func add(contentsOf list: [any Annotation]) -> [Int32] {
        reserveCapacity(more: list.count)
        let slots = list.compactMap { store($0) }
        var keyed = slots.map { UInt64(ClusterIndex.mortonKey(worlds[Int($0)])) << 32 | UInt64(UInt32(bitPattern: $0)) }
        RadixSort.sort(&keyed)
        for key in keyed {
            let slot = Int32(bitPattern: UInt32(truncatingIfNeeded: key))
            index.insert(slot: slot, at: worlds[Int(slot)])
        }
        return slots
    }

    /// Takes the annotation into the arrays (not the spatial index).
    private mutating func store(_ annotation: any Annotation) -> Int32? {
        // One look in the table, not two: the slot it would take goes in,
        // and comes out again in the rare case it was there already.
        let key = ObjectIdentifier(annotation)
        let slot = freeSlots.last ?? Int32(annotations.count)
        if let existing = slotByObject.updateValue(slot, forKey: key) {
            slotByObject[key] = existing
            return nil
        }
        let world = AnnotationStore.place(annotation.coordinate)
        if !freeSlots.isEmpty {
            freeSlots.removeLast()
            let i = Int(slot)
            (annotations[i], orders[i], worlds[i], views[i], seen[i]) = (annotation, added, world, nil, 0)
        } else {
            if annotations.count == annotations.capacity {
                // An eighth more, not twice as many: after 100,000 pins came
                // in at once, the first cluster shown would otherwise double
                // every table (13 MB for a few hundred clusters).
                reserveCapacity(more: max(annotations.count / 8, 64))
            }
            annotations.append(annotation)
            orders.append(added)
            worlds.append(world)
            views.append(nil)
            seen.append(0)
        }
        added &+= 1
        return slot
    }

    /// Forgets the annotation; returns its slot and view.
    mutating func remove(_ annotation: any Annotation)
        -> (slot: Int32, view: AnnotationView?)? {
        guard let slot = slotByObject.removeValue(forKey: ObjectIdentifier(annotation)) else { return nil }
        let i = Int(slot)
        index.remove(slot: slot, at: worlds[i])
        let removed = (slot, views[i])
        (annotations[i], views[i]) = (nil, nil)
        freeSlots.append(slot)
        return removed
    }

    /// Re-reads the annotation's coordinate after it moved.
    mutating func move(_ slot: Int32) {
        move(slot, to: AnnotationStore.place(annotations[Int(slot)]!.coordinate))
    }

    /// Puts a slot at `world` (a unit world point, as `place` makes it) in the index.
    mutating func move(_ slot: Int32, to world: Point) {
        let i = Int(slot)
        index.remove(slot: slot, at: worlds[i])
        worlds[i] = world
        index.insert(slot: slot, at: world)
    }

    /// Slots whose places lie in the rectangle, which may run past the
    /// antimeridian (x outside 0..<1); it is split there.
    func slots(inWorldRect rect: Rect, into found: inout [Int32]) {
        for piece in rect.worldPieces {
            index.query(minX: piece.minX, minY: piece.minY, maxX: piece.maxX, maxY: piece.maxY, into: &found)
        }
    }

    /// The unit world point for a coordinate, inside 0..<1 on both axes.
    static func place(_ coordinate: Coordinate) -> Point {
        var p = WebMercator.project(coordinate.isFinite ? coordinate : Coordinate(latitude: 0, longitude: 0))
        p.x -= p.x.rounded(.down)
        p.y = min(max(p.y, 0), 1.0.nextDown)
        return p
    }
}

extension Coordinate {
    var isFinite: Bool { latitude.isFinite && longitude.isFinite }
}
