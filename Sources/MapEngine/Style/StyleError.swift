/// Why a style file cannot be used: where in the file, which layer and
/// property, and what is wrong.
///
///     // style.json:14:22: layer "roads": "line-width": stop inputs must be in ascending order
package struct StyleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The style file, as the user named it.
    package let file: String
    /// 1-based line of the problem.
    package let line: Int
    /// 1-based column, in characters.
    package let column: Int
    /// The layer's id, when the problem is in a layer.
    package let layer: String?
    /// The property (or `filter`), when the problem is in one.
    package let property: String?
    /// What is wrong, in plain words.
    package let reason: String

    /// An error at `line`:`column` of `file`.
    package init(file: String, line: Int, column: Int, layer: String? = nil, property: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.layer = layer
        self.property = property
        self.reason = reason
    }

    /// `file:line:col: layer "id": "property": reason`.
    package var description: String {
        var text = "\(file):\(line):\(column): "
        if let layer { text += "layer \"\(layer)\": " }
        if let property { text += "\"\(property)\": " }
        return text + reason
    }
}

extension StyleError {
    /// A style file's (or sprite index's) JSON tree; a syntax error becomes a `StyleError` at its place.
    static func parseJSON(_ bytes: [UInt8], file: String) throws(StyleError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw StyleError(file: file, line: error.line, column: error.column, reason: error.reason)
        }
    }
}
