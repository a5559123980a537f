import MapEngine

extension MBTilesSource {
    /// The most tiles of the deepest level read to find where the data
    /// lies; a file with more (a country, the planet) is taken at its
    /// `bounds`, which for such files are close.
    static let mostTilesSurveyed = 10_000

    /// Where a file's tiles of `level` lie, as a unit-world rectangle: a
    /// city extract's `bounds` are often the box it was cut with, sea and
    /// all, while its deepest tiles hold the city. Nil for a level of more
    /// than `mostTilesSurveyed` tiles, or when it cannot be read.
    static func dataArea(_ connection: SQLiteConnection, level: Int) -> Rect? {
        let sql = "SELECT MIN(tile_column), MAX(tile_column), MIN(tile_row), MAX(tile_row), COUNT(*) FROM "
            + "(SELECT tile_column, tile_row FROM tiles WHERE zoom_level = \(level) LIMIT \(mostTilesSurveyed + 1))"
        guard (0...30).contains(level), let row = try? connection.rows(sql).first, row.count == 5,
              let count = row[4].flatMap({ Int($0) }), count > 0, count <= mostTilesSurveyed,
              let west = row[0].flatMap({ Int($0) }), let east = row[1].flatMap({ Int($0) }),
              let low = row[2].flatMap({ Int($0) }), let high = row[3].flatMap({ Int($0) }) else { return nil }
        let side = 1 << level
        guard 0 <= west, west <= east, east < side, 0 <= low, low <= high, high < side else { return nil }
        // Rows count from the south (TMS): the northmost row is the highest.
        let top = side - 1 - high, bottom = side - 1 - low
        let unit = 1 / Double(side)
        return Rect(x: Double(west) * unit, y: Double(top) * unit,
                    width: Double(east - west + 1) * unit, height: Double(bottom - top + 1) * unit)
    }

    /// The part two rectangles share; nil when they share none.
    static func overlap(_ a: Rect, _ b: Rect) -> Rect? {
        let left = max(a.minX, b.minX), right = min(a.maxX, b.maxX), top = max(a.minY, b.minY), bottom = min(a.maxY, b.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
