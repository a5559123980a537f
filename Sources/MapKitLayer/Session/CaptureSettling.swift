import MapEngine

/// What a capture waits for before it takes its picture, so that the
/// picture does not depend on how fast the disk or the server was: the
/// view's own tiles (the deepest level asked for), the overlays painted on
/// them and, at rest between whole zooms, the tiles painted sharp; the
/// ancestors asked for as stand-ins only when one of the view's own is
/// missing. Where no stand-ins are asked for (painted vector tiles), every
/// tile asked for is the view's: those of a tilted map's farther levels,
/// and those its labels and buildings come from. Tiles a capture gave up
/// on are not waited for again. A tile painted anew after a change of style
/// is waited for as one loading.
package struct CaptureSettling {
    private var abandoned: Set<TileKey> = []

    package init() {}

    /// The keys of `requests` still loading that the capture waits for.
    package func awaited(_ requests: [TileKey], tiles: TileStatusProviding) -> [TileKey] {
        let own = requests.filter(\.isOwnSizeBase).map(\.tile.z).max() ?? 0
        let standIns = !tiles.asksForStandIns
            || requests.contains { $0.isOwnSizeBase && $0.tile.z == own && tiles.status(of: $0) == .missing }
        return requests.filter {
            (!$0.isOwnSizeBase || $0.tile.z == own || standIns) && (tiles.status(of: $0) == .loading || tiles.isRepainting($0))
                && !abandoned.contains($0)
        }
    }

    /// Gives up on `keys` (they did not come in time): later captures draw their stand-ins at once.
    package mutating func abandon(_ keys: [TileKey]) {
        abandoned.formUnion(keys)
    }
}

/// Why a capture could not be taken.
///
///     do { try map.drawWhenLoaded(at: now) } catch { print(error) }   // "looking up place names: …"
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Placemark names were still being looked up after `seconds`.
    case placeNamesStillLooking(seconds: Int)

    /// What went wrong, on one line.
    public var description: String {
        switch self {
        case .placeNamesStillLooking(let seconds): "looking up place names: still looking after \(seconds) s"
        }
    }
}
