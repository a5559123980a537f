import MapEngine

/// Points of the unit world (see `WebMercator`) in a bucketed quadtree, so
/// that finding the points inside a rectangle costs about as much as the
/// number of points found, however many there are elsewhere.
///
///     var index = SpatialIndex()
///     index.insert(slot: 7, at: Point(x: 0.51, y: 0.33))
///     var found: [Int32] = []
///     index.query(minX: 0.5, minY: 0.3, maxX: 0.6, maxY: 0.4, into: &found)   // [7]
struct SpatialIndex {
    struct Entry {
        var x: Double
        var y: Double
        var slot: Int32
    }

    private struct Node {
        var minX: Double
        var minY: Double
        var side: Double
        var depth: Int
        /// Index of the first of four children (NW, NE, SW, SE), or -1 for a leaf.
        var firstChild: Int32 = -1
        var entries: [Entry] = []
    }

    /// A leaf splits once it holds more than this many points.
    static let leafCapacity = 32
    /// Below this depth (cells of about 2 cm at the equator) leaves only grow,
    /// so many points at one place cannot split forever.
    static let maxDepth = 30

    private var nodes = [Node(minX: 0, minY: 0, side: 1, depth: 0)]
    private(set) var count = 0

    mutating func insert(slot: Int32, at point: Point) {
        let entry = Entry(x: point.x, y: point.y, slot: slot)
        var node = 0
        while nodes[node].firstChild >= 0 { node = child(of: node, containing: entry) }
        nodes[node].entries.append(entry)
        count += 1
        if nodes[node].entries.count > SpatialIndex.leafCapacity && nodes[node].depth < SpatialIndex.maxDepth {
            split(node)
        }
    }

    /// Removes the slot stored at `point`; false when it is not there.
    @discardableResult
    mutating func remove(slot: Int32, at point: Point) -> Bool {
        var node = 0
        let probe = Entry(x: point.x, y: point.y, slot: slot)
        while nodes[node].firstChild >= 0 { node = child(of: node, containing: probe) }
        guard let i = nodes[node].entries.firstIndex(where: { $0.slot == slot }) else { return false }
        nodes[node].entries.swapAt(i, nodes[node].entries.count - 1)
        nodes[node].entries.removeLast()
        count -= 1
        return true
    }

    /// Appends the slots of the points with minX <= x < maxX and
    /// minY <= y < maxY. The rectangle is not wrapped; callers split it.
    func query(minX: Double, minY: Double, maxX: Double, maxY: Double, into found: inout [Int32]) {
        var stack: [Int32] = [0]
        while let top = stack.popLast() {
            let node = nodes[Int(top)]
            guard node.minX < maxX, node.minX + node.side > minX,
                  node.minY < maxY, node.minY + node.side > minY else { continue }
            if node.firstChild >= 0 {
                for k in 0..<Int32(4) { stack.append(node.firstChild + k) }
            } else if node.minX >= minX && node.minX + node.side <= maxX
                        && node.minY >= minY && node.minY + node.side <= maxY {
                for entry in node.entries { found.append(entry.slot) }
            } else {
                for entry in node.entries where entry.x >= minX && entry.x < maxX && entry.y >= minY && entry.y < maxY {
                    found.append(entry.slot)
                }
            }
        }
    }

    private func child(of node: Int, containing entry: Entry) -> Int {
        let n = nodes[node]
        let half = n.side / 2
        let east = entry.x >= n.minX + half ? 1 : 0
        let south = entry.y >= n.minY + half ? 2 : 0
        return Int(n.firstChild) + east + south
    }

    private mutating func split(_ node: Int) {
        let n = nodes[node]
        let half = n.side / 2
        let first = Int32(nodes.count)
        for k in 0..<4 {
            nodes.append(Node(minX: n.minX + (k % 2 == 1 ? half : 0), minY: n.minY + (k >= 2 ? half : 0),
                              side: half, depth: n.depth + 1))
        }
        nodes[node].firstChild = first
        let entries = nodes[node].entries
        nodes[node].entries = []
        for entry in entries {
            nodes[child(of: node, containing: entry)].entries.append(entry)
        }
        // All the points may have landed in one quarter: split that one too.
        for k in 0..<4 {
            let c = Int(first) + k
            if nodes[c].entries.count > SpatialIndex.leafCapacity && nodes[c].depth < SpatialIndex.maxDepth {
                split(c)
            }
        }
    }
}
