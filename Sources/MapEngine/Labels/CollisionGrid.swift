/// Boxes already taken on screen, bucketed in a coarse grid so a new box is
/// tested only against its neighbours.
///
///     var grid = CollisionGrid(viewport: size)
///     if grid.isFree(boxes) { grid.insert(boxes) }
struct CollisionGrid {
    private let cell = 64.0
    private var cells: [Int: [Rect]] = [:]

    func isFree(_ boxes: [Rect]) -> Bool {
        for box in boxes {
            for key in keys(box) {
                guard let taken = cells[key] else { continue }
                if taken.contains(where: { $0.intersects(box) }) { return false }
            }
        }
        return true
    }

    mutating func insert(_ boxes: [Rect]) {
        for box in boxes { for key in keys(box) { cells[key, default: []].append(box) } }
    }

    private func keys(_ box: Rect) -> [Int] {
        let x0 = Int((box.minX / cell).rounded(.down)), x1 = Int((box.maxX / cell).rounded(.down))
        let y0 = Int((box.minY / cell).rounded(.down)), y1 = Int((box.maxY / cell).rounded(.down))
        guard x1 - x0 < 64, y1 - y0 < 64 else { return [Int.min] }
        var result: [Int] = []
        for x in x0...x1 { for y in y0...y1 { result.append(x &* 73_856_093 ^ y &* 19_349_663) } }
        return result
    }
}
