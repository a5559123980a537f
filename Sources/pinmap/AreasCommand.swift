import ArgumentParser
import Foundation
import TileSources

/// `pinmap areas`: the areas downloaded for offline use, one a line (name,
/// zooms, tiles, size, date, file); `--delete NAME` removes one.
struct AreasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "areas", abstract: "List the areas downloaded for offline use, or delete one.")

    @Option(help: ArgumentHelp("Delete the area of this name.", valueName: "NAME"))
    var delete: String?

    static var folder: URL { XDGFolder.data().appendingPathComponent("pinmap/areas") }

    func run() throws {
        let folder = AreasCommand.folder
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
