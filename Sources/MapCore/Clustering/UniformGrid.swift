/// Item indices bucketed by square cells over unit world coordinates: finds
/// the items near a point or in a rectangle by looking only at the cells
/// that reach it. Cells are hashed, so an empty world costs nothing.
struct UniformGrid: Sendable {
    let cell: Double
    private var buckets: [Int64: [Int32]] = [:]

    init(cell: Double) {
        self.cell = max(cell, 1e-12)
    }

    init(cell: Double, xs: [Double], ys: [Double]) {
        self.init(cell: cell)
        buckets.reserveCapacity(xs.count / 2)
        for i in 0..<xs.count { buckets[key(column(xs[i]), row(ys[i])), default: []].append(Int32(i)) }
    }

    private func column(_ x: Double) -> Int64 { Int64((x / cell).rounded(.down)) }
    private func row(_ y: Double) -> Int64 { Int64((y / cell).rounded(.down)) }
    private func key(_ column: Int64, _ row: Int64) -> Int64 { (column << 32) ^ (row & 0xFFFF_FFFF) }

    /// Calls `body` with every item in the cells within `distance` of (x, y):
    /// the caller checks the real distance.
    func forEach(nearX x: Double, y: Double, within distance: Double, _ body: (Int32) -> Void) {
        visit(fromColumn: column(x - distance), toColumn: column(x + distance),
              fromRow: row(y - distance), toRow: row(y + distance), body)
    }

    /// Calls `body` with every item in the cells a rectangle touches.
    func forEach(in rect: Rect, _ body: (Int32) -> Void) {
        visit(fromColumn: column(rect.minX), toColumn: column(rect.maxX), fromRow: row(rect.minY),
              toRow: row(rect.maxY), body)
    }

    private func visit(fromColumn: Int64, toColumn: Int64, fromRow: Int64, toRow: Int64, _ body: (Int32) -> Void) {
        // A rectangle wider than the buckets: walk the buckets instead of the cells.
        let cells = (toColumn - fromColumn + 1) * (toRow - fromRow + 1)
        if cells > Int64(buckets.count) {
            for (key, items) in buckets {
                let column = key >> 32, row = Int64(Int32(truncatingIfNeeded: key))
                if column >= fromColumn && column <= toColumn && row >= fromRow && row <= toRow {
                    for item in items { body(item) }
                }
            }
            return
        }
        for column in fromColumn...toColumn {
            for row in fromRow...toRow {
                if let items = buckets[key(column, row)] { for item in items { body(item) } }
            }
        }
    }
}
