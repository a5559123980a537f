import Foundation
import MapCore

/// Tiles from a server kept on disk, one folder per source: each tile is
/// one file `z/x/y.tile` holding a line of JSON (its validators and expiry)
/// then the image bytes, written to a temporary file and renamed, so a
/// reader never sees half a tile. Reading a tile marks it used (its
/// modification time); past the size limit the least recently used go first.
///
///     let cache = try DiskTileCache(folder: DiskTileCache.folder(for: template), limitBytes: 500 << 20)
///     cache.store(tile, data: body, validators: ..., expires: ...)
///     cache.entry(for: tile)?.isFresh(at: Date())
public final class DiskTileCache: @unchecked Sendable {
    public struct Entry: Sendable {
        public let data: Data
        public let etag: String?
        public let lastModified: String?
        public let expires: Date

        public func isFresh(at now: Date) -> Bool { expires > now }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let folder: URL
    public let limitBytes: Int
    /// Guards `usedBytes`; `@unchecked Sendable` rests on it and on each
    /// tile file being replaced whole by a rename.
    private let lock = NSLock()
    private var usedBytes = 0

    /// After a purge the cache holds at most this share of its limit, so
    /// purges are rare.
    static let purgeTarget = 0.9
    static let temporaryPrefix = ".partial-"

    public init(folder: URL, limitBytes: Int) throws(Failure) {
        self.folder = folder
        self.limitBytes = max(limitBytes, 1 << 20)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(folder.path): cannot create the tile cache: \(error.localizedDescription)")
        }
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

    /// `$XDG_CACHE_HOME/pinmap` (default `~/.cache/pinmap`).
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("pinmap")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/pinmap")
    }

    /// The folder of one tile server: its host and a hash of its template,
    /// so two templates on one host never share tiles.
    public static func folder(for template: TileURLTemplate, in root: URL = root()) -> URL {
        let host = URL(string: template.template.replacingOccurrences(of: "{s}", with: "s"))?.host ?? "server"
        let safe = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in template.template.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return root.appendingPathComponent("\(safe)-\(String(hash, radix: 16))")
    }

    public var bytesUsed: Int {
        lock.lock()
        defer { lock.unlock() }
        return usedBytes
    }

    private func file(for tile: TileID) -> URL {
        folder.appendingPathComponent("\(tile.z)/\(tile.x)/\(tile.y).tile")
    }

    /// The cached tile, fresh or stale, marking it recently used; nil when
    /// absent or unreadable.
    public func entry(for tile: TileID) -> Entry? {
        let url = file(for: tile)
        guard let bytes = try? FileReader.read(url.path, limit: 33 << 20),
              let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONSerialization.jsonObject(with: Data(bytes[..<newline])) as? [String: Any],
              let expires = header["expires"] as? Double else { return nil }
        utimes(url.path, nil)
        return Entry(data: Data(bytes[(newline + 1)...]), etag: header["etag"] as? String,
                     lastModified: header["lastModified"] as? String, expires: Date(timeIntervalSince1970: expires))
    }

    /// Keeps a tile (replacing any older copy), then trims the cache to its limit.
    public func store(_ tile: TileID, data: Data, etag: String?, lastModified: String?, expires: Date) {
        var header: [String: Any] = ["expires": expires.timeIntervalSince1970]
        if let etag { header["etag"] = etag }
        if let lastModified { header["lastModified"] = lastModified }
        guard var bytes = try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]) else { return }
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
        lock.unlock()
        if over { purge() }
    }

    /// Deletes the least recently used tiles until the cache is well under its limit.
    public func purge() {
        lock.lock()
        defer { lock.unlock() }
        guard usedBytes > limitBytes else { return }
        let target = Int(Double(limitBytes) * DiskTileCache.purgeTarget)
        for file in files().sorted(by: { $0.used < $1.used }) where usedBytes > target {
            if (try? FileManager.default.removeItem(at: file.url)) != nil { usedBytes -= file.size }
        }
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
