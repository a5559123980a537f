/// Why a file was not written, in words that follow its path.
package struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, in plain words.
    package let reason: String

    /// An error saying `reason`.
    package init(reason: String) { self.reason = reason }

    /// The reason.
    package var description: String { reason }
}
