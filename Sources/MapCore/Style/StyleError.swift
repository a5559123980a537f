/// Why a style file cannot be used: where in the file, which layer and
/// property, and what is wrong.
///
///     // style.json:14:22: layer "roads": "line-width": stop inputs must be in ascending order
public struct StyleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let layer: String?
    public let property: String?
    public let reason: String

    public init(file: String, line: Int, column: Int, layer: String? = nil, property: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.layer = layer
        self.property = property
        self.reason = reason
    }

    public var description: String {
        var text = "\(file):\(line):\(column): "
        if let layer { text += "layer \"\(layer)\": " }
        if let property { text += "\"\(property)\": " }
        return text + reason
    }
}

/// Line and column (1-based, columns in characters) of a byte offset.
struct TextPosition {
    let line: Int
    let column: Int

    init(offset: Int, in bytes: [UInt8]) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        self.column = bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
