import Foundation

/// Writes files so that a crash or a full disk never leaves a half-written
/// one: the bytes go to a temporary file in the same folder, are flushed to
/// disk, and the temporary file is renamed over the target in one step.
///
///     try AtomicFile.write(bytes, to: url, keepingBackup: true)   // old version in url.bak
enum AtomicFile {
    struct Failure: Error {
        let reason: String
    }

    static func write(_ bytes: [UInt8], to url: URL, keepingBackup: Bool) throws(Failure) {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        var info = stat()
        let exists = stat(path, &info) == 0
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, exists ? info.st_mode & 0o7777 : 0o644)
        guard descriptor >= 0 else { throw Failure(reason: lastError()) }
        do throws(Failure) {
            defer { close(descriptor) }
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
            guard fsync(descriptor) == 0 else { throw Failure(reason: lastError()) }
        } catch {
            unlink(temporary)
            throw error
        }
        if keepingBackup && exists {
            // A hard link keeps the old bytes under the backup name while the
            // target itself never goes missing.
            let backup = path + ".bak"
            let backupTemporary = folder + "/." + url.lastPathComponent + ".bak-tmp-\(getpid())"
            unlink(backupTemporary)
            guard link(path, backupTemporary) == 0, rename(backupTemporary, backup) == 0 else {
                let reason = "cannot keep the previous version as \(backup): \(lastError())"
                unlink(backupTemporary)
                unlink(temporary)
                throw Failure(reason: reason)
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw Failure(reason: reason)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
