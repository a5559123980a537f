/// Where one tile key is on its way to the screen, as the tile store keeps it.
package enum TileState: Equatable, Sendable {
    /// Asked for; waiting for a worker.
    case requested
    /// A worker is making it.
    case loading
    /// Its texture is made and may be drawn; `bytes` count against the budget.
    case ready(bytes: Int)
    /// The source has nothing for it. `retryAt` (on the store's clock) when
    /// a server could not give it now and it is to be asked for again.
    case missing(retryAt: Double?)
    /// It cannot be made (a broken stored tile); it is not asked for again.
    case failed(TileLoadError)

    /// As the scene sees it.
    var status: TileStatus {
        switch self {
        case .requested, .loading: .loading
        case .ready: .loaded
        case .missing: .missing
        case .failed: .failed
        }
    }
}
