import Logging

extension Logger {
    /// A logger that writes nothing: what the library logs through when the
    /// app gave no logger of its own, so a library never prints unasked.
    package static func silent(label: String = "pinmap") -> Logger {
        Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
