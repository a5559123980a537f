import Foundation
import MapEngine

/// The user's pins file, kept in step with the disk. Every save first reads
/// the file back: when nobody else touched it, the session's edits are
/// written as always; when another program (an editor, a sync tool) changed
/// it since pinmap last read or wrote it, the session's latest edits are
/// laid onto the new content, element by element, so both sets of changes
/// survive. When the other program changed or removed the very pin the
/// session changed, the file is left alone and the session's version goes
/// beside it as `<name>.pinmap-conflict`, and the save says so.
///
///     let file = PinFile(document: try PinDocument.load(from: url, files: DiskFiles()), files: DiskFiles())
///     let outcome = try file.save(pins, deleted: [], added: [])   // .saved or .merged
///
/// Not Sendable: the map's thread alone saves, so its state needs no lock.
@MainActor
package final class PinFile {
    /// How a save went.
    package enum Outcome: Equatable, Sendable {
        /// Written; nobody else had changed the file.
        case saved
        /// Written on top of another program's changes, which are kept.
        case merged
        /// Not written: its content would be the same bytes (no pin of it
        /// changed), so its time, its backup and sync tools are left alone.
        case unchanged
    }

    /// The file as first read, against which pins know their places.
    package let document: PinDocument
    private let url: URL
    /// Where the file is read and written.
    private let files: any FileStore
    /// What pinmap last read from or wrote to the disk, and the session's
    /// edits it held.
    private var onDisk: [UInt8]
    private var lastEdits = PinDocument.Edits()
    /// True once the file holds another program's edits: from then on the
    /// session's edits are always laid onto what is on disk.
    private var hasMerged = false

    /// The file `document` was read from, as it was then; saves merge with what others write meanwhile.
    package init(document: PinDocument, files: any FileStore) {
        self.document = document
        self.files = files
        url = URL(fileURLWithPath: document.file)
        onDisk = document.bytes
    }

    /// Where a conflicting save puts the session's version.
    package var conflictFile: String { document.file + ".pinmap-conflict" }

    /// Removes staging files that runs killed mid-save left beside the
    /// file; returns how many.
    @discardableResult
    package func removeStaleTemporaries() -> Int {
        files.removeStaleTemporaries(of: document.file)
    }

    /// Saves the pins' moves, deletions and additions, merged with what others changed in the file
    /// meanwhile.
    package func save(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
                     placeNames: Bool = false, added: [PointAnnotation] = [],
                     position: PinDocument.Position = \.coordinate) throws(PinFileError) -> Outcome {
        let edits = document.edits(annotations, deleted: deleted, placeNames: placeNames, added: added,
                                   position: position)
        let current: [UInt8]?
        do {
            current = try files.read(document.file, limit: PinDocument.sizeLimit)
        } catch where error.problem == .missing {
            current = nil
        } catch {
            throw .unreadable(file: document.file, reason: error.reason)
        }
        if current == onDisk {
            let output = hasMerged
                ? (try? PinDocument.parse(onDisk, file: document.file)).flatMap {
                    document.applying(from: lastEdits, to: edits, onto: $0)
                }
                : document.encoded(annotations, deleted: deleted, placeNames: placeNames, added: added,
                                   position: position)
            if let output {
                if output == onDisk { return .unchanged }
                try write(output, edits: edits)
                return .saved
            }
        }
        // Changed (or removed) by someone else since pinmap last saw it.
        if let current, let theirs = try? PinDocument.parse(current, file: document.file),
           let output = document.applying(from: lastEdits, to: edits, onto: theirs) {
            if output == current {
                // Their version already holds ours: nothing to write; it is the file pinmap knows now.
                onDisk = current
                lastEdits = edits
                hasMerged = true
                return .unchanged
            }
            try write(output, edits: edits)
            hasMerged = true
            return .merged
        }
        let ours = (try? PinDocument.parse(onDisk, file: document.file)).flatMap {
                    document.applying(from: lastEdits, to: edits, onto: $0)
                }
            ?? document.encoded(annotations, deleted: deleted, placeNames: placeNames, added: added,
                                   position: position)
        do {
            try files.write(ours, to: conflictFile, keepingBackup: false)
        } catch {
            throw .unwritable(file: conflictFile, reason: error.reason)
        }
        throw .conflict(file: document.file, savedAs: conflictFile,
                        reason: current == nil ? "it was removed" : "a pin you changed was changed there too")
    }

    private func write(_ output: [UInt8], edits: PinDocument.Edits) throws(PinFileError) {
        do {
            try files.write(output, to: url.path, keepingBackup: true)
        } catch {
            throw .unwritable(file: document.file, reason: error.reason)
        }
        onDisk = output
        lastEdits = edits
    }
}
