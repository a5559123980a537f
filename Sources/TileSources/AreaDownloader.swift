import Foundation
import MapEngine
import Synchronization

/// An area to download: a box of latitudes and longitudes and a range of
/// zooms, and the tiles that cover it.
package struct AreaPlan: Sendable, Equatable {
    package let south: Double, west: Double, north: Double, east: Double
    package let zooms: ClosedRange<Int>

    /// The most tiles an area may hold unless a setting allows more (as
    /// Organic Maps limits its regions): about 500 MB of street tiles.
    package static let mostTiles = 30_000
    /// What one street tile of OpenMapTiles weighs on average, for the estimate before anything is fetched.
    package static let typicalTileBytes = 17_000

    /// A box from south to north and west to east (west may be past east
    /// across the date line: not taken; give two areas), zooms 0 to 16.
    package init(south: Double, west: Double, north: Double, east: Double, zooms: ClosedRange<Int>) throws(AreaPlanError) {
        guard [south, west, north, east].allSatisfy(\.isFinite), (-85.06...85.06).contains(south), (-85.06...85.06).contains(north),
              (-180...180).contains(west), (-180...180).contains(east) else {
            throw AreaPlanError("the box must lie within latitudes -85 to 85 and longitudes -180 to 180")
        }
        guard south < north, west < east else { throw AreaPlanError("the box's south must be below its north and its west left of its east") }
        guard zooms.lowerBound >= 0, zooms.upperBound <= 16 else { throw AreaPlanError("zooms go from 0 to 16") }
        (self.south, self.west, self.north, self.east, self.zooms) = (south, west, north, east, zooms)
    }

    /// The tiles of one zoom that cover the box: columns and rows.
    package func range(at z: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let count = 1 << z
        func column(_ longitude: Double) -> Int { min(count - 1, max(0, Int(((longitude + 180) / 360 * Double(count)).rounded(.down)))) }
        func row(_ latitude: Double) -> Int {
            let y = WebMercator.project(Coordinate(latitude: latitude, longitude: 0)).y
            return min(count - 1, max(0, Int((y * Double(count)).rounded(.down))))
        }
        return (column(west)...column(east), row(north)...row(south))
    }

    /// How many tiles cover the box at all its zooms.
    package var tileCount: Int {
        zooms.reduce(0) { total, z in let r = range(at: z); return total + r.columns.count * r.rows.count }
    }

    /// The tiles, zoom by zoom, row by row.
    package var tiles: [TileID] {
        zooms.flatMap { z in
            let r = range(at: z)
            return r.rows.flatMap { y in r.columns.map { x in TileID(z: z, x: x, y: y) } }
        }
    }

    /// The size to expect before anything is fetched.
    package var estimatedBytes: Int { tileCount * AreaPlan.typicalTileBytes }
}

/// Why an area cannot be planned, in words.
package struct AreaPlanError: Error, CustomStringConvertible, Equatable {
    package let description: String
    init(_ description: String) { self.description = description }
}

/// How far a download is.
package struct AreaProgress: Sendable, Equatable {
    /// Tiles in the area.
    package var total = 0
    /// Tiles the file held before this run (taken as done).
    package var alreadyHeld = 0
    /// Tiles fetched and written in this run.
    package var fetched = 0
    /// Tiles the source does not have (outside its coverage): nothing to keep.
    package var absent = 0
    /// Tiles that could not be fetched after the retries: asked again on the next run.
    package var failed = 0
    /// Bytes of the tiles fetched in this run.
    package var bytes = 0
    /// Seconds since the run started.
    package var seconds = 0.0

    /// Tiles dealt with, this run and before.
    package var done: Int { alreadyHeld + fetched + absent + failed }
    /// Tiles a second, this run.
    package var rate: Double { seconds > 0 ? Double(fetched + absent) / seconds : 0 }
    /// Seconds left at this run's rate; nil before there is one.
    package var secondsLeft: Double? { rate > 0 ? Double(total - done) / rate : nil }
}

