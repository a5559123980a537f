/// How a tile source numbers its rows.
package enum TileScheme: Sendable {
    /// Rows from the top, as OpenStreetMap numbers them.
    case xyz
    /// Rows from the bottom (TMS).
    case tms
}
