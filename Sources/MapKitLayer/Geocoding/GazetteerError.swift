import MapEngine

/// Why the gazetteer file could not be used.
package enum GazetteerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read or is not a gazetteer; the reason says why.
    case unreadable(file: String, reason: String)
    /// The file is not a gazetteer, or is cut short or inconsistent.
    case corrupt(file: String, reason: String)

    /// The file and what went wrong, on one line.
    package var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot be read: \(reason)"
        case .corrupt(let file, let reason): return "\(file): not a usable gazetteer: \(reason)"
        }
    }
}
