import ArgumentParser
import Foundation
import MapEngine
import TileSources

/// `pinmap areas`: the areas downloaded for offline use, one a line (name,
/// zooms, tiles, size, date, file); `--update NAME` fetches an area's tiles
/// again from where they came from; `--delete NAME` removes one.
struct AreasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "areas", abstract: "List the areas downloaded for offline use, update one, or delete one.")

    @Option(help: ArgumentHelp("Delete the area of this name.", valueName: "NAME"))
    var delete: String?

    @Option(help: ArgumentHelp("Fetch every tile of the area of this name again, from the source it was downloaded from.",
                               valueName: "NAME"))
    var update: String?

    /// Where areas are kept: `$XDG_DATA_HOME/pinmap/areas`.
    static func folder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGFolder.data(environment).appendingPathComponent("pinmap/areas")
    }

    func run() throws {
        let folder = AreasCommand.folder()
        if let update {
            guard !update.isEmpty, !update.contains("/") else { throw UsageError("areas: --update takes an area's name") }
            let file = folder.appendingPathComponent("\(update).mbtiles")
            guard FileManager.default.fileExists(atPath: file.path) else { throw UsageError("areas: no area named \(update) in \(folder.path)") }
            let metadata: [String: String]
            do { metadata = try AreaFile.metadata(at: file.path) } catch { throw UsageError("areas: \(error)") }
            guard let plan = AreaPlan(metadata: metadata), let source = metadata["pinmap:source"] else {
                throw UsageError("areas: \(file.path) does not say its box, zooms and source (pinmap download writes them)")
            }
            try DownloadCommand.download(plan, name: update, into: file.path, from: source, maxTiles: .max, refetching: true)
            return
        }
        if let delete {
            guard !delete.isEmpty, !delete.contains("/") else { throw UsageError("areas: --delete takes an area's name") }
            let file = folder.appendingPathComponent("\(delete).mbtiles")
            guard FileManager.default.fileExists(atPath: file.path) else { throw UsageError("areas: no area named \(delete) in \(folder.path)") }
            try FileManager.default.removeItem(at: file)
            print("deleted \(delete)")
            return
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".mbtiles") }.sorted()
        guard !names.isEmpty else {
            print("no areas downloaded (pinmap download --bbox S,W,N,E --zoom 9-14 keeps one in \(folder.path))")
            return
        }
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
            let size = String(format: "%.1f MB", Double(bytes) / 1_000_000)
            guard let source = try? MBTilesSource(path: path) else {
                print("\(name.dropLast(8))\tunreadable\t\(size)\t\(path)")
                continue
            }
            let area = try? AreaFile(path: path)
            let tiles = (try? area?.tiles().count) ?? 0
            let date = (try? area?.metadata())?["pinmap:downloaded"] ?? ""
            print("\(name.dropLast(8))\tzooms \(source.levels.lowerBound)–\(source.levels.upperBound)\t\(tiles) tiles\t\(size)\t\(date)\t\(path)")
        }
    }
}
