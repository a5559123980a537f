/// A layout file that cannot be used, with the file, the field at fault
/// (a path such as `elements[2].size`) and why.
public struct CalloutLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let field: String?
    public let reason: String

    public init(file: String, field: String? = nil, reason: String) {
        self.file = file
        self.field = field
        self.reason = reason
    }

    public var description: String {
        if let field { return "\(file): field \"\(field)\": \(reason)" }
        return "\(file): \(reason)"
    }
}
