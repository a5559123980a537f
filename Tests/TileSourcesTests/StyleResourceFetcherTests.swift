import Foundation
import Testing
@testable import TileSources

/// A style's sprite on a server of our own on 127.0.0.1: fetched once, kept,
/// and the kept copy used when the server is gone.
@Suite struct StyleResourceFetcherTests {
    static let sprites = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MapSDLTests/Fixtures/Vector/sprite").standardized

    @Test func aSpriteIsFetchedOnceAndKept() throws {
        let server = TestTileServer(folder: Self.sprites)
        defer { server.stop() }
        let fetcher = StyleResourceFetcher(folder: try TestTiles.temporaryFolder())
        let url = "\(server.baseURL)/tiles/test@2x.png"
        let file = try fetcher.file(for: url)
        #expect(try Data(contentsOf: file) == Data(contentsOf: Self.sprites.appendingPathComponent("test@2x.png")))
        #expect(file.pathExtension == "png")
        #expect(try fetcher.file(for: url) == file)
        #expect(server.requests.map(\.path) == ["/tiles/test@2x.png"], "a fresh copy is not asked for again")
        #expect(server.requests.first?.headers["user-agent"]?.hasPrefix("pinmap/") == true)
    }

    @Test func aStaleCopyIsUsedWhenTheServerIsGone() throws {
        let server = TestTileServer(folder: Self.sprites)
        let folder = try TestTiles.temporaryFolder()
        let url = "\(server.baseURL)/tiles/test.json"
        _ = try StyleResourceFetcher(folder: folder).file(for: url)
        server.stop()
        // maxAge 0: every copy is stale, and the server no longer answers.
        let file = try StyleResourceFetcher(folder: folder, maxAge: 0, seconds: 2).file(for: url)
        #expect(try Data(contentsOf: file) == Data(contentsOf: Self.sprites.appendingPathComponent("test.json")))
    }

    @Test func aMissingResourceIsAFailureNamingItsAddressAndTheAnswer() throws {
        let server = TestTileServer(folder: Self.sprites)
        defer { server.stop() }
        let fetcher = StyleResourceFetcher(folder: try TestTiles.temporaryFolder())
        let url = "\(server.baseURL)/e404/sprite.json"
        #expect(throws: StyleResourceFetcher.Failure.self) { try fetcher.file(for: url) }
        do {
            _ = try fetcher.file(for: url)
        } catch {
            #expect(error.description == "\(url): the server answered 404")
        }
        #expect(throws: StyleResourceFetcher.Failure.self) { try fetcher.file(for: "ftp://example.org/sprite.json") }
    }
}
