import MapEngine

/// A layout file that cannot be used, with the file, the field at fault
/// (a path such as `elements[2].size`) and why.
package struct CalloutLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The layout file, as given.
    package let file: String
    /// The field at fault, as a path (`elements[2].font`), when there is one.
    package let field: String?
    /// What is wrong, in words.
    package let reason: String

    /// An error in `file`, at `field` if known, saying `reason`.
    package init(file: String, field: String? = nil, reason: String) {
        self.file = file
        self.field = field
        self.reason = reason
    }

    /// The file, the field if any, and the reason, on one line.
    package var description: String {
        if let field { return "\(file): field \"\(field)\": \(reason)" }
        return "\(file): \(reason)"
    }
}
