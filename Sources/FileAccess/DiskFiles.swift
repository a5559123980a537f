import Foundation
import MapEngine

/// The real disk as a `FileStore`: reads through `FileReader` (regular
/// files only, with a size limit), writes through `AtomicFile`.
///
///     let document = try PinDocument.load(from: url, files: DiskFiles())
package struct DiskFiles: FileStore {
    /// The disk.
    package init() {}

    package func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        try FileReader.read(path, limit: limit)
    }

    package func readPrefix(_ path: String, count: Int) throws(FileReadError) -> [UInt8] {
        try FileReader.readPrefix(path, count: count)
    }

    package func write(_ bytes: [UInt8], to path: String, keepingBackup: Bool) throws(FileWriteError) {
        try AtomicFile.write(bytes, to: path, keepingBackup: keepingBackup)
    }

    @discardableResult
    package func removeStaleTemporaries(of path: String) -> Int {
        AtomicFile.removeStaleTemporaries(of: path)
    }

    package func entries(ofFolder path: String) throws(FileReadError) -> [String] {
        guard let folder = opendir(path) else { throw FileReadError(path: path, errno: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
