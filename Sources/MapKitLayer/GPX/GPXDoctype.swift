import Foundation
import MapEngine

/// A GPX file's `<!DOCTYPE …>`: GPX has none, and pinmap reads none —
/// an external DTD is never fetched (it could name the user's files or a
/// server), and entities it or the internal subset declare are not
/// expanded. A file that carries one is read without it, and says so.
enum GPXDoctype {
    /// The warning for a DOCTYPE before the root element; nil when there is none.
    static func note(_ bytes: [UInt8], file: String) -> String? {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let start = head.range(of: "<!DOCTYPE", options: [.caseInsensitive]),
              head.range(of: "<gpx")?.lowerBound ?? head.endIndex > start.lowerBound else { return nil }
        let declaration = head[start.lowerBound...].prefix { $0 != ">" && $0 != "[" }
        let (line, column) = TextPosition(offset: head.utf8.distance(from: head.startIndex, to: start.lowerBound), in: bytes).pair
        let external = declaration.range(of: "SYSTEM") != nil || declaration.range(of: "PUBLIC") != nil
        return "\(file):\(line):\(column): its DOCTYPE is passed over"
            + (external ? ": the external DTD it names is not fetched nor read" : ": GPX has none")
            + ", and no entity it declares is expanded"
    }
}
