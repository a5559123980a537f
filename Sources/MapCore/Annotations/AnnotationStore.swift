/// Every annotation the map holds, in numbered slots, with its place in the
/// unit world and a spatial index over those places.
///
///     var store = AnnotationStore()
///     let slot = store.add(pin)              // nil when it was already there
///     store.slots(inWorldRect: ...)          // what a camera can see
struct AnnotationStore {
    struct Record {
        let annotation: any Annotation
        /// Name in scene dumps: the annotation's identifier, else its number.
        let id: String
        /// Adding order, so listings come out the way annotations went in.
        let order: Int
        var world: Point
        var view: AnnotationView?
        var token: AnnotationChanges.Token?
        /// The update pass that last found it in view.
        var seen: UInt32 = 0
    }

    private(set) var records: [Record?] = []
    private var freeSlots: [Int32] = []
    private var slotByObject: [ObjectIdentifier: Int32] = [:]
    private var index = SpatialIndex()
    /// Numbers handed to annotations without an identifier, in adding order.
    private var added = 0

    var count: Int { slotByObject.count }

    /// The annotations in the order they were added.
    var annotations: [any Annotation] {
        records.compactMap { $0 }.sorted { $0.order < $1.order }.map(\.annotation)
    }

    func slot(of annotation: any Annotation) -> Int32? {
        slotByObject[ObjectIdentifier(annotation)]
    }

    subscript(slot: Int32) -> Record {
        get { records[Int(slot)]! }
        _modify { yield &records[Int(slot)]! }
    }

    /// Stores the annotation; nil when it is already stored.
    mutating func add(_ annotation: any Annotation) -> Int32? {
        let key = ObjectIdentifier(annotation)
        guard slotByObject[key] == nil else { return nil }
        let id = annotation.identifier ?? String(added)
        defer { added += 1 }
        let record = Record(annotation: annotation, id: id, order: added,
                            world: AnnotationStore.place(annotation.coordinate))
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            records[Int(slot)] = record
        } else {
            slot = Int32(records.count)
            records.append(record)
        }
        slotByObject[key] = slot
        index.insert(slot: slot, at: record.world)
        return slot
    }

    /// Forgets the annotation and returns its record.
    mutating func remove(_ annotation: any Annotation) -> (slot: Int32, record: Record)? {
        guard let slot = slotByObject.removeValue(forKey: ObjectIdentifier(annotation)),
              let record = records[Int(slot)] else { return nil }
        index.remove(slot: slot, at: record.world)
        records[Int(slot)] = nil
        freeSlots.append(slot)
        return (slot, record)
    }

    /// Re-reads the annotation's coordinate after it moved.
    mutating func move(_ slot: Int32) {
        let world = AnnotationStore.place(self[slot].annotation.coordinate)
        index.remove(slot: slot, at: self[slot].world)
        self[slot].world = world
        index.insert(slot: slot, at: world)
    }

    /// Slots whose places lie in the rectangle, which may run past the
    /// antimeridian (x outside 0..<1); it is split there.
    func slots(inWorldRect rect: Rect, into found: inout [Int32]) {
        let (minY, maxY) = (rect.minY, rect.maxY)
        if rect.width >= 1 {
            index.query(minX: 0, minY: minY, maxX: 1, maxY: maxY, into: &found)
            return
        }
        let start = rect.minX - rect.minX.rounded(.down)
        let end = start + rect.width
        index.query(minX: start, minY: minY, maxX: min(end, 1), maxY: maxY, into: &found)
        if end > 1 {
            index.query(minX: 0, minY: minY, maxX: end - 1, maxY: maxY, into: &found)
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
