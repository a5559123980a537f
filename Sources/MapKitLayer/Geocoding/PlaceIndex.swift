import MapEngine

/// A k-d tree over points on the unit sphere, for nearest-neighbour search.
/// The points are 3-D unit vectors, so the straight-line nearest is also the
/// great-circle nearest, with no seam at the antimeridian and no pinch at
/// the poles.
///
/// The tree is implicit: the points are reordered so that the middle of any
/// range splits it on the range's axis (x, y, z in turn by depth), and the
/// two halves are the subtrees. No node objects, no pointers.
struct PlaceIndex: Sendable {
    /// x, y, z of each point, in tree order.
    private let points: [Double]
    /// The caller's number of each point, in tree order.
    private let ids: [Int32]

    var count: Int { ids.count }

    /// Builds the tree over `vectors` (x, y, z per point, in the caller's order).
    init(vectors: [Double]) {
        let n = vectors.count / 3
        var ids = (0..<n).map(Int32.init)
        ids.withUnsafeMutableBufferPointer { ids in
            vectors.withUnsafeBufferPointer { vectors in
                PlaceIndex.arrange(ids, 0, n, axis: 0, vectors)
            }
        }
        var points = [Double](repeating: 0, count: n * 3)
        for (slot, id) in ids.enumerated() {
            let source = Int(id) * 3
            points[slot * 3] = vectors[source]
            points[slot * 3 + 1] = vectors[source + 1]
            points[slot * 3 + 2] = vectors[source + 2]
        }
        self.points = points
        self.ids = ids
    }

    /// Puts the median on `axis` in the middle of `lo..<hi`, the smaller
    /// ones before it and the larger after, then does the same to each side
    /// on the next axis.
    private static func arrange(_ ids: UnsafeMutableBufferPointer<Int32>, _ lo: Int, _ hi: Int, axis: Int,
                                _ vectors: UnsafeBufferPointer<Double>) {
        guard hi - lo > 1 else { return }
        let middle = (lo + hi) / 2
        select(ids, lo, hi, nth: middle) { vectors[Int($0) * 3 + axis] }
        let next = axis == 2 ? 0 : axis + 1
        arrange(ids, lo, middle, axis: next, vectors)
        arrange(ids, middle + 1, hi, axis: next, vectors)
    }

    /// Quickselect (Hoare partition, middle pivot): afterwards the element
    /// at `nth` is the one a sort would put there, none before it is larger
    /// and none after it is smaller.
    private static func select(_ ids: UnsafeMutableBufferPointer<Int32>, _ lo: Int, _ hi: Int, nth: Int,
                               key: (Int32) -> Double) {
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = key(ids[(lo + hi) / 2])
            var i = lo, j = hi
            while i <= j {
                while key(ids[i]) < pivot { i += 1 }
                while key(ids[j]) > pivot { j -= 1 }
                if i <= j {
                    ids.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j { hi = j } else if nth >= i { lo = i } else { return }
        }
    }

    /// The caller's number of the point nearest to the unit vector `q`, and
    /// the squared straight-line distance to it; nil when the index is empty.
    func nearest(to q: (x: Double, y: Double, z: Double)) -> (id: Int, squaredDistance: Double)? {
        guard !ids.isEmpty else { return nil }
        return points.withUnsafeBufferPointer { points in
            var search = Search(points: points, query: (q.x, q.y, q.z))
            search.visit(0, ids.count, axis: 0)
            return (Int(ids[search.best]), search.bestDistance)
        }
    }

    private struct Search {
        let points: UnsafeBufferPointer<Double>
        let query: (Double, Double, Double)
        var best = 0
        var bestDistance = Double.infinity

        init(points: UnsafeBufferPointer<Double>, query: (Double, Double, Double)) {
            self.points = points
            self.query = query
        }

        func component(_ axis: Int) -> Double {
            axis == 0 ? query.0 : (axis == 1 ? query.1 : query.2)
        }

        mutating func visit(_ lo: Int, _ hi: Int, axis: Int) {
            guard lo < hi else { return }
            let middle = (lo + hi) / 2
            let base = middle * 3
            let dx = points[base] - query.0, dy = points[base + 1] - query.1, dz = points[base + 2] - query.2
            let distance = dx * dx + dy * dy + dz * dz
            if distance < bestDistance {
                bestDistance = distance
                best = middle
            }
            let split = component(axis) - points[base + axis]
            let next = axis == 2 ? 0 : axis + 1
            // The side the query is on first; the other only if the
            // splitting plane is closer than the best so far.
            if split < 0 {
                visit(lo, middle, axis: next)
                if split * split < bestDistance { visit(middle + 1, hi, axis: next) }
            } else {
                visit(middle + 1, hi, axis: next)
                if split * split < bestDistance { visit(lo, middle, axis: next) }
            }
        }
    }
}
