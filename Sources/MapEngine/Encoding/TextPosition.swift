/// Line and column (1-based, columns in characters, not bytes) of a byte
/// offset in a file: the one way every reader (styles, JSON, GPX) names a
/// place, so "file:line:col" means the same whichever file it is.
///
///     TextPosition(offset: 12, in: bytes)   // line 2, column 5
package struct TextPosition {
    let line: Int
    let column: Int

    package init(offset: Int, in bytes: [UInt8]) {
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

    /// The line and the column, as a pair.
    package var pair: (line: Int, column: Int) { (line, column) }
}
