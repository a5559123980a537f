import Foundation
import MapEngine
import FileAccess

/// Tiles from a server kept on disk, one folder per source: each tile is
/// one file `z/x/y.tile` holding a line of JSON (its validators and expiry)
/// then the image bytes, written to a temporary file and renamed, so a
/// reader never sees half a tile. Reading a tile marks it used (its
/// modification time); past the size limit the least recently used go first.
/// Other processes may share the folder: what it holds is measured again
/// from the disk at least every `rescanInterval` seconds while tiles are
/// stored, so together they stay near the limit.
///
///     let cache = try DiskTileCache(folder: DiskTileCache.folder(for: template), limitBytes: 500 << 20)
///     cache.store(tile, data: body, validators: ..., expires: ...)
///     cache.entry(for: tile)?.isFresh(at: Date())
package final class DiskTileCache: @unchecked Sendable {
    /// A cached tile and what the server said of it.
    package struct Entry: Sendable {
        /// The tile's bytes as the server sent them.
        package let data: Data
        /// The server's `ETag`, for asking whether the tile changed.
        package let etag: String?
        /// The server's `Last-Modified`, for the same.
        package let lastModified: String?
        /// When the tile goes stale.
        package let expires: Date

        /// Whether the tile may still be shown without asking the server.
        package func isFresh(at now: Date) -> Bool { expires > now }
    }

    /// Why the cache's folder cannot be used.
    package struct Failure: Error, CustomStringConvertible {
        /// The folder the cache was to live in.
        package let folder: String
        /// Why it cannot, in plain words.
        package let reason: String
        /// Both in one line, the folder first.
        package var description: String { "\(folder): cannot be used for the tile cache: \(reason)" }
    }

    /// The folder holding this server's tiles.
    package let folder: URL
    /// How many bytes of tiles the folder keeps at most; the least recently used go first.
    package let limitBytes: Int
    /// How often, at most, the folder is measured again from the disk.
    package var rescanInterval: TimeInterval {
        get { lock.withLock { rescanEvery } }
        set { lock.withLock { rescanEvery = newValue } }
    }
    /// Guards `usedBytes` and the rescan's state; `@unchecked Sendable`
    /// rests on it and on each tile file being replaced whole by a rename.
    private let lock = NSLock()
    private var usedBytes = 0
    private var rescanEvery: TimeInterval = 10
    private var lastScan = Date()

    /// After a purge the cache holds at most this share of its limit, so
    /// purges are rare.
    static let purgeTarget = 0.9
    static let temporaryPrefix = ".partial-"

    /// A cache in `folder` (made if missing) of at most `limitBytes`; throws when the folder cannot
    /// be made or written.
    package init(folder: URL, limitBytes: Int) throws(Failure) {
        self.folder = folder
        self.limitBytes = max(limitBytes, 1 << 20)
        try DiskTileCache.makeFolder(folder)
        var total = 0
        for file in files() {
            if file.url.lastPathComponent.hasPrefix(DiskTileCache.temporaryPrefix) {
                try? FileManager.default.removeItem(at: file.url)  // left by a killed run
            } else {
                total += file.size
            }
        }
        usedBytes = total
    }

    /// Creates the folder and its parents, saying in plain words why it cannot be.
    private static func makeFolder(_ folder: URL) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(folder: folder.path, reason: "it is a file, not a folder") }
        } else {
            // The nearest part of the path that exists must be a folder we may write in.
            var existing = folder.deletingLastPathComponent()
            while existing.path != "/" && !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory) {
                existing = existing.deletingLastPathComponent()
            }
            if !isDirectory.boolValue {
                throw Failure(folder: folder.path, reason: "\(existing.path) is a file, not a folder")
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                let reason = access(existing.path, W_OK) != 0 ? "\(existing.path) may not be written to"
                    : String(cString: strerror(errno))
                throw Failure(folder: folder.path, reason: reason)
            }
        }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw Failure(folder: folder.path, reason: "it may not be written to")
        }
    }

    /// `$XDG_CACHE_HOME/pinmap` (default `~/.cache/pinmap`).
    package static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("pinmap")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/pinmap")
    }

    /// The folder of one tile server: its host and a hash of its template,
    /// so two templates on one host never share tiles.
    package static func folder(for template: TileURLTemplate, in root: URL = root()) -> URL {
        let host = URL(string: template.template.replacingOccurrences(of: "{s}", with: "s"))?.host ?? "server"
        let safe = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return root.appendingPathComponent("\(safe)-\(hashName(template.template))")
    }

    /// A stable short name for some text (64-bit FNV-1a, in hex), for files
    /// and folders that must differ when the text does.
    static func hashName(_ text: String) -> String {
        StableHash.hex(text)
    }

    /// The bytes the cached tiles take now, as last counted.
    package var bytesUsed: Int {
        lock.lock()
        defer { lock.unlock() }
        return usedBytes
    }

    private func file(for tile: TileID) -> URL {
        folder.appendingPathComponent("\(tile.z)/\(tile.x)/\(tile.y).tile")
    }

    /// The cached tile, fresh or stale, marking it recently used; nil when
    /// absent or unreadable.
    package func entry(for tile: TileID) -> Entry? {
        let url = file(for: tile)
        guard let bytes = try? FileReader.read(url.path, limit: 33 << 20),
              let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONParser.parse(Array(bytes[..<newline])),
              let expires = header["expires"]?.number, expires.isFinite else { return nil }
        utimes(url.path, nil)
        return Entry(data: Data(bytes[(newline + 1)...]), etag: header["etag"]?.string,
                     lastModified: header["lastModified"]?.string, expires: Date(timeIntervalSince1970: expires))
    }

    /// Forgets a tile (one that did not decode, say).
    package func remove(_ tile: TileID) {
        let url = file(for: tile)
        guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int,
              unlink(url.path) == 0 else { return }
        lock.withLock { usedBytes -= size }
    }

    /// Keeps a tile (replacing any older copy), then trims the cache to its limit.
    package func store(_ tile: TileID, data: Data, etag: String?, lastModified: String?, expires: Date) {
        var header: [String: StyleValue] = ["expires": .number(expires.timeIntervalSince1970)]
        if let etag { header["etag"] = .string(etag) }
        if let lastModified { header["lastModified"] = .string(lastModified) }
        var bytes = Data(StyleValue.object(header).json.utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(data)
        let url = file(for: tile)
        let old = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let temporary = folder.appendingPathComponent(DiskTileCache.temporaryPrefix + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try bytes.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        lock.lock()
        usedBytes += bytes.count - old
        let over = usedBytes > limitBytes
        let rescan = Date().timeIntervalSince(lastScan) >= rescanEvery
        lock.unlock()
        if over || rescan { purge() }
    }

    /// Measures the folder again (other processes may have stored tiles in
    /// it), then deletes the least recently used tiles until the cache is
    /// well under its limit.
    package func purge() {
        lock.lock()
        defer { lock.unlock() }
        let found = files()
        usedBytes = found.reduce(0) { $0 + $1.size }
        lastScan = Date()
        let policy = EvictionPolicy(limit: limitBytes, keepingAfterEviction: DiskTileCache.purgeTarget)
        let victims = policy.victims(found, total: usedBytes, lastUse: \.used, cost: \.size,
                                     isPinned: { $0.url.lastPathComponent.hasPrefix(DiskTileCache.temporaryPrefix) })
        for file in victims where unlink(file.url.path) == 0 { usedBytes -= file.size }
    }

    private func files() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return [] }
        var found: [(URL, Int, Date)] = []
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            found.append((url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        return found
    }
}
