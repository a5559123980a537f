import Foundation

/// Points grouped into clusters at every whole zoom level, after
/// supercluster's idea: at the deepest level each point stands alone; one
/// level up, each point or cluster takes in the others within `radius`
/// points of it (greedy, in index order) and becomes a cluster at their
/// weighted centre; and so on up to zoom 0. Every level is fixed once built,
/// so panning never reshuffles clusters, and a query costs the items in view.
///
///     let index = ClusterIndex(points: worldPoints)
///     for item in index.items(atZoom: 4, in: viewRect) { ... }   // .point(i) or .cluster(id)
///     index.isAlone(7, atZoom: 12)                               // shown as itself?
package struct ClusterIndex: Sendable {
    /// How points merge.
    package struct Options: Sendable {
        /// How close (in points at the level's scale) two items must be to merge.
        package var radius = 40.0
        /// Deeper than this nothing clusters.
        package var maxZoom = 16
        /// The shape each point takes up when deciding what overlaps.
        package var collisionMode = CollisionMode.rectangle

        /// Points within `radius` points merge, at every zoom up to `maxZoom`.
        package init(radius: Double = 40, maxZoom: Int = 16, collisionMode: CollisionMode = .rectangle) {
            self.radius = radius
            self.maxZoom = maxZoom
            self.collisionMode = collisionMode
        }
    }

    /// A point of its own, or a cluster of several.
    package enum Item: Hashable, Sendable {
        /// A point, by its index in the points given.
        case point(Int32)
        /// A cluster, by its id.
        case cluster(Int32)
    }

    /// 32 bytes: a level of 100,000 points makes tens of thousands.
    package struct Cluster: Sendable {
        /// The weighted centre of its points, in unit world coordinates.
        package let center: Point
        private let points: Int32
        private let level: Int8
        /// Where its children (what it was made of one level deeper) lie in `childItems`.
        let firstChild: Int32
        let childCount: Int32

        init(center: Point, count: Int, zoom: Int, firstChild: Int32, childCount: Int32) {
            self.center = center
            points = Int32(count)
            level = Int8(zoom)
            self.firstChild = firstChild
            self.childCount = childCount
        }

        /// How many points the cluster holds.
        package var count: Int { Int(points) }
        /// The deepest level where it exists; one level deeper it splits.
        package var zoom: Int { Int(level) }
    }

    /// An item packed in 4 bytes: a point's index, or a cluster's id as
    /// `~id` (negative), so a million-point level costs 4 MB, not 8.
    typealias Packed = Int32

    static func pack(_ item: Item) -> Packed {
        switch item {
        case .point(let p): p
        case .cluster(let c): ~c
        }
    }

    static func unpack(_ packed: Packed) -> Item { packed >= 0 ? .point(packed) : .cluster(~packed) }

    /// A level being built: its items and where they stand. Only the
    /// items are kept (a point stands where it is given, a cluster at its
    /// centre): four bytes an item, not twenty.
    struct Level: Sendable {
        var items: [Packed] = []
        var xs: [Double] = []
        var ys: [Double] = []
    }

    /// Each level's query grid, made when the level is first looked at: a
    /// map shows a few levels, so the others never cost memory.
    private final class Grids: @unchecked Sendable {
        /// Guards `grids`; `@unchecked Sendable` rests on it.
        private let lock = NSLock()
        private var grids: [Int: UniformGrid] = [:]

        func grid(_ zoom: Int, of items: [Packed], place: (Packed) -> Point) -> UniformGrid {
            lock.lock()
            defer { lock.unlock() }
            if let grid = grids[zoom] { return grid }
            let places = items.map(place)
            let grid = UniformGrid(cell: 1 / Double(1 << zoom), xs: places.map(\.x), ys: places.map(\.y))
            grids[zoom] = grid
            return grid
        }
    }

    private let grids = Grids()

    /// The settings the index was built with.
    package let options: Options
    /// How many points it indexes.
    package let pointCount: Int
    private(set) var clusters: [Cluster] = []
    /// Every cluster's children, one run per cluster.
    private var childItems: [Packed] = []
    /// Each level's items, 0…maxZoom; deeper, every point is alone. A
    /// level where nothing merged shares the array of the level below.
    private(set) var levels: [[Packed]] = []
    /// Where each point stands, in unit world coordinates.
    private let points: [Point]
    /// The deepest level at which each point is inside a cluster, or -1.
    private var mergedDownTo: [Int8]
    /// The deepest level at which each point is inside a cluster it does
    /// not lead (its first member is another point), or -1: above it, the
    /// point stands for its whole cluster.
    private var ledDownTo: [Int8]
    /// The points in the order the deepest level takes them: along a
    /// Z-order curve, so each level's neighbours sit near each other in
    /// memory (the greedy grouping goes in this order).
    let order: [Int32]

    /// With `priorities` (one per point), higher ones are taken first, so
    /// each cluster is led by its highest-priority member; equal ones go
    /// along the Z-order curve.
    package init(points: [Point], priorities: [Float]? = nil, options: Options = Options()) {
        self.options = options
        self.points = points
        pointCount = points.count
        mergedDownTo = [Int8](repeating: -1, count: points.count)
        ledDownTo = mergedDownTo
        order = ClusterIndex.zOrder(points, priorities: priorities)
        var below = Level()
        below.items = order
        below.xs = order.map { points[Int($0)].x }
        below.ys = order.map { points[Int($0)].y }
        var built: [[Packed]] = []
        let nearness = Nearness(xs: below.xs, ys: below.ys, order: order, pointCount: points.count,
                            reach: 3 * reach(atZoom: max(0, options.maxZoom - Nearness.levels + 1)),
                            floor: 3 * reach(atZoom: options.maxZoom))
        for zoom in stride(from: options.maxZoom, through: 0, by: -1) {
            let level = options.collisionMode == .none ? below : merge(below, atZoom: zoom, nearness: nearness)
            built.append(level.items)
            below = level
        }
        levels = built.reversed()
        // Grown by doubling while built: given back what they do not use.
        clusters = clusters.exactCapacityCopy()
        childItems = childItems.exactCapacityCopy()
    }

    /// A point's place on a Z-order (Morton) curve over 16-bit cells.
    package static func mortonKey(_ point: Point) -> UInt32 {
        func spread(_ v: UInt32) -> UInt32 {
            var x = v & 0xFFFF
            x = (x | (x << 8)) & 0x00FF_00FF
            x = (x | (x << 4)) & 0x0F0F_0F0F
            x = (x | (x << 2)) & 0x3333_3333
            x = (x | (x << 1)) & 0x5555_5555
            return x
        }
        func cell(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 0.999_999) * 65536) }
        return spread(cell(point.x)) | spread(cell(point.y)) << 1
    }

    /// Point indices sorted along a Z-order (Morton) curve over 16-bit cells.
    static func zOrder(_ points: [Point], priorities: [Float]? = nil) -> [Int32] {
        var keyed = points.enumerated().map { UInt64(mortonKey($0.element)) << 32 | UInt64($0.offset) }
        RadixSort.sort(&keyed)
        let order = keyed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
        guard let priorities, priorities.count == points.count, let first = priorities.first,
              priorities.contains(where: { $0 != first }) else { return order }
        var rank = [Int32](repeating: 0, count: order.count)
        for (position, point) in order.enumerated() { rank[Int(point)] = Int32(position) }
        return order.sorted { a, b in
            let pa = priorities[Int(a)], pb = priorities[Int(b)]
            return pa != pb ? pa > pb : rank[Int(a)] < rank[Int(b)]
        }
    }

    /// The radius at `zoom` in unit world coordinates.
    func reach(atZoom zoom: Int) -> Double {
        options.radius / (WebMercator.tileSize * Double(1 << zoom))
    }

    /// The items of level `zoom + 1` merged for level `zoom`. Until the
    /// first merge the level is the one below, so nothing is copied; a
    /// level where nothing merges is the level below itself.
    private mutating func merge(_ below: Level, atZoom zoom: Int, nearness: Nearness) -> Level {
        let r = reach(atZoom: zoom)
        let n = below.items.count
        // Deep levels: only the items that can meet another are in the grid.
        let takesPart = nearness.takingPart(below.items, within: r)
        let (gridXs, gridYs) = takesPart.map { part in (part.map { below.xs[Int($0)] }, part.map { below.ys[Int($0)] }) }
            ?? (below.xs, below.ys)
        // Cells twice the radius: the square around an item touches at most 2 x 2 of them.
        let grid = UniformGrid(cell: 2 * r, xs: gridXs, ys: gridYs)
        var taken = [Bool](repeating: false, count: n)
        var level: Level?
        var near: [Int32] = []
        let circle = options.collisionMode == .circle
        below.xs.withUnsafeBufferPointer { xs in
            below.ys.withUnsafeBufferPointer { ys in
                for i in 0..<n where !taken[i] {
                    taken[i] = true
                    let x = xs[i], y = ys[i]
                    near.removeAll(keepingCapacity: true)
                    if takesPart == nil || nearness.mayMeet(below.items[i], within: r) {
                        // East-west the short way round: 179.99999° meets -179.99999°.
                        ClusterIndex.forEachCopy(ofX: x, within: r) { copyX in
                            grid.forEach(nearX: copyX, y: y, within: r) { found in
                                let j = takesPart.map { $0[Int(found)] } ?? found
                                guard !taken[Int(j)] else { return }
                                let dx = WebMercator.shortWay(xs[Int(j)] - x), dy = ys[Int(j)] - y
                                if circle ? dx * dx + dy * dy <= r * r : abs(dx) <= r && abs(dy) <= r { near.append(j) }
                            }
                        }
                    }
                    guard !near.isEmpty else {
                        if level != nil {
                            level!.items.append(below.items[i])
                            level!.xs.append(x)
                            level!.ys.append(y)
                        }
                        continue
                    }
                    if level == nil {
                        // Everything before `i` stood alone, in order.
                        var fresh = Level(items: Array(below.items[..<i]), xs: Array(xs[..<i]), ys: Array(ys[..<i]))
                        fresh.items.reserveCapacity(n)
                        fresh.xs.reserveCapacity(n)
                        fresh.ys.reserveCapacity(n)
                        level = fresh
                    }
                    near.sort()  // the same sums in the same order every run
                    let center = join(i, near, of: below, xs: xs, ys: ys, atZoom: zoom, taken: &taken)
                    level!.items.append(~Int32(clusters.count - 1))
                    level!.xs.append(center.x)
                    level!.ys.append(center.y)
                }
            }
        }
        guard let level else { return below }
        // The items kept at their exact size: the room reserved for `n` is given back.
        return Level(items: level.items.exactCapacityCopy(), xs: level.xs, ys: level.ys)
    }

    /// Calls `body` with `x` and, when `x` lies within `reach` of the
    /// antimeridian, with its copy one world east or west, so a search
    /// around it finds the items just across.
    @inline(__always)
    static func forEachCopy(ofX x: Double, within reach: Double, _ body: (Double) -> Void) {
        body(x)
        if x - reach < 0 { body(x + 1) }
        if x + reach >= 1 { body(x - 1) }
    }

    /// Makes a cluster of item `i` and its neighbours `near`; returns its centre.
    private mutating func join(_ i: Int, _ near: [Int32], of below: Level, xs: UnsafeBufferPointer<Double>,
                               ys: UnsafeBufferPointer<Double>, atZoom zoom: Int, taken: inout [Bool]) -> Point {
        var weight = Double(count(packed: below.items[i]))
        var sumX = xs[i] * weight, sumY = ys[i] * weight
        let seedX = xs[i]
        let first = Int32(childItems.count)
        childItems.append(below.items[i])
        for j in near {
            // Its leader now follows the seed's.
            let leader = leaderPoint(of: below.items[Int(j)])
            if ledDownTo[Int(leader)] < 0 { ledDownTo[Int(leader)] = Int8(zoom) }
            taken[Int(j)] = true
            let w = Double(count(packed: below.items[Int(j)]))
            // Measured from the seed the short way round, so a cluster
            // across the antimeridian centres on it, not mid-world.
            sumX += (seedX + WebMercator.shortWay(xs[Int(j)] - seedX)) * w
            sumY += ys[Int(j)] * w
            weight += w
            childItems.append(below.items[Int(j)])
        }
        for child in childItems[Int(first)...] where child >= 0 { mergedDownTo[Int(child)] = Int8(zoom) }
        let meanX = sumX / weight
        let center = Point(x: meanX - meanX.rounded(.down), y: sumY / weight)
        clusters.append(Cluster(center: center, count: Int(weight), zoom: zoom, firstChild: first,
                                childCount: Int32(near.count + 1)))
        return center
    }

    /// The point an item leads down to through first children.
    private func leaderPoint(of packed: Packed) -> Int32 {
        var item = packed
        while item < 0 { item = childItems[Int(clusters[Int(~item)].firstChild)] }
        return item
    }

    private func count(packed: Packed) -> Int { packed >= 0 ? 1 : clusters[Int(~packed)].count }

    /// How many points `item` stands for: 1 for a point.
    package func count(of item: Item) -> Int {
        switch item {
        case .point: 1
        case .cluster(let id): clusters[Int(id)].count
        }
    }

    /// The cluster with this id.
    package func cluster(_ id: Int32) -> Cluster { clusters[Int(id)] }

    /// What a cluster was made of one level deeper.
    package func children(of id: Int32) -> [Item] {
        let cluster = clusters[Int(id)]
        return childItems[Int(cluster.firstChild)..<Int(cluster.firstChild + cluster.childCount)].map(ClusterIndex.unpack)
    }

    /// The point a cluster's first child leads down to: its first member.
    package func firstMember(of id: Int32) -> Int32 {
        leaderPoint(of: ~id)
    }

    /// The level whose clusters show at a (fractional) zoom.
    package func level(forZoom zoom: Double) -> Int {
        Int(zoom.rounded(.down))
    }

    /// True when the point shows as itself at this whole zoom.
    package func isAlone(_ point: Int32, atZoom zoom: Int) -> Bool {
        zoom > Int(mergedDownTo[Int(point)])
    }

    /// True when the point is alone or leads its cluster at this whole zoom
    /// (a group that hides instead of clustering shows its leaders).
    package func leads(_ point: Int32, atZoom zoom: Int) -> Bool {
        zoom > Int(ledDownTo[Int(point)])
    }

    /// The items of a level whose places lie in a unit world rectangle;
    /// past `maxZoom`, the points.
    package func items(atZoom zoom: Int, in rect: Rect) -> [Item] {
        guard zoom <= options.maxZoom else { return [] }
        let level = levels[max(0, zoom)]
        var found: [Int32] = []
        grids.grid(zoom, of: level, place: place).forEach(in: rect) { i in
            let p = place(level[Int(i)])
            if p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY { found.append(i) }
        }
        return found.sorted().map { ClusterIndex.unpack(level[Int($0)]) }
    }

    /// Where an item stands: a point where it was given, a cluster at its centre.
    private func place(_ packed: Packed) -> Point {
        packed >= 0 ? points[Int(packed)] : clusters[Int(~packed)].center
    }

    /// Where an item stands at a level.
    package func center(of item: Item, points: (Int32) -> Point) -> Point {
        switch item {
        case .point(let p): points(p)
        case .cluster(let id): clusters[Int(id)].center
        }
    }

    /// Every point inside a cluster, in index order of discovery.
    package func members(of id: Int32) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(clusters[Int(id)].count)
        var stack: [Packed] = [~id]
        while let item = stack.popLast() {
            if item >= 0 { out.append(item); continue }
            let cluster = clusters[Int(~item)]
            stack.append(contentsOf: childItems[Int(cluster.firstChild)..<Int(cluster.firstChild + cluster.childCount)].reversed())
        }
        return out
    }

    /// The first zoom at which a cluster has come apart into more than one item.
    package func splitZoom(of id: Int32) -> Int {
        var current = id
        while clusters[Int(current)].childCount == 1, childItems[Int(clusters[Int(current)].firstChild)] < 0 {
            current = ~childItems[Int(clusters[Int(current)].firstChild)]
        }
        return clusters[Int(current)].zoom + 1
    }
}
