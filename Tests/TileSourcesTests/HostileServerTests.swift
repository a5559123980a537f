import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
@testable import TileSources

/// The hostile-server corpus: each way a tile server can misbehave ends
/// in a placeholder or a stand-in and a message, bounded in bytes, time
/// and requests; never a crash, a hang or a balloon.
@Suite @MainActor struct HostileServerTests {
    let server = TestTileServer(folder: PinmapResources.tilesDirectory)
    let tile = TileID(z: 2, x: 1, y: 1)

    func source(_ mode: String, timeout: Double = 5) throws -> HTTPTileSource {
        let cache = try DiskTileCache(folder: TestTiles.temporaryFolder(), limitBytes: 64 << 20)
        return HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/\(mode)/{z}/{x}/{y}.png"),
                              levels: 0...5, cache: cache, timeout: timeout)
    }

    /// The error a tile ends with, and how long it took.
    func failure(_ source: HTTPTileSource, _ tile: TileID? = nil) -> (TileSourceError?, Double) {
        let start = Date()
        do {
            _ = try source.data(for: tile ?? self.tile)
            return (nil, Date().timeIntervalSince(start))
        } catch {
            return (error, Date().timeIntervalSince(start))
        }
    }

    func isRefused(_ error: TileSourceError?, saying words: String) -> Bool {
        guard case .unreadable(_, let reason) = error else { return false }
        return reason.contains(words)
    }

    func isNotNow(_ error: TileSourceError?) -> Bool {
        if case .unavailable = error { return true }
        return false
    }

    @Test func aBodyThatNeverEndsIsDroppedAtTheCap() throws {
        defer { server.stop() }
        let source = try source("endless")
        let (error, seconds) = failure(source)
        #expect(isRefused(error, saying: "passed 32 MB"), "\(String(describing: error))")
        #expect(seconds < 5, "dropped as it passed the cap, not at the deadline: \(seconds) s")
        #expect(source.cache?.entry(for: tile) == nil, "nothing goes into the cache")
    }

    @Test func aGzipBombIsDroppedAtTheCapAfterInflating() throws {
        defer { server.stop() }
        #expect(TestTileServer.zeroBomb.count < 2 << 20, "a small body on the wire")
        let (error, _) = failure(try source("bomb"))
        #expect(isRefused(error, saying: "after decompression"), "\(String(describing: error))")
    }

    @Test func anAnnouncedHugeBodyIsRefusedAtOnceAndNotCached() throws {
        defer { server.stop() }
        let source = try source("huge")
        let (error, seconds) = failure(source)
        #expect(isRefused(error, saying: "the server sends 300 MB"), "\(String(describing: error))")
        #expect(seconds < 3)
        #expect(source.cache?.bytesUsed == 0)
    }

    @Test(arguments: ["silent", "stall", "trickle"])
    func aSlowServerIsGivenUpOnAtTheDeadline(mode: String) throws {
        defer { server.stop() }
        let (error, seconds) = failure(try source(mode, timeout: 1.5))
        #expect(isNotNow(error), "\(mode): \(String(describing: error))")
        #expect(seconds >= 0.9 && seconds < 4, "\(mode): \(seconds) s")
        guard case .unavailable(_, let reason) = error else { return }
        #expect(reason.contains("no complete answer within"), "\(mode): \(reason)")
    }

    @Test func retryAfterHoldsBackEveryRequestToTheServer() throws {
        defer { server.stop() }
        let source = try source("busy")
        let (first, _) = failure(source)
        #expect(isNotNow(first))
        #expect(server.requests.count == 1)
        for other in [tile, TileID(z: 2, x: 0, y: 0), TileID(z: 3, x: 5, y: 2)] {
            let (error, seconds) = failure(source, other)
            guard case .unavailable(_, let reason) = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(reason.contains("not asked again for 1"), "about 120 s: \(reason)")
            #expect(seconds < 0.5)
        }
        #expect(server.requests.count == 1, "the server asked for two minutes of quiet")
    }

    @Test func aRedirectLoopStopsAfterFiveRequestsAndBacksOff() throws {
        defer { server.stop() }
        let source = try source("loop")
        let (error, _) = failure(source)
        #expect(isNotNow(error), "\(String(describing: error))")
        #expect(server.requests.count == 5, "\(server.requests.map(\.path))")
        _ = failure(source)
        #expect(server.requests.count == 5, "not asked again for 15 s")
    }

    @Test func a304ToARequestWithoutValidatorsIsAnErrorNotABlank() throws {
        defer { server.stop() }
        let (error, _) = failure(try source("unchanged"))
        #expect(isRefused(error, saying: "304 Not Modified to a request for a tile it never sent"),
                "\(String(describing: error))")
    }

    @Test func aDamagedFreshCacheEntryIsFetchedAgain() throws {
        defer { server.stop() }
        let cacheFolder = try TestTiles.temporaryFolder()
        let template = try TileURLTemplate("\(server.baseURL)/tiles/{z}/{x}/{y}.png")
        let cache = try DiskTileCache(folder: cacheFolder, limitBytes: 64 << 20)
        // A week-fresh entry whose header is whole and whose pixels are not.
        var damaged = try #require(try TestTiles.embedded.data(for: tile))
        for i in 33..<damaged.count { damaged[i] = UInt8(truncatingIfNeeded: i &* 7) }
        cache.store(tile, data: damaged, etag: nil, lastModified: nil, expires: Date(timeIntervalSinceNow: 7 * 86400))
        let source = HTTPTileSource(template: template, levels: 0...5, cache: cache)
        let loader = try Self.loader(source)
        loader.tiles.request([TileKey(tile: tile)], at: 0)
        #expect(loader.settle([TileKey(tile: tile)], timeout: 10))
        #expect(loader.tiles.status(of: tile) == .loaded, "the tile was fetched again and drawn")
        #expect(server.requests.map(\.path) == ["/tiles/2/1/1.png"])
        #expect(cache.entry(for: tile)?.data == (try TestTiles.embedded.data(for: tile)), "and the cache mended")
    }

    @Test func aTileTheServerSendsDamagedIsAPlaceholderAfterOneRetry() throws {
        defer { server.stop() }
        let source = try source("damaged")
        let loader = try Self.loader(source)
        loader.tiles.request([TileKey(tile: tile)], at: 0)
        #expect(loader.settle([TileKey(tile: tile)], timeout: 10))
        #expect(loader.tiles.status(of: tile) == .failed)
        #expect(server.requests.count == 2, "once, then once more fresh: \(server.requests.count)")
    }

    /// A capture against a server that never answers gives up in time and
    /// draws the embedded world's stand-ins.
    @Test func aCaptureAgainstASilentServerStillGetsItsPicture() throws {
        defer { server.stop() }
        let http = try source("silent", timeout: 1)
        let source = UnderlaidTileSource(http, under: try TestTiles.embedded)
        let options = MapOptions(source: source, center: Coordinate(latitude: 0, longitude: 0), zoom: 3,
                                 size: Size(width: 600, height: 400), attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 8 << 20, pins: nil)
        let run = try HeadlessRun(options: options)
        let start = Date()
        let scene = try run.session.settledFrame(at: 0, tileTimeout: 2.5)
        #expect(Date().timeIntervalSince(start) < 4, "given up in time")
        #expect(!scene.tileRequests.isEmpty)
        run.session.draw(scene)
        #expect(server.requests.count >= 4)
    }

    /// A session on `source` whose tile store the test asks by hand.
    static func loader(_ source: TileSource) throws -> MapSession {
        let options = MapOptions(source: source, center: Coordinate(latitude: 0, longitude: 0), zoom: 0,
                                 size: Size(width: 64, height: 64), attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 8 << 20, pins: nil)
        return try HeadlessRun(options: options).session
    }
}

