/// Item indices bucketed by square cells over unit world coordinates: finds
/// the items near a point or in a rectangle by looking only at the cells
/// that reach it. Built in two passes into flat arrays (items ordered by
/// cell, an open-addressing table from cell to its run), so building and
/// each lookup cost a few array reads, not a dictionary of arrays.
struct UniformGrid: Sendable {
    let cell: Double
    /// One cell in the open-addressing table: its key (or `empty`) and its
    /// run in `items`, side by side so a lookup touches one cache line.
    private struct Entry {
        var key: Int64
        var start: Int32
        var count: Int32
    }

    private var table: [Entry] = []
    /// Item indices, grouped by cell.
    private var items: [Int32] = []
    private var mask = 0
    /// log2 of the table's size.
    private var bits = 1
    /// The table's slots that hold a cell, for walking all cells.
    private var occupied: [Int32] = []
    private static let empty = Int64.min

    init(cell: Double) {
        self.cell = max(cell, 1e-12)
    }

    init(cell: Double, xs: [Double], ys: [Double]) {
        self.init(cell: cell)
        let n = xs.count
        guard n > 0 else { return }
        // Runs of items in one cell bound the number of cells from above
        // (items come in Z-order, so a cell's items mostly come together):
        // a table sized by them, not by the items, is a fraction as large
        // where many items share a cell.
        var runs = 0
        var previous = UniformGrid.empty
        for i in 0..<n {
            let key = key(column(xs[i]), row(ys[i]))
            if key != previous {
                runs += 1
                previous = key
            }
        }
        var capacity = 16
        bits = 4
        while capacity < runs * 2 {
            capacity <<= 1
            bits += 1
        }
        mask = capacity - 1
        table = [Entry](repeating: Entry(key: UniformGrid.empty, start: 0, count: 0), count: capacity)
        var slotOfItem = [Int32](repeating: 0, count: n)
        // Items come in Z-order, so runs of them share a cell: the last cell is kept at hand.
        var lastKey = UniformGrid.empty, lastSlot = 0
        for i in 0..<n {
            let key = key(column(xs[i]), row(ys[i]))
            if key != lastKey {
                lastKey = key
                lastSlot = insert(key)
            }
            table[lastSlot].count += 1
            slotOfItem[i] = Int32(lastSlot)
        }
        // Each run's end first; then items go in from the last, each run's
        // start stepping back, so runs end up in item order (no fill counts).
        var next: Int32 = 0
        for slot in occupied {
            next += table[Int(slot)].count
            table[Int(slot)].start = next
        }
        items = [Int32](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let slot = Int(slotOfItem[i])
            table[slot].start -= 1
            items[Int(table[slot].start)] = Int32(i)
        }
    }

    private func column(_ x: Double) -> Int64 { Int64((x / cell).rounded(.down)) }
    private func row(_ y: Double) -> Int64 { Int64((y / cell).rounded(.down)) }
    private func key(_ column: Int64, _ row: Int64) -> Int64 { (column << 32) ^ (row & 0xFFFF_FFFF) }

    /// Blocks of 4 x 4 cells are spread over the table by a multiplicative
    /// (Fibonacci) hash, and the cells of a block lie side by side in it.
    /// Spread: neighbouring blocks must not land in neighbouring slots, or
    /// linear probing walks long runs of other cells for every miss. Side
    /// by side: items are looked at along a Z-order curve, so the next
    /// lookup is most often in the same block, already in the cache; a
    /// hash of each cell alone made every lookup of a large grid a cache miss.
    private func hash(_ key: Int64) -> Int {
        let column = key >> 32, row = Int64(Int32(truncatingIfNeeded: key))
        let block = UInt64(bitPattern: ((column >> 2) << 32) ^ ((row >> 2) & 0xFFFF_FFFF))
        let base = Int(truncatingIfNeeded: (block &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits)) & ~15
        return (base | Int((column & 3) << 2 | (row & 3))) & mask
    }

    private mutating func insert(_ key: Int64) -> Int {
        var slot = hash(key)
        while true {
            if table[slot].key == key { return slot }
            if table[slot].key == UniformGrid.empty {
                table[slot].key = key
                occupied.append(Int32(slot))
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    private func find(_ key: Int64) -> Int? {
        guard !table.isEmpty else { return nil }
        var slot = hash(key)
        while true {
            if table[slot].key == key { return slot }
            if table[slot].key == UniformGrid.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body` with every item in the cells within `distance` of (x, y):
    /// the caller checks the real distance.
    @inline(__always)
    func forEach(nearX x: Double, y: Double, within distance: Double, _ body: (Int32) -> Void) {
        visit(fromColumn: column(x - distance), toColumn: column(x + distance),
              fromRow: row(y - distance), toRow: row(y + distance)) { body($0); return true }
    }

    /// Like `forEach(nearX:y:within:)`, but stops as soon as `body` returns
    /// false: a search that has its answer does not walk the rest of a
    /// crowded cell (100,000 pins at one place share one cell).
    @inline(__always)
    func forEach(nearX x: Double, y: Double, within distance: Double, while body: (Int32) -> Bool) {
        visit(fromColumn: column(x - distance), toColumn: column(x + distance),
              fromRow: row(y - distance), toRow: row(y + distance), body)
    }

    /// Calls `body` with every item in the cells a rectangle touches.
    func forEach(in rect: Rect, _ body: (Int32) -> Void) {
        visit(fromColumn: column(rect.minX), toColumn: column(rect.maxX), fromRow: row(rect.minY),
              toRow: row(rect.maxY)) { body($0); return true }
    }

    /// Walks the cells of a block of columns and rows while `body` returns true.
    @inline(__always)
    private func visit(fromColumn: Int64, toColumn: Int64, fromRow: Int64, toRow: Int64, _ body: (Int32) -> Bool) {
        guard !table.isEmpty else { return }
        // A rectangle over more cells than hold items: walk the items' cells instead.
        let cells = (toColumn - fromColumn + 1) * (toRow - fromRow + 1)
        if cells > Int64(occupied.count) {
            for slot in occupied {
                let key = table[Int(slot)].key
                let column = key >> 32, row = Int64(Int32(truncatingIfNeeded: key))
                guard column >= fromColumn && column <= toColumn && row >= fromRow && row <= toRow else { continue }
                guard runItems(Int(slot), body) else { return }
            }
            return
        }
        for column in fromColumn...toColumn {
            for row in fromRow...toRow {
                if let slot = find(key(column, row)), !runItems(slot, body) { return }
            }
        }
    }

    /// False when `body` asked to stop.
    @inline(__always)
    private func runItems(_ slot: Int, _ body: (Int32) -> Bool) -> Bool {
        let start = Int(table[slot].start)
        for i in start..<(start + Int(table[slot].count)) where !body(items[i]) { return false }
        return true
    }
}
