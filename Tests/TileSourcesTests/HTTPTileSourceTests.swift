import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import Testing
@testable import TileSources

/// The tile-server source against a server of our own on 127.0.0.1.
@Suite struct HTTPTileSourceTests {
    let server = TestTileServer(folder: PinmapResources.tilesDirectory)
    let tile = TileID(z: 2, x: 1, y: 1)

    func source(_ mode: String = "tiles", timeout: Double = 5) throws -> HTTPTileSource {
        let cache = try DiskTileCache(folder: TestTiles.temporaryFolder(), limitBytes: 64 << 20)
        return HTTPTileSource(template: try TileURLTemplate("\(server.baseURL)/\(mode)/{z}/{x}/{y}.png"),
                              levels: 0...5, cache: cache, timeout: timeout)
    }

    var expected: Data? { try? TestTiles.embedded.data(for: tile) }

    @Test func fetchesWithItsOwnUserAgentAndKeepsTheTile() throws {
        defer { server.stop() }
        let source = try source()
        #expect(try source.data(for: tile) == expected)
        #expect(server.requests.map(\.path) == ["/tiles/2/1/1.png"])
        #expect(server.requests.first?.headers["user-agent"] == "pinmap/\(PinmapVersion.current)")
        #expect(try source.data(for: tile) == expected)
        #expect(server.requests.count == 1, "a fresh cached tile is not asked for again")
        #expect(source.isReachable)
    }

    @Test func aStaleTileIsRevalidatedAndA304KeepsIt() throws {
        defer { server.stop() }
        server.cacheControl = "no-cache"
        let source = try source()
        #expect(try source.data(for: tile) == expected)
        #expect(try source.data(for: tile) == expected)
        let second = try #require(server.requests.last)
        #expect(second.headers["if-none-match"]?.hasPrefix("\"") == true, "\(second.headers)")
        #expect(server.requests.count == 2)
        // The server said 304: the body came from the cache, and it is still there.
        #expect(source.cache?.entry(for: tile)?.data == expected)
    }

    @Test func withTheServerGoneCachedTilesStillShowAndTheRestWait() throws {
        server.cacheControl = "no-cache"
        let source = try source()
        #expect(try source.data(for: tile) == expected)
        server.stop()
        #expect(try source.data(for: tile) == expected, "the stale copy shows offline")
        #expect(!source.isReachable)
        #expect(throws: TileSourceError.self) { try source.data(for: TileID(z: 2, x: 0, y: 0)) }
        do {
            _ = try source.data(for: TileID(z: 2, x: 0, y: 0))
        } catch {
            guard case .unavailable = error else { Issue.record("offline is 'not now', not broken: \(error)"); return }
        }
    }

    @Test func aMissingTileIsMissing() throws {
        defer { server.stop() }
        #expect(try source("e404").data(for: tile) == nil)
    }

    @Test func serverErrorsResetsAndTimeoutsAreNotNow() throws {
        defer { server.stop() }
        for mode in ["e500", "reset"] {
            let source = try source(mode)
            #expect(throws: TileSourceError.self, "\(mode)") { try source.data(for: tile) }
            #expect(!source.isReachable, "\(mode)")
            do { _ = try source.data(for: tile) } catch {
                if case .unavailable = error {} else { Issue.record("\(mode): \(error)") }
            }
        }
        let slow = try source("slow", timeout: 0.5)
        let start = Date()
        #expect(throws: TileSourceError.self) { try slow.data(for: tile) }
        #expect(Date().timeIntervalSince(start) < 1.9, "the timeout, not the server, ended the wait")
    }

    @Test func aBodyThatIsNotAnImageIsRefusedAndNotKept() throws {
        defer { server.stop() }
        let source = try source("garbage")
        #expect(throws: TileSourceError.unreadable(
            path: "\(server.baseURL)/garbage/2/1/1.png",
            reason: "the server sent something that is not an image (text/html)")) {
            try source.data(for: tile)
        }
        #expect(source.cache?.entry(for: tile) == nil)
    }
}