/// The disk cache's folder, and its limit when processes share it.
@Suite @MainActor struct DiskTileCacheHostileTests {
    @Test func aCacheFolderThatIsAFileIsSaidInPlainWords() throws {
        let folder = try TestTiles.temporaryFolder()
        let file = folder.appendingPathComponent("cache")
        try Data("x".utf8).write(to: file)
        for (path, words) in [(file, "\(file.path): cannot be used for the tile cache: it is a file, not a folder"),
                              (file.appendingPathComponent("deeper"),
                               "cannot be used for the tile cache: \(file.path) is a file, not a folder")] {
            do {
                _ = try DiskTileCache(folder: path, limitBytes: 8 << 20)
                Issue.record("opened \(path.path)")
            } catch {
                #expect(error.description.contains(words), "\(error.description)")
                #expect(!error.description.contains("NSCocoaErrorDomain"))
                #expect(error.description.components(separatedBy: path.path).count == 2, "the path once")
            }
        }
    }

    @Test func twoProcessesSharingTheFolderStayNearItsLimit() throws {
        let folder = try TestTiles.temporaryFolder()
        let limit = 1 << 20
        let a = try DiskTileCache(folder: folder, limitBytes: limit)
        let b = try DiskTileCache(folder: folder, limitBytes: limit)
        a.rescanInterval = 0
        b.rescanInterval = 0
        let tile = Data(repeating: 7, count: 50_000)
        for i in 0..<30 {
            a.store(TileID(z: 10, x: i, y: 0), data: tile, etag: nil, lastModified: nil, expires: .distantFuture)
            b.store(TileID(z: 10, x: i, y: 1), data: tile, etag: nil, lastModified: nil, expires: .distantFuture)
        }
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: folder.path).reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path))?[.type]
                as? FileAttributeType == .typeRegular ? (try FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent(path).path)[.size] as? Int ?? 0) : 0)
        }
        #expect(onDisk <= limit + tile.count + 200, "3 MB stored by two, \(onDisk) bytes kept for a 1 MB limit")
        #expect(onDisk > limit / 2)
    }
}

/// The fetcher's fuzz test: answers broken in seeded ways (bytes changed,
/// inserted or cut, wild lengths, statuses and encodings). Each request
/// ends within its deadline in data or a `TileSourceError`; none crashes,
/// hangs or keeps more than the cap.
@Suite @MainActor struct MutantServerFuzzTests {
    @Test func everyMutantAnswerEndsInDataOrAnError() throws {
        let server = TestTileServer(folder: PinmapResources.tilesDirectory)
        defer { server.stop() }
        let seeds = UInt64(ProcessInfo.processInfo.environment["PINMAP_FUZZ_SEEDS"].flatMap { Int($0) } ?? 150)
        var outcomes: [String: Int] = [:]
        for seed in 0..<seeds {
            let source = HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/mutant/\(seed)/{z}/{x}/{y}.png"),
                                        levels: 0...5, cache: nil, timeout: 2, largestTile: 1 << 20)
            let start = Date()
            do {
                let data = try source.data(for: TileID(z: 2, x: 1, y: 1))
                #expect((data?.count ?? 0) <= 1 << 20)
                outcomes["data", default: 0] += 1
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("NSURLErrorDomain"))
                outcomes["\(error)".contains("cannot be read") ? "refused" : "not now", default: 0] += 1
            }
            #expect(Date().timeIntervalSince(start) < 4, "seed \(seed)")
        }
        #expect(outcomes.count >= 3, "the mutants reach every outcome: \(outcomes)")
    }
}
