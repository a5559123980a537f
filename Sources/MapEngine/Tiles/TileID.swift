/// One map tile in the XYZ scheme: zoom `z`, column `x` from the west,
/// row `y` from the north, both in `0 ..< 2^z`.
///
///     TileID(z: 1, x: 1, y: 0).parent   // TileID(z: 0, x: 0, y: 0)
public struct TileID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zoom level.
    public let z: Int
    /// The column, from the antimeridian eastwards.
    public let x: Int
    /// The row, from the top.
    public let y: Int

    /// The tile at zoom `z`, column `x` and row `y` (rows from the top).
    public init(z: Int, x: Int, y: Int) {
        precondition(z >= 0 && z < 31, "tile zoom \(z) is out of range")
        self.z = z
        self.x = x
        self.y = y
    }

    /// Number of tiles along one side of the world at this tile's zoom.
    public var tilesPerSide: Int { 1 << z }

    /// True when x and y lie inside the world at this zoom.
    public var isValid: Bool { (0..<tilesPerSide).contains(x) && (0..<tilesPerSide).contains(y) }

    /// The tile one level up that contains this one; nil at zoom 0.
    public var parent: TileID? {
        z == 0 ? nil : TileID(z: z - 1, x: x >> 1, y: y >> 1)
    }

    /// The tile of level `level` that holds this one (itself at its own level or deeper).
    public func ancestor(at level: Int) -> TileID {
        let levels = z - max(level, 0)
        guard levels > 0 else { return self }
        return TileID(z: z - levels, x: x >> levels, y: y >> levels)
    }

    /// The row number in the TMS scheme, which counts from the south.
    public var tmsY: Int { tilesPerSide - 1 - y }

    /// "z/x/y".
    public var description: String { "\(z)/\(x)/\(y)" }

    /// By zoom, then column, then row.
    public static func < (a: TileID, b: TileID) -> Bool {
        (a.z, a.y, a.x) < (b.z, b.y, b.x)
    }
}
