/// Why a file could not be read: the path and the reason, in plain words.
package struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kept the file from being read.
    package enum Problem: Equatable, Sendable {
        case missing
        case folder
        case linkLoop
        case fifo
        case device
        case socket
        case denied
        case tooLarge(size: Int, limit: Int)
        case system(String)
    }

    /// The path, as given.
    package let path: String
    /// What is wrong with it.
    package let problem: Problem

    /// An error reading `path` because of `problem`.
    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The reason alone, for messages that name the file themselves.
    package var reason: String {
        switch problem {
        case .missing: return "no such file"
        case .folder: return "it is a folder, not a file"
        case .linkLoop: return "its symbolic links form a loop and lead to no file"
        case .fifo: return "it is a named pipe (FIFO), not a regular file"
        case .device: return "it is a device, not a regular file"
        case .socket: return "it is a socket, not a regular file"
        case .denied: return "permission denied"
        case .tooLarge(let size, let limit):
            return "it is \(FileReadError.megabytes(size)), more than the \(FileReadError.megabytes(limit)) allowed"
        case .system(let text): return text
        }
    }

    /// The path and the problem, in words.
    package var description: String { "\(path): cannot be read: \(reason)" }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
