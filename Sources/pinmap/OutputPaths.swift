import Foundation
import MapEngine
import MapKitLayer
import FileAccess

/// The files a run will write, checked before it starts, so that a FIFO, a
/// device, a read-only file or a missing folder is refused at once with
/// the flag that named it, not after a long render or a whole session.
enum OutputPaths {
    /// Names that say a format pinmap does not write (it writes PNG, PDF and SVG).
    static let otherImageFormats: Set<String> = ["jpg", "jpeg", "webp", "gif", "bmp", "tif", "tiff", "ps", "eps"]

    static func check(screenshot: String?, dumpScene: String?, record: String? = nil, flag: String = "--screenshot") throws {
        if let screenshot {
            let suffix = (screenshot as NSString).pathExtension.lowercased()
            if otherImageFormats.contains(suffix) {
                throw UsageError("\(flag): \(screenshot): pinmap writes PNG, PDF and SVG, not \(suffix.uppercased()); "
                                     + "name the file .png, .pdf or .svg")
            }
            try check(screenshot, flag: flag)
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
