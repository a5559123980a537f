import Foundation
import MapEngine
import Synchronization

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
    /// Requests in a row that may get no answer at all (the server gone, the
    /// connection lost) per worker before the run stops, to carry on later.
    static let unansweredPerWorker = 4

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

    /// Fetches the plan's tiles the file lacks (every one when `refetching`:
    /// an update, each replacing the file's copy as it comes), telling
    /// `progress` after each, until done or `isCancelled` says stop; then
    /// writes the file's metadata. Returns the last progress.
    package func run(_ plan: AreaPlan, metadata: [String: String], refetching: Bool = false,
                     progress: @escaping @Sendable (AreaProgress) -> Void = { _ in },
                     isCancelled: @escaping @Sendable () -> Bool = { false }) throws(TileSourceError) -> AreaProgress {
        let held = refetching ? [] : try file.tiles()
        let wanted = plan.tiles
        let todo = wanted.filter { !held.contains($0) }
        let start = Date()
        let state = Mutex((next: 0, progress: AreaProgress(total: wanted.count, alreadyHeld: wanted.count - todo.count, seconds: 0),
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
                    guard value.problem == nil, value.progress.stopReason == nil, value.next < todo.count, !isCancelled() else { return nil }
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
                if let server = source as? HTTPTileSource, server.unansweredInARow >= AreaDownloader.unansweredPerWorker * workers {
                    state.withLock { value in
                        value.progress.stopReason = value.progress.stopReason
                            ?? "the server did not answer \(server.unansweredInARow) requests in a row"
                    }
                }
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
                // No answer at all: left for the next run (the run stops when it goes on); an error answer is waited out.
                if let server = source as? HTTPTileSource, server.unansweredInARow > 0 { return nil }
                continue  // the server failed for now: its backoff says how long to wait
            } catch {
                return nil
            }
        }
        return nil
    }
}
