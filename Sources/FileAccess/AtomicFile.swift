import Foundation
import MapEngine

/// Writes files so that a crash, a kill or a full disk never leaves a
/// half-written one: the bytes go to a file in the target's own folder, are
/// flushed to disk, and replace the target in one rename. Every writer of
/// pinmap (pins, screenshots, scene dumps, state and settings) writes through it.
///
/// - Only a regular file, or a path where nothing is yet, is written: a FIFO,
///   a device (`/dev/full`), a folder or a socket is refused before anything
///   is opened, so a writer never blocks on a pipe nor reports success for
///   bytes that went nowhere. Every write, the flush and the close are checked.
/// - A read-only file (no write bit for anyone) is never replaced, not even
///   by root, who could: the user said it is not to be changed.
/// - A symbolic link is written through: the file it leads to is replaced,
///   and the link stays a link.
/// - The new file keeps the old one's permissions, and its owner and group
///   where the process may set them (as root it always may).
/// - The new bytes live in an unnamed file (`O_TMPFILE`) until the moment
///   before the rename, so a kill leaves nothing behind but in that instant;
///   `removeStaleTemporaries` clears what a killed run left.
///
///     try AtomicFile.write(bytes, to: url, keepingBackup: true)   // old version in url.bak
package enum AtomicFile {
    /// Why a file was not written, in words that follow its path.
    package typealias Failure = FileWriteError

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift cannot import.
    private static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    private static let marker = ".pinmap-"

    /// The file a path finally names, through any symbolic links.
    package static func resolve(_ path: String) throws(Failure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            switch errno {
            case ELOOP: throw Failure(reason: "its symbolic links form a loop and lead to no file")
            case ENOENT: throw Failure(reason: "it is a symbolic link to a file that does not exist")
            default: throw Failure(reason: lastError())
            }
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Throws, saying why, unless `path` names a regular file that may be
    /// replaced or a place in an existing folder where a file can be made.
    package static func checkTarget(_ path: String) throws(Failure) {
        let resolved = try resolve(path)
        var info = stat()
        if stat(resolved, &info) == 0 {
            if let kind = kind(of: info.st_mode) {
                throw Failure(reason: "it is \(kind), not a regular file: pinmap writes only regular files")
            }
            if info.st_mode & 0o222 == 0 {
                throw Failure(reason: "it is read-only (mode \(String(info.st_mode & 0o777, radix: 8))): pinmap does not replace it")
            }
            return
        }
        guard errno == ENOENT else { throw Failure(reason: lastError()) }
        let folder = (resolved as NSString).deletingLastPathComponent.isEmpty ? "." : (resolved as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else { throw Failure(reason: "its folder \(folder) cannot be reached: \(lastError())") }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw Failure(reason: "\(folder) is not a folder") }
    }

    /// What a file that is not a regular one is, in words; nil for a regular file.
    package static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    package static func write(_ bytes: [UInt8], to url: URL, keepingBackup: Bool) throws(Failure) {
        try write(bytes, to: url.path, keepingBackup: keepingBackup)
    }

    /// Writes `bytes` as the whole file at `path`, or throws and leaves it as it was.
    package static func write(_ bytes: [UInt8], to path: String, keepingBackup: Bool = false) throws(Failure) {
        try checkTarget(path)
        let path = try resolve(path)
        let folder = (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var info = stat()
        let exists = stat(path, &info) == 0
        let mode = exists ? info.st_mode & 0o7777 : 0o644
        let staging = "\(folder)/.\(name)\(marker)\(getpid()).tmp"
        let (descriptor, named) = try openTemporary(in: folder, staging: staging, mode: mode)
        var isOpen = true
        do throws(Failure) {
            defer { if isOpen { close(descriptor) } }
            try writeAll(bytes, to: descriptor)
            _ = fchmod(descriptor, mode)  // creation masks bits with the umask
            if exists && (info.st_uid != geteuid() || info.st_gid != getegid()) {
                // Allowed for root; for others only to a group they are in.
                _ = fchown(descriptor, info.st_uid, info.st_gid)
            }
            guard fsync(descriptor) == 0 else { throw Failure(reason: lastError()) }
            if keepingBackup && exists {
                // A hard link keeps the old bytes under the backup name while
                // the target itself never goes missing. Made before the new
                // bytes get a name, so that name lives only for one rename.
                let backup = path + ".bak"
                let backupStaging = "\(folder)/.\(name)\(marker)\(getpid()).bak-tmp"
                unlink(backupStaging)
                guard link(path, backupStaging) == 0, rename(backupStaging, backup) == 0 else {
                    let reason = "cannot keep the previous version as \(backup): \(lastError())"
                    unlink(backupStaging)
                    throw Failure(reason: reason)
                }
            }
            if !named {
                unlink(staging)
                guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, staging, 0x400) == 0 else {
                    throw Failure(reason: lastError())
                }
            }
            // A network file system may report a failed write only here.
            isOpen = false
            guard close(descriptor) == 0 else { throw Failure(reason: lastError()) }
        } catch {
            unlink(staging)
            throw error
        }
        guard rename(staging, path) == 0 else {
            let reason = lastError()
            unlink(staging)
            throw Failure(reason: reason)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// An unnamed file in `folder` where the file system has them, else the
    /// file `staging`; says which.
    private static func openTemporary(in folder: String, staging: String,
                                      mode: mode_t) throws(Failure) -> (Int32, named: Bool) {
        let unnamed = open(folder, temporaryFileFlag | O_WRONLY | O_CLOEXEC, mode)
        if unnamed >= 0 { return (unnamed, false) }
        unlink(staging)
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(reason: lastError()) }
        return (descriptor, true)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            written += n
        }
    }

    /// Removes the staging files that runs killed mid-save left beside
    /// `path` (theirs name a process that is gone); returns how many.
    @discardableResult
    package static func removeStaleTemporaries(of path: String) -> Int {
        guard let target = try? resolve(path) else { return 0 }
        let folder = (target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        // Today's names, and those of versions before: ".<name>.tmp-<pid>", ".<name>.bak-tmp-<pid>".
        let prefixes = [".\(name)\(marker)", ".\(name).tmp-", ".\(name).bak-tmp-"]
        for entry in entries {
            guard let prefix = prefixes.first(where: { entry.hasPrefix($0) }) else { continue }
            let rest = entry.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            let suffix = rest.dropFirst(digits.count)
            guard let pid = Int32(digits), ["", ".tmp", ".bak-tmp"].contains(String(suffix)) else { continue }
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink("\(folder)/\(entry)") == 0 { removed += 1 }
        }
        return removed
    }

    private static func lastError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