/// Downloads an area's tiles from a source into an area file, politely:
/// two requests at a time by default, waiting as long as the server asks
/// (`Retry-After`, or the backoff after a failure) before asking again,
/// through the source's own client, User-Agent and disk cache (a tile the
/// cache holds is not fetched again). Tiles are written in batches, each a
/// transaction; a run that is cancelled or killed leaves the tiles written
/// so far, and the next run fetches only the tiles the file lacks.
package final class AreaDownloader: Sendable {
    let source: any TileSource
    let file: AreaFileBox
    let workers: Int
    /// Tiles written together.
    static let batch = 32
    /// Times a tile is asked for before it is left for the next run.
    static let attempts = 4
    /// The longest wait for a server before a tile is left for the next run.
    static let longestWait = 120.0

    /// The area file shared by the workers.
    final class AreaFileBox: @unchecked Sendable {
        // Guarded: `file` is touched only under `lock` (SQLite's connection by one thread at a time);
        // `@unchecked Sendable` rests on it, and both fields are immutable.
        private let lock = NSLock()
        private let file: AreaFile
        init(_ file: AreaFile) { self.file = file }

        func tiles() throws(TileSourceError) -> Set<TileID> {
            lock.lock()
            defer { lock.unlock() }
            return try file.tiles()
        }

        func add(_ batch: [(TileID, Data)]) throws(TileSourceError) {
            lock.lock()
            defer { lock.unlock() }
            try file.add(batch)
        }

        func setMetadata(_ metadata: [String: String]) throws(TileSourceError) {
            lock.lock()
            defer { lock.unlock() }
            try file.setMetadata(metadata)
        }
    }

    package init(source: any TileSource, file: AreaFile, workers: Int = 2) {
        self.source = source
        self.file = AreaFileBox(file)
        self.workers = max(1, min(workers, 8))
    }

    /// Fetches the plan's tiles the file lacks, telling `progress` after
    /// each, until done or `isCancelled` says stop; then writes the file's
    /// metadata. Returns the last progress.
    package func run(_ plan: AreaPlan, metadata: [String: String],
                     progress: @escaping @Sendable (AreaProgress) -> Void = { _ in },
                     isCancelled: @escaping @Sendable () -> Bool = { false }) throws(TileSourceError) -> AreaProgress {
        let held = try file.tiles()
        let wanted = plan.tiles
        let todo = wanted.filter { !held.contains($0) }
        let start = Date()
        let state = Mutex((next: 0, progress: AreaProgress(total: wanted.count, alreadyHeld: wanted.count - todo.count),
                           pending: [(TileID, Data)](), problem: TileSourceError?.none))
        let writer = file
        @Sendable func flush(_ batch: [(TileID, Data)]) {
            guard !batch.isEmpty else { return }
            do {
                try writer.add(batch)
            } catch {
                state.withLock { $0.problem = $0.problem ?? error }
            }
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let taken: TileID? = state.withLock { value in
                    guard value.problem == nil, value.next < todo.count, !isCancelled() else { return nil }
                    defer { value.next += 1 }
                    return todo[value.next]
                }
                guard let tile = taken else { break }
                let result = fetch(tile, isCancelled: isCancelled)
                let (report, batch) = state.withLock { value -> (AreaProgress, [(TileID, Data)]) in
                    switch result {
                    case .some(.some(let data)):
                        value.progress.fetched += 1
                        value.progress.bytes += data.count
                        value.pending.append((tile, data))
                    case .some(.none): value.progress.absent += 1
                    case .none: value.progress.failed += 1
                    }
                    value.progress.seconds = Date().timeIntervalSince(start)
                    var batch: [(TileID, Data)] = []
                    if value.pending.count >= AreaDownloader.batch { swap(&batch, &value.pending) }
                    return (value.progress, batch)
                }
                flush(batch)
                progress(report)
            }
        }
        flush(state.withLock { value in value.pending })
        let (last, problem) = state.withLock { value in
            value.progress.seconds = Date().timeIntervalSince(start)
            return (value.progress, value.problem)
        }
        if let problem { throw problem }
        try file.setMetadata(metadata)
        return last
    }

    /// The tile's bytes; `.some(nil)` when the source has none; nil when
    /// it could not be had after the retries (or the run was cancelled).
    private func fetch(_ tile: TileID, isCancelled: @Sendable () -> Bool) -> Data?? {
        for _ in 0..<AreaDownloader.attempts {
            if let server = source as? HTTPTileSource, var wait = server.waitBeforeAsking(for: tile) {
                guard wait <= AreaDownloader.longestWait else { return nil }
                while wait > 0 {
                    if isCancelled() { return nil }
                    Thread.sleep(forTimeInterval: min(wait, 0.1))
                    wait -= 0.1
                }
            }
            if isCancelled() { return nil }
            do {
                return .some(try source.data(for: tile))
            } catch .unavailable {
                continue  // the server failed for now: its backoff says how long to wait
            } catch {
                return nil
            }
        }
        return nil
    }
}
