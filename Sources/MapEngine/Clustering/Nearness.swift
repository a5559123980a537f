/// How far each point is from its nearest neighbour (on the larger axis),
/// up to a reach: at the deep levels of a clustering few items can meet
/// another, and only those need the grid. An item meets another within
/// `r` only if it is a cluster or a point with a neighbour within `3r`.
/// Why: a cluster of a deeper level formed within that level's radius
/// `rk` of its first item, so its centre and every child stand within
/// `2rk` of one another, and its members within `2rk + 2rk/2 + …`, under
/// `4rk`, of its centre; deeper radii are at most `r/2`, so members stand
/// within `2r` of the centre, and a point within `r` of the centre is
/// within `3r` of a member.
struct Nearness: Sendable {
    /// How many of the deepest levels it serves.
    static let levels = 7

    /// By point index: the distance to the nearest other point, rounded
    /// down; infinity beyond `reach`.
    private let distances: [Float]
    /// The largest `3r` it answers for.
    let reach: Double

    /// `floor` is the smallest `3r` it is asked about: a point with a
    /// neighbour that near meets others at every level it serves, so its
    /// search stops there. Without it, points stacked at one place (their
    /// cell holds them all) made the search quadratic: 100,000 pins at one
    /// place took seconds.
    init(xs: [Double], ys: [Double], order: [Int32], pointCount: Int, reach: Double, floor: Double) {
        self.reach = reach
        let grid = UniformGrid(cell: reach, xs: xs, ys: ys)
        // Each point writes only its own distance (`order` is a permutation),
        // so the points are shared out among the cores.
        distances = [Float](unsafeUninitializedCapacity: pointCount) { buffer, initialized in
            buffer.baseAddress!.initialize(repeating: .infinity, count: pointCount)
            let out = SplitWork.Output(base: buffer.baseAddress!)
            SplitWork.run(xs.count) { range in
                for i in range {
                    var nearest = Double.infinity
                    ClusterIndex.forEachCopy(ofX: xs[i], within: reach) { copyX in
                        guard nearest > floor else { return }
                        grid.forEach(nearX: copyX, y: ys[i], within: reach, while: { j in
                            guard Int(j) != i else { return true }
                            let dx = WebMercator.shortWay(xs[Int(j)] - xs[i])
                            nearest = min(nearest, max(abs(dx), abs(ys[Int(j)] - ys[i])))
                            return nearest > floor
                        })
                    }
                    if nearest <= reach { out[Int(order[i])] = Float(nearest).nextDown }
                }
            }
            initialized = pointCount
        }
    }

    /// True when the item may have another within `r`.
    func mayMeet(_ item: ClusterIndex.Packed, within r: Double) -> Bool {
        item < 0 || Double(distances[Int(item)]) <= 3 * r
    }

    /// The positions of the items that may meet another within `r`, or nil
    /// when `r` is past this reach (every item takes part).
    func takingPart(_ items: [ClusterIndex.Packed], within r: Double) -> [Int32]? {
        guard 3 * r <= reach else { return nil }
        var part: [Int32] = []
        for (position, item) in items.enumerated() where mayMeet(item, within: r) { part.append(Int32(position)) }
        return part
    }
}
