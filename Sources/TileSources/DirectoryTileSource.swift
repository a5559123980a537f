import Foundation
import MapEngine
import FileAccess

/// Tiles stored as files `{z}/{x}/{y}.png` (or `.jpg`) below a folder.
///
/// In the XYZ scheme rows count from the north; with `scheme: .tms` the files
/// are named by rows counted from the south and are flipped on reading.
///
///     let source = try DirectoryTileSource(root: url, scheme: .tms)
package struct DirectoryTileSource: TileSource {
    /// How rows are numbered: from the top (`xyz`, as OpenStreetMap) or from the bottom (`tms`).
    package typealias Scheme = TileScheme

    /// The folder holding `z/x/y.png` (or `.jpg`, `.webp`, `.pbf`).
    package let root: URL
    /// How the folder numbers its rows.
    package let scheme: Scheme
    /// The zoom levels the folder has tiles for.
    package let levels: ClosedRange<Int>
    /// The folder's `attribution.txt`, if it has one.
    package let attribution: String?

    /// No tile image is larger than this; a bigger file is not read.
    package static let fileSizeLimit = 32 << 20

    /// Image file endings tried for each tile, in this order.
    static let extensions = ["png", "jpg", "jpeg"]

    /// Opens a tile folder; the levels are the numeric subfolders that hold at
    /// least one tile file.
    package init(root: URL, scheme: Scheme = .xyz) throws(TileSourceError) {
        let path = root.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        let levels = names.compactMap { Int($0) }.filter { (0...30).contains($0) }.sorted()
            .filter { DirectoryTileSource.holdsTiles(root.appendingPathComponent(String($0))) }
        guard let first = levels.first, let last = levels.last else { throw .noTiles(path: path) }
        self.root = root
        self.scheme = scheme
        self.levels = first...last
        let credit = try? String(contentsOf: root.appendingPathComponent("attribution.txt"), encoding: .utf8)
        let trimmed = credit?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.attribution = (trimmed?.isEmpty ?? true) ? nil : trimmed
    }

    /// The tile's file, or nil when there is none.
    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        guard tile.isValid else { return nil }
        for candidate in files(for: tile) {
            do {
                return Data(try FileReader.read(candidate.path, limit: DirectoryTileSource.fileSizeLimit))
            } catch where error.problem == .missing {
                continue
            } catch {
                throw .unreadable(path: candidate.path, reason: error.reason)
            }
        }
        return nil
    }

    /// The tile's file path, for messages.
    package func location(of tile: TileID) -> String {
        let files = files(for: tile)
        return (files.first { FileManager.default.fileExists(atPath: $0.path) } ?? files[0]).path
    }

    private func files(for tile: TileID) -> [URL] {
        let row = scheme == .xyz ? tile.y : tile.tmsY
        let column = root.appendingPathComponent("\(tile.z)/\(tile.x)")
        return DirectoryTileSource.extensions.map { column.appendingPathComponent("\(row).\($0)") }
    }

    /// True when a level folder has a column folder with an image file in it.
    private static func holdsTiles(_ level: URL) -> Bool {
        let manager = FileManager.default
        guard let columns = try? manager.contentsOfDirectory(atPath: level.path) else { return false }
        for column in columns where Int(column) != nil {
            let files = (try? manager.contentsOfDirectory(atPath: level.appendingPathComponent(column).path)) ?? []
            if files.contains(where: { extensions.contains(($0 as NSString).pathExtension.lowercased()) }) {
                return true
            }
        }
        return false
    }
}
