import Foundation

/// Owns every tile image the map draws, whatever its layer or size: asks
/// one job queue for them (one worker budget fitted to the machine's cores,
/// the latest frame's keys first, those that left the screen dropped), keeps
/// each key's state, hands finished pixels to the backend's texture cache,
/// keeps the textures within a byte budget, and tells the label layer which
/// tiles' labels came and went. Servers that could not give a tile are asked
/// again after `ServerBackoff`'s wait, on the clock the caller passes.
/// Main thread only; the producers run on the workers.
///
///     let store = TileStore(base: producer, budgetBytes: 256 << 20)
///     let changes = store.pump(at: now, into: textures)   // once per frame
///     map.labels.apply(changes.labels)
///     store.request(scene.tileRequests, at: now)
package final class TileStore: TileStatusProviding {
    let workshop: TileWorkshop
    private let queue: WantedFirstQueue<TileKey>
    private(set) var states: [TileKey: TileState] = [:]
    /// When each ready key was last drawn (asked for), for evicting the least recently used.
    private var lastUse: [TileKey: UInt64] = [:]
    private var useClock: UInt64 = 0
    /// The keys of the latest request: never evicted, whatever the budget.
    private var protected: Set<TileKey> = []
    private var backoff = ServerBackoff()
    /// When each key a server could not give is due again: kept apart from
    /// the states, so an idle window asking whether to wake looks at these few only.
    private var retries: [TileKey: Double] = [:]
    /// When each ready key drawn without a part a server could not give
    /// (street detail offline) is made again, its pixels drawn meanwhile.
    private var completions: [TileKey: Double] = [:]
    /// Bytes of textures the budget allows; one screen may need more, and gets it.
    package let budgetBytes: Int
    package private(set) var usedBytes = 0
    /// The overlay layer's version the overlay producers paint.
    package internal(set) var overlayVersion: Int?
    /// Keys asked for and not answered yet.
    package private(set) var pendingCount = 0
    package let asksForStandIns: Bool
    /// Whether the map's tiles are painted (and so can be at any size).
    package var paintsAtAnySize: Bool { workshop.base.paintsAtAnySize }
    /// What makes the map's tiles now.
    package var baseProducer: any TileProducing { workshop.base }
    /// Whether the map's tiles carry labels.
    package var offersLabels: Bool { workshop.base.offersLabels }
    private var warned: Set<String> = []
    /// Ready map tiles painted by a producer since replaced (a style changed
    /// at run time): drawn as they are until asked for again, then made anew.
    private var stale: Set<TileKey> = []
    /// Stale tiles being made anew; their old pixels are drawn meanwhile, so a change never flashes.
    private var refreshing: Set<TileKey> = []
    /// For each overlay tile and level, the loaded tile of the newest earlier
    /// version, kept (and drawn) until the current version's tile is in.
    var retiredOverlays: [RetiredOverlay: TileKey] = [:]

    /// Tiles of the map made by `base`, at most `workers` at once
    /// (`TileStore.workers()`); reads from a source that asks for few at
    /// once (a tile server's `concurrentReads`) at most `sourceReads` at once.
    /// `asksForStandIns`: whether ancestors are asked for before the tiles
    /// (images: yes; painted vector tiles: no, see `TileStatusProviding`).
    package init(base: any TileProducing, budgetBytes: Int, asksForStandIns: Bool,
                 workers: Int = TileStore.workers(), sourceReads: Int = .max) {
        let workshop = TileWorkshop(base: base)
        self.workshop = workshop
        self.budgetBytes = budgetBytes
        self.asksForStandIns = asksForStandIns
        queue = WantedFirstQueue(width: workers, narrow: { $0.layer == .base }, narrowWidth: sourceReads,
                                 run: { workshop.make($0) }, drop: { workshop.drop($0) })
    }

    /// One worker per core, at least two (one tile may be slow) and at most eight.
    package static func workers(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        min(max(cores, 2), 8)
    }

    /// Where `key` is; nil when never asked for (or evicted).
    package func state(of key: TileKey) -> TileState? {
        guard let state = states[key] else { return nil }
        if state == .requested && workshop.hasStarted(key) { return .loading }
        return state
    }

    /// As the scene sees it.
    package func status(of key: TileKey) -> TileStatus? { states[key]?.status }

    /// Counts the changes to what a scene reads of the store (statuses,
    /// arrivals, pictures kept): equal counts, the same tile draws.
    var drawChanges = 0
    package var drawVersion: Int? { drawChanges }

    /// The loaded pictures of each tile that offer its labels.
    private var labelHolders = TileLabelHolders()

    /// A loaded picture of `tile` at its own size painted with its corner
    /// moved within its first pixel (the map rested there), to draw while
    /// the plain tile is not in: the map that starts to move after resting
    /// shows the tiles it had, not their blurred ancestors.
    package func ownSizePicture(of tile: TileID) -> TileKey? { labelHolders.ownSizePicture(of: tile) }

    /// When each tile of the map came in (not when painted anew), for fading it in.
    private var arrivals: [TileKey: Double] = [:]
    /// When the last of them came in.
    private var lastArrival = -Double.infinity

    /// When `key` first came in, while it is kept.
    package func readySince(_ key: TileKey) -> Double? { arrivals[key] }

    /// Whether a tile of the map came in less than `duration` seconds before `now`: it is still fading in.
    package func isFadingIn(at now: Double, duration: Double) -> Bool {
        duration > 0 && now - lastArrival < duration
    }

    /// Whether a loaded tile is being painted anew after `replaceBase`.
    package func isRepainting(_ key: TileKey) -> Bool { refreshing.contains(key) }

    /// Asks for `keys`, most wanted first: every layer and size of the
    /// frame in one list, so they share the workers. Keys waiting that are
    /// not among them are dropped when a worker comes to them; ready ones
    /// among them are kept past the budget. A key a server could not give
    /// is asked again once its wait is over.
    package func request(_ keys: [TileKey], at now: Double) {
        protected = Set(keys)
        let pendingBefore = pendingCount, retriesBefore = retries.count, staleBefore = stale.count
        defer {
            if pendingCount != pendingBefore || retries.count != retriesBefore || stale.count != staleBefore { drawChanges &+= 1 }
        }
        queue.want(keys)
        // Every wait that is over ends, wanted now or not: the key is asked for when next wanted.
        for (key, due) in retries where due <= now {
            retries[key] = nil
            states[key] = nil
        }
        for (key, due) in completions where due <= now {
            completions[key] = nil
            if case .ready = states[key], !refreshing.contains(key) { stale.insert(key) }
        }
        for key in keys {
            switch states[key] {
            case .ready:
                useClock += 1
                lastUse[key] = useClock
                if !stale.isEmpty, stale.remove(key) != nil {
                    refreshing.insert(key)
                    pendingCount += 1
                    queue.submit(key)
                }
                continue
            case nil:
                break
            default:
                continue
            }
            states[key] = .requested
            pendingCount += 1
            queue.submit(key)
        }
    }

    /// Tiles that could not be had (none there, or their server away) are
    /// asked for again when a frame next wants them: new data came (an area
    /// downloaded for offline use).
    package func askAgainForMissing() {
        for (key, state) in states {
            guard case .missing = state else { continue }
            states[key] = nil
            retries[key] = nil
        }
        backoff = ServerBackoff()
        drawChanges &+= 1
    }

    /// Whether a tile a server could not give is due to be asked for again
    /// (a window then draws a frame, which asks).
    package func retryIsDue(at now: Double) -> Bool {
        retries.values.contains { $0 <= now } || completions.values.contains { $0 <= now }
    }

    /// Takes finished work: hands pixels to `textures`, keeps the budget,
    /// and says which labels came and went and what to warn about.
    package func pump(at now: Double, into textures: any TileTextureStoring) -> Changes {
        var changes = Changes()
        let finished = workshop.inbox.takeAll()
        changes.count = finished.count
        if !finished.isEmpty { drawChanges &+= 1 }
        let generation = workshop.generation
        for (key, outcome, madeBy) in finished {
            pendingCount -= 1
            if key.layer == .base, madeBy != generation, states[key] == .requested || refreshing.contains(key) {
                // Made by a producer since replaced: made anew (unless it was not made because no longer wanted).
                if case .dropped = outcome {
                    if refreshing.remove(key) != nil { stale.insert(key) } else { states[key] = nil }
                } else {
                    pendingCount += 1
                    queue.submit(key)
                }
                continue
            }
            if refreshing.remove(key) != nil {
                refresh(key, with: outcome, into: textures, at: now, &changes)
                continue
            }
            // An overlay of an old version, or a key let go meanwhile.
            guard states[key] == .requested else { continue }
            switch outcome {
            case .made(let product):
                for problem in product.problems where warned.insert(problem.reason).inserted {
                    changes.warnings.append("\(problem.location): \(problem.reason)")
                }
                let bytes: Int
                do {
                    bytes = try textures.store(product.pixels, for: key)
                } catch {
                    fail(key, .unpaintable(location: producerLocation(of: key), reason: error.description), &changes)
                    continue
                }
                states[key] = .ready(bytes: bytes)
                if key.layer == .base { (arrivals[key], lastArrival) = (now, max(lastArrival, now)) }
                if case .overlay(let level, _) = key.layer,
                   let retired = retiredOverlays.removeValue(forKey: RetiredOverlay(tile: key.tile, level: level)) {
                    // The current picture is in: the earlier one that stood in for it goes.
                    forget(retired, into: textures, &changes)
                }
                usedBytes += bytes
                useClock += 1
                lastUse[key] = useClock
                scheduleCompletion(of: key, product, at: now)
                if key.isOwnSizeBase {
                    labelHolders.arrived(key)
                    if workshop.base.offersLabels {
                        changes.labels.arrived.append((key.tile, product.labels))
                        if !product.extrusions.isEmpty { changes.labels.raised.append((key.tile, product.extrusions)) }
                    }
                }
                evictPastBudget(into: textures, &changes)
            case .nothing:
                states[key] = .missing(retryAt: nil)
            case .dropped:
                states[key] = nil
            case .failed(.unavailable(let reason, let retryAfter)):
                let date = Date(timeIntervalSinceReferenceDate: now)
                backoff.failed(key.tile, at: date, retryAfter: retryAfter)
                let due = now + (backoff.wait(for: key.tile, at: date) ?? ServerBackoff.firstWait)
                states[key] = .missing(retryAt: due)
                retries[key] = due
                if warned.insert("unavailable").inserted {
                    changes.warnings.append("\(producerLocation(of: key)) could not be fetched (\(reason)); it is shown from its ancestors and asked for again later")
                }
            case .failed(let error):
                fail(key, error, &changes)
            }
        }
        return changes
    }

    /// A stale tile made anew: its new pixels (and labels) replace the old;
    /// when it could not be made now, it is as if asked for the first time.
    private func refresh(_ key: TileKey, with outcome: TileWorkshop.Outcome, into textures: any TileTextureStoring,
                         at now: Double, _ changes: inout Changes) {
        guard case .ready(let oldBytes) = states[key] else { return }
        switch outcome {
        case .made(let product):
            for problem in product.problems where warned.insert(problem.reason).inserted {
                changes.warnings.append("\(problem.location): \(problem.reason)")
            }
            guard let bytes = try? textures.store(product.pixels, for: key) else {
                return forget(key, into: textures, &changes)
            }
            states[key] = .ready(bytes: bytes)
            usedBytes += bytes - oldBytes
            scheduleCompletion(of: key, product, at: now)
            if key.isOwnSizeBase && workshop.base.offersLabels {
                changes.labels.arrived.append((key.tile, product.labels))
                // Buildings as the tile has them now, none included.
                changes.labels.raised.append((key.tile, product.extrusions))
            }
            evictPastBudget(into: textures, &changes)
        case .dropped:
            stale.insert(key)
        case .nothing, .failed:
            forget(key, into: textures, &changes)
        }
    }

    /// Makes the map's tiles with `producer` from now on (a style changed at
    /// run time, or a source's data): every tile of the map that the change
    /// reaches (all but those `keeping` keeps, which `kept` is asked about
    /// with the producer they were made by) is made anew when next asked
    /// for, and until it comes its old pixels are drawn, so the change never
    /// flashes. Tiles being made meanwhile are made again.
    package func replaceBase(with producer: any TileProducing,
                             keeping kept: (TileKey, _ madeBy: any TileProducing) -> Bool = { _, _ in false }) {
        drawChanges &+= 1
        let previous = workshop.base
        workshop.replaceBase(with: producer)
        for (key, state) in states where key.layer == .base {
            switch state {
            case .ready:
                if !refreshing.contains(key), !kept(key, previous) { stale.insert(key) }
            case .missing, .failed:
                // The new style or data may well have this tile.
                retries[key] = nil
                states[key] = nil
            case .requested, .loading:
                break
            }
        }
    }

    /// A tile made whole starts afresh; one drawn without a server's part is
    /// made again once `ServerBackoff`'s wait for it is over.
    private func scheduleCompletion(of key: TileKey, _ product: TileProduct, at now: Double) {
        guard product.isIncomplete else {
            backoff.succeeded(key.tile)
            completions[key] = nil
            return
        }
        let date = Date(timeIntervalSinceReferenceDate: now)
        backoff.failed(key.tile, at: date)
        completions[key] = now + (backoff.wait(for: key.tile, at: date) ?? ServerBackoff.firstWait)
    }

    /// Marks `key` failed and names the stored tile at fault once.
    private func fail(_ key: TileKey, _ error: TileLoadError, _ changes: inout Changes) {
        states[key] = .failed(error)
        let location = error.location ?? producerLocation(of: key)
        guard warned.insert(location).inserted else { return }
        let kind = key.layer == .base ? (workshop.base.offersLabels ? "vector tile" : "image") : "overlay tile"
        changes.warnings.append("tile \(location) is not a usable \(kind): \(error.reason)")
    }

    /// The drawing behind a tile the scene draws, made anew by its producer
    /// on this thread (for a vector export); nil for an image source's tile,
    /// an overlay version gone, or one that cannot be had.
    package func drawing(for key: TileKey) -> PaintableDrawing? {
        (try? workshop.producer(for: key.layer)?.drawing(for: key)) ?? nil
    }

    private func producerLocation(of key: TileKey) -> String {
        workshop.producer(for: key.layer)?.location(of: key) ?? "tile \(key)"
    }

    /// Evicts the least recently used ready keys not on screen until the
    /// budget holds (rare: only when it is reached). Says once when one
    /// screen needs more than the budget.
    private func evictPastBudget(into textures: any TileTextureStoring, _ changes: inout Changes) {
        let policy = EvictionPolicy(limit: budgetBytes)
        let victims = policy.victims(lastUse, total: usedBytes, lastUse: \.value, cost: { entry in
            if case .ready(let bytes) = states[entry.key] { return bytes }
            return 0
        }, isPinned: { protected.contains($0.key) })
        for (key, _) in victims { forget(key, into: textures, &changes) }
        if usedBytes > budgetBytes, warned.insert("budget").inserted {
            changes.warnings.append("the tile cache of \(budgetBytes >> 20) MB is smaller than one screen of tiles needs; the tiles on screen are kept beyond it (a larger --tile-cache-mb saves reloading)")
        }
    }

    func forget(_ key: TileKey, into textures: any TileTextureStoring, _ changes: inout Changes) {
        drawChanges &+= 1
        if case .ready(let bytes) = states[key] {
            usedBytes -= bytes
            textures.discard(key)
            if key.isOwnSizeBase {
                // The tile's labels go with the last picture of it that offered them.
                if labelHolders.departed(key) {
                    // Gone in the same pump it came in: its labels never arrive.
                    changes.labels.arrived.removeAll { $0.tile == key.tile }
                    changes.labels.raised.removeAll { $0.tile == key.tile }
                    changes.labels.departed.append(key.tile)
                }
            }
        }
        if case .overlay(let level, _) = key.layer, retiredOverlays[RetiredOverlay(tile: key.tile, level: level)] == key {
            retiredOverlays[RetiredOverlay(tile: key.tile, level: level)] = nil
        }
        states[key] = nil
        lastUse[key] = nil
        arrivals[key] = nil
        retries[key] = nil
        completions[key] = nil
        stale.remove(key)
        refreshing.remove(key)
    }

    /// Blocks (real time) until a worker posts something or `deadline` passes; false on time-out.
    package func waitForWork(until deadline: Date) -> Bool {
        workshop.inbox.wait(until: deadline, until: { $0.pending > 0 })
    }
}
