import ArgumentParser
import Foundation
import Logging
import Synchronization
import MapEngine
import TileSources

/// `pinmap download --bbox S,W,N,E --zoom 9-14`: an area's tiles for
/// offline use, into one MBTiles file under `$XDG_DATA_HOME/pinmap/areas/`,
/// politely (two requests at a time, as long a wait as the server asks)
/// and resumably (the same command again carries on where it stopped).
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download an area's map tiles for offline use into one MBTiles file; run it again to carry on after a stop.")

    @Option(help: ArgumentHelp("The area: south,west,north,east in degrees.", valueName: "S,W,N,E"))
    var bbox: String

    @Option(help: ArgumentHelp("The zooms, from-to.", valueName: "FROM-TO"))
    var zoom = "9-14"

    @Option(help: ArgumentHelp("Where the tiles come from: streets (OpenFreeMap's vector tiles, as the map shows "
                               + "online), a TileJSON or tile URL template, or a PMTiles file on a web server.",
                               valueName: "streets|URL"))
    var source = "streets"

    @Option(help: ArgumentHelp("The area's name (its file's name unless --out says otherwise).", valueName: "NAME"))
    var name: String?

    @Option(help: ArgumentHelp("The MBTiles file to write (default $XDG_DATA_HOME/pinmap/areas/NAME.mbtiles).", valueName: "FILE"))
    var out: String?

    @Option(name: .customLong("max-tiles"), help: ArgumentHelp("The most tiles an area may have (default: the areaMaxTiles setting, else 30000).",
                                                               valueName: "N"))
    var maxTiles: Int?

    /// OpenFreeMap's planet, the map's online street source: its terms allow downloads.
    static let streets = "https://tiles.openfreemap.org/planet"

    func run() throws {
        let plan = try DownloadCommand.plan(bbox: bbox, zoom: zoom)
        let maxTiles = self.maxTiles ?? Settings.load(logger: Logger(label: "pinmap")).areaMaxTiles ?? AreaPlan.mostTiles
        guard maxTiles > 0 else { throw UsageError("download: --max-tiles must be at least 1") }
        let name = self.name ?? "area-\(String(format: "%.3f", plan.south))_\(String(format: "%.3f", plan.west))"
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { throw UsageError("download: --name must be a plain name") }
        let path = out ?? AreasCommand.folder().appendingPathComponent("\(name).mbtiles").path
        try DownloadCommand.download(plan, name: name, into: path, from: source, maxTiles: maxTiles)
    }

    /// Downloads `plan` from `source` (`streets` or an address) into the area
    /// file at `path`, saying the count and size first and the progress on
    /// standard error; with `refetching` every tile is fetched again (an
    /// update), else only those the file lacks. Exit code 3 when tiles are
    /// left to fetch (stopped, or the server failed): the same command carries on.
    static func download(_ plan: AreaPlan, name: String, into path: String, from source: String, maxTiles: Int,
                         refetching: Bool = false) throws {
        let count = plan.tileCount
        let megabytes = Double(plan.estimatedBytes) / 1_000_000
        FileHandle.standardError.write(Data("pinmap: \(name): \(count) tiles at zooms \(plan.zooms.lowerBound)–\(plan.zooms.upperBound), about \(String(format: "%.0f", megabytes.rounded(.up))) MB, into \(path)\n".utf8))
        guard count <= maxTiles else {
            throw UsageError("download: \(count) tiles is over the cap of \(maxTiles) an area may have; make the box or the zoom range smaller, or raise --max-tiles")
        }
        DownloadCommand.watchSignals()
        let report = ProgressReport(total: count)
        let done = try run(plan, name: name, into: path, from: source, refetching: refetching, progress: { report.show($0) },
                           isCancelled: { downloadStopped.withLock { $0 } })
        report.finish(done)
        if done.done < done.total || done.failed > 0 {
            let why = done.stopReason.map { "stopped: \($0); " } ?? ""
            FileHandle.standardError.write(Data("pinmap: \(name): \(why)\(done.total - done.done + done.failed) tiles still to fetch; run the same command again to carry on\n".utf8))
            throw ExitCode(3)
        }
    }

    /// Fetches the plan's tiles from `source` into the area file at `path`
    /// with its metadata (the command line's and the window's downloads);
    /// a usage error naming the source or the file when it cannot.
    static func run(_ plan: AreaPlan, name: String, into path: String, from source: String, refetching: Bool,
                    progress: @escaping @Sendable (AreaProgress) -> Void,
                    isCancelled: @escaping @Sendable () -> Bool) throws -> AreaProgress {
        let (tileSource, format, attribution, tiles) = try open(source, usingDiskCache: !refetching)
        do {
            let file = try AreaFile(path: path)
            let metadata = AreaMetadata.of(plan, name: name, source: source, tiles: tiles, format: format, attribution: attribution)
            return try AreaDownloader(source: tileSource, file: file).run(plan, metadata: metadata, refetching: refetching,
                                                                          progress: progress, isCancelled: isCancelled)
        } catch {
            throw UsageError("download: \(error)")
        }
    }

    /// The plan from the flags' text; a usage error naming the flag otherwise.
    static func plan(bbox: String, zoom: String) throws -> AreaPlan {
        let parts = bbox.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let south = parts[0], let west = parts[1], let north = parts[2], let east = parts[3] else {
            throw UsageError("download: --bbox takes south,west,north,east in degrees, e.g. 47.33,8.47,47.41,8.60")
        }
        let zooms = zoom.split(separator: "-").map { Int($0) }
        guard (1...2).contains(zooms.count), let low = zooms[0], let high = zooms.last ?? nil, low <= high else {
            throw UsageError("download: --zoom takes FROM-TO, e.g. 9-14")
        }
        do {
            return try AreaPlan(south: south, west: west, north: north, east: east, zooms: low...high)
        } catch {
            throw UsageError("download: \(error)")
        }
    }

    /// The source to fetch from, the tiles' format for the metadata, and its
    /// credit; without `usingDiskCache` every tile is asked of the server.
    static func open(_ spec: String, usingDiskCache: Bool = true) throws -> (source: any TileSource, format: String, attribution: String?, tiles: String) {
        var address = spec == "streets" ? streets : spec
        if address.lowercased().contains("tile.openstreetmap.org") || address.lowercased().contains("tile.osm.org") {
            throw UsageError("download: OpenStreetMap's own tile servers forbid bulk downloads (their tile usage policy); "
                             + "download streets (OpenFreeMap's tiles, whose terms allow it) or from a server of your own")
        }
        var attribution: String?
        if TileSourceOpener.kind(of: address) == .server, !address.contains("{z}") {
            // A TileJSON: its first tile URL template.
            do {
                let file = try StyleResourceFetcher().file(for: address)
                let tileJSON = try TileJSON(bytes: [UInt8](try Data(contentsOf: file)), url: address)
                guard let template = tileJSON.tiles.first else { throw UsageError("download: \(address): the TileJSON lists no tiles") }
                attribution = tileJSON.attribution
                address = template
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("download: \(address): \(error)")
            }
        }
        var options = TileSourceOpener.Options()
        let vector = [".pbf", ".mvt"].contains { address.lowercased().contains($0) }
        if vector { options.serverContent = .vector }
        options.serverMaxZoom = 16
        options.usesDiskCache = usingDiskCache
        do {
            let source = try TileSourceOpener.open(address, options: options)
            let format = source.content == .vector || vector ? "pbf" : "png"
            return (source, format, attribution ?? source.attribution, address)
        } catch {
            throw UsageError("download: \(error)")
        }
    }

    /// Stops the run after the tiles under way on Ctrl+C (SIGINT) or SIGTERM, keeping what it has.
    static func watchSignals() {
        // A file past the size the system allows (a quota, ulimit -f) fails its write, as a full disk does, instead of ending the run.
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { downloadStopped.withLock { $0 = true } }
            source.resume()
            signalSources.append(source)
        }
    }
}

