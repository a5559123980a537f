import MapEngine

/// Where the core's session policy says what it did: the backend passes
/// its logger's methods (the core has no logging library of its own).
package struct SessionLog: Sendable {
    /// How much a line matters.
    package enum Level: Sendable { case debug, info, warning, error }

    let write: @Sendable (Level, String) -> Void

    /// A log writing each line through `write`.
    package init(_ write: @escaping @Sendable (Level, String) -> Void) {
        self.write = write
    }

    /// A log that says nothing.
    package static let silent = SessionLog { _, _ in }

    func info(_ line: String) { write(.info, line) }
    func warning(_ line: String) { write(.warning, line) }
    func error(_ line: String) { write(.error, line) }
}
