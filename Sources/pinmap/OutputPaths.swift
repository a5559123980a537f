import Foundation
import MapCore

/// The files a run will write, checked before it starts, so that a FIFO, a
/// device, a read-only file or a missing folder is refused at once with
/// the flag that named it, not after a long render or a whole session.
enum OutputPaths {
    /// Names that say another format than the PNG that `--screenshot` writes.
    static let otherImageFormats: Set<String> = ["pdf", "svg", "jpg", "jpeg", "webp", "gif", "bmp", "tif", "tiff", "ps", "eps"]

    static func check(screenshot: String?, dumpScene: String?, record: String? = nil) throws {
        if let screenshot {
            let suffix = (screenshot as NSString).pathExtension.lowercased()
            if otherImageFormats.contains(suffix) {
                throw UsageError("--screenshot: \(screenshot): pinmap writes screenshots as PNG; name the file .png")
            }
            try check(screenshot, flag: "--screenshot")
        }
        if let dumpScene { try check(dumpScene, flag: "--dump-scene") }
        if let record { try check(record, flag: "--record") }
    }

    static func check(_ path: String, flag: String) throws {
        do {
            try AtomicFile.checkTarget(path)
        } catch {
            throw UsageError("\(flag): \(path): cannot be written: \(error.reason)")
        }
    }
}
