import MapEngine

/// What a view is exported as: a picture (PNG) or a document with shapes
/// and real text (PDF, SVG).
package enum ExportFormat: String, Sendable, CaseIterable {
    case png, pdf, svg

    /// The format a file's name says, by its ending; nil for another.
    package init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
