import MapEngine

/// What the live views drew, kept between frames in drawing order: one group
/// per view, back to front, and the sprites of all groups in one array.
/// Changes are collected and applied together by `commit()`, in one pass
/// over the groups, so a frame that adds and drops a few hundred views out of
/// tens of thousands stays cheap, and a frame that only moves the camera
/// costs nothing.
///
///     list.insert(slot: 4, world: p, priority: 500, frameOrigin: o, drawing: canvas, id: "cafe")
///     list.remove(slot: 9)
///     list.commit()
struct AnnotationDrawList {
    private(set) var groups: [SpriteBatch.Group] = []
    private(set) var sprites: [SpriteBatch.Sprite] = []
    private(set) var names: [String] = []
    private(set) var roles: [String] = []
    /// The name of each drawn slot's annotation, for scene dumps.
    private(set) var ids: [Int32: String] = [:]
    /// The shapes and text behind names that are pictures, by name.
    private(set) var pictures: [Int32: CanvasPicture] = [:]
    /// How far any sprite filed reaches from its view's corner, kept as
    /// they come in (so a frame need not look at every sprite for it).
    private(set) var reach = 0.0
    private var nameIndex: [String: Int32] = [:]
    private var roleIndex: [String: Int32] = [:]

    /// Groups waiting for `commit()`, in no order.
    private var incoming: [SpriteBatch.Group] = []
    /// Per slot: whether it has a committed group, whether that group goes
    /// at the next commit, whether it has a group waiting.
    private var flags: [UInt8] = []
    private static let committed: UInt8 = 1, leaving: UInt8 = 2, waiting: UInt8 = 4
    /// Per slot with a waiting group: where it is in `incoming`.
    private var waitingAt: [Int32] = []
    private var leavingCount = 0
    /// Sprites no group uses any more; reclaimed when they outnumber the rest.
    private var unusedSprites = 0

    var hasPendingChanges: Bool { leavingCount > 0 || !incoming.isEmpty }

    /// Files a view's drawing under its slot, replacing what it drew before
    /// once committed.
    mutating func insert(slot: Int32, world: Point, priority: Double, frameOrigin: Point,
                         drawing: AnnotationCanvas, id: String) {
        remove(slot: slot)
        ids[slot] = id
        let first = Int32(sprites.count)
        for item in drawing.items {
            let name = AnnotationDrawList.intern(item.name, in: &names, index: &nameIndex)
            let role = AnnotationDrawList.intern(item.role, in: &roles, index: &roleIndex)
            if let picture = item.picture, pictures[name] == nil { pictures[name] = picture }
            sprites.append(SpriteBatch.Sprite(name: name, role: role, offset: item.offset, size: item.size,
                                              alpha: item.alpha, tint: item.tint))
            reach = max(reach, abs(item.offset.x) + item.size.width, abs(item.offset.y) + item.size.height)
        }
        waitingAt[Int(slot)] = Int32(incoming.count)
        incoming.append(SpriteBatch.Group(world: world, frameOrigin: frameOrigin, first: first,
                                          count: Int32(drawing.items.count), slot: slot, priority: priority))
        flags[Int(slot)] |= AnnotationDrawList.waiting
    }

    /// Drops the slot's group at the next commit.
    mutating func remove(slot: Int32) {
        let i = Int(slot)
        if i >= flags.count {
            flags += Array(repeating: 0, count: i + 1 - flags.count)
            waitingAt += Array(repeating: -1, count: i + 1 - waitingAt.count)
        }
        if flags[i] & AnnotationDrawList.waiting != 0 {
            let k = Int(waitingAt[i])
            unusedSprites += Int(incoming[k].count)
            let last = incoming.removeLast()
            if k < incoming.count {
                incoming[k] = last
                waitingAt[Int(last.slot)] = Int32(k)
            }
            flags[i] &= ~AnnotationDrawList.waiting
            if flags[i] & AnnotationDrawList.committed == 0 { ids[slot] = nil }
        }
        if flags[i] & (AnnotationDrawList.committed | AnnotationDrawList.leaving) == AnnotationDrawList.committed {
            flags[i] |= AnnotationDrawList.leaving
            leavingCount += 1
        }
    }

    /// Drops everything.
    mutating func removeAll() {
        self = AnnotationDrawList()
    }

    /// Applies the waiting removals and insertions, keeping the order.
    mutating func commit() {
        guard hasPendingChanges else { return }
        if leavingCount > 0 { dropLeaving() }
        if !incoming.isEmpty { mergeIncoming() }
        if unusedSprites > max(4096, sprites.count / 2) { packSprites() }
    }

    private mutating func dropLeaving() {
        var kept = 0
        for k in groups.indices {
            let group = groups[k]
            let i = Int(group.slot)
            if flags[i] & AnnotationDrawList.leaving != 0 {
                flags[i] &= ~(AnnotationDrawList.leaving | AnnotationDrawList.committed)
                if flags[i] & AnnotationDrawList.waiting == 0 { ids[group.slot] = nil }
                unusedSprites += Int(group.count)
            } else {
                groups[kept] = group
                kept += 1
            }
        }
        groups.removeLast(groups.count - kept)
        leavingCount = 0
    }

    /// Sorts the few new groups and merges them in from the back, so only
    /// the groups behind the first insertion point move.
    private mutating func mergeIncoming() {
        incoming.sort { $0.isBehind($1) }
        var old = groups.count - 1
        var new = incoming.count - 1
        groups.append(contentsOf: incoming)
        var write = groups.count - 1
        while new >= 0 {
            if old >= 0, incoming[new].isBehind(groups[old]) {
                groups[write] = groups[old]
                old -= 1
            } else {
                groups[write] = incoming[new]
                flags[Int(incoming[new].slot)] = AnnotationDrawList.committed
                new -= 1
            }
            write -= 1
        }
        incoming.removeAll(keepingCapacity: true)
    }

    /// Copies the used sprites into a new array in drawing order (called
    /// once nothing waits to be merged), and
    /// forgets the names (and pictures) no sprite uses any more: a view that
    /// draws a new picture every frame must not grow them without end.
    private mutating func packSprites() {
        var packed: [SpriteBatch.Sprite] = []
        packed.reserveCapacity(sprites.count - unusedSprites)
        var (keptNames, keptIndex, keptPictures) = ([String](), [String: Int32](), [Int32: CanvasPicture]())
        for k in groups.indices {
            let first = Int(groups[k].first)
            groups[k].first = Int32(packed.count)
            for var sprite in sprites[first..<first + Int(groups[k].count)] {
                let old = sprite.name
                sprite.name = AnnotationDrawList.intern(names[Int(old)], in: &keptNames, index: &keptIndex)
                if let picture = pictures[old] { keptPictures[sprite.name] = picture }
                packed.append(sprite)
            }
        }
        sprites = packed
        (names, nameIndex, pictures) = (keptNames, keptIndex, keptPictures)
        unusedSprites = 0
    }

    private static func intern(_ string: String, in table: inout [String], index: inout [String: Int32]) -> Int32 {
        if let known = index[string] { return known }
        table.append(string)
        index[string] = Int32(table.count - 1)
        return Int32(table.count - 1)
    }
}
