import Foundation

/// Brings a style's resources that live on a server (its sprite's index
/// and image) to a file on disk, through the same capped HTTP client as
/// tile servers, and keeps them: a copy younger than `maxAge` is used
/// without asking, and a stale copy when the server cannot be reached.
///
///     let fetcher = StyleResourceFetcher()
///     let png = try fetcher.file(for: "https://example.org/style/sprite@2x.png")
package struct StyleResourceFetcher: Sendable {
    /// Why a resource could not be had.
    package struct Failure: Error, CustomStringConvertible {
        /// The resource's address.
        package let url: String
        /// What went wrong.
        package let reason: String
        /// The address and the reason, on one line.
        package var description: String { "\(url): \(reason)" }
    }

    /// Where copies are kept.
    package let folder: URL
    /// How long a copy is used without asking the server again.
    package let maxAge: TimeInterval
    private let fetcher: HTTPFetcher

    /// A fetcher keeping its copies in `folder` (by default
    /// `$XDG_CACHE_HOME/pinmap/style-resources`), asking again after
    /// `maxAge` seconds, giving a server `seconds` to answer whole.
    package init(folder: URL = DiskTileCache.root().appendingPathComponent("style-resources"),
                maxAge: TimeInterval = 7 * 86_400, seconds: Double = 10) {
        self.folder = folder
        self.maxAge = maxAge
        var limits = HTTPFetcher.Limits()
        limits.seconds = seconds
        limits.bodyBytes = 16 << 20
        fetcher = HTTPFetcher(userAgent: HTTPTileSource.userAgent, limits: limits)
    }

    /// The local file holding the resource at `url` (http or https).
    package func file(for url: String) throws(Failure) -> URL {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw Failure(url: url, reason: "only http and https addresses are fetched")
        }
        let copy = folder.appendingPathComponent(StyleResourceFetcher.name(for: url, extension: address.pathExtension))
        let age = (try? FileManager.default.attributesOfItem(atPath: copy.path)[.modificationDate] as? Date)
            .map { Date().timeIntervalSince($0) }
        if let age, age < maxAge { return copy }
        switch fetcher.get(address, headers: [:]) {
        case .success(let response) where response.status == 200:
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try response.body.write(to: copy, options: .atomic)
                return copy
            } catch {
                throw Failure(url: url, reason: "could not be kept in \(folder.path): \(error.localizedDescription)")
            }
        case .success(let response):
            if age != nil { return copy }
            throw Failure(url: url, reason: "the server answered \(response.status)")
        case .failure(let failure):
            if age != nil { return copy }
            throw Failure(url: url, reason: failure.description)
        }
    }

    /// A file name for an address: a hash of it (two addresses never share
    /// a copy) and its extension.
    static func name(for url: String, extension ext: String) -> String {
        let safe = ext.filter { $0.isLetter || $0.isNumber }.prefix(8)
        return DiskTileCache.hashName(url) + (safe.isEmpty ? "" : ".\(safe)")
    }
}