/// Set once Ctrl+C or SIGTERM asks a download to stop.
let downloadStopped = Mutex(false)
/// The signal watchers, kept for the run (set once, on the main thread, before any download starts).
nonisolated(unsafe) private var signalSources: [any DispatchSourceSignal] = []

/// A download's progress on standard error: a bar redrawn in place on a
/// terminal (tiles, bytes, rate, time left), a plain line every 5 % elsewhere.
final class ProgressReport: Sendable {
    let total: Int
    let onTerminal = isatty(2) != 0
    private let shown = Mutex((percent: -1, time: 0.0))

    init(total: Int) { self.total = total }

    func show(_ progress: AreaProgress) {
        let percent = total > 0 ? progress.done * 100 / total : 100
        let due = shown.withLock { last -> Bool in
            let now = progress.seconds
            let due = onTerminal ? now - last.time >= 0.2 || progress.done == total : percent >= last.percent + 5 || progress.done == total
            if due { last = (percent, now) }
            return due
        }
        guard due else { return }
        FileHandle.standardError.write(Data(line(progress, percent: percent).utf8))
    }

    func finish(_ progress: AreaProgress) {
        let percent = total > 0 ? progress.done * 100 / total : 100
        if !onTerminal, shown.withLock({ $0.percent }) == percent { return }  // said already
        FileHandle.standardError.write(Data((line(progress, percent: percent) + (onTerminal ? "\n" : "")).utf8))
    }

    private func line(_ progress: AreaProgress, percent: Int) -> String {
        let megabytes = String(format: "%.1f MB", Double(progress.bytes) / 1_000_000)
        let rate = String(format: "%.1f tiles/s", progress.rate)
        let left = progress.secondsLeft.map { $0 < 90 ? "\(Int($0.rounded())) s left" : "\(Int(($0 / 60).rounded())) min left" } ?? ""
        let text = "\(progress.done)/\(total) tiles, \(megabytes), \(rate)\(left.isEmpty ? "" : ", " + left)"
            + (progress.failed > 0 ? ", \(progress.failed) failed" : "")
        guard onTerminal else { return "pinmap: \(percent)% \(text)\n" }
        let filled = percent * 24 / 100
        return "\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: 24 - filled))] \(percent)% \(text)\u{1B}[K"
    }
}
