/// A MapLibre (Mapbox GL) style, version 8: its sources, layers in drawing
/// order, sprite and glyphs. Parsing checks every layer and property:
/// a broken style throws a `StyleError` naming the place; a property pinmap
/// does not know is one warning in `warnings`.
///
///     let style = try MapStyle(bytes: Array(data), file: "bright.json")
///     for layer in style.layers where layer.isShown(at: 14) { … }
public struct MapStyle: Sendable {
    public var name: String?
    public var sources: [String: StyleSource]
    public var layers: [StyleLayer]
    /// The sprite's address without its `.json`/`.png` (and `@2x`) ending.
    public var sprite: String?
    public var glyphs: String?
    /// Where the style says the map opens.
    public var center: Coordinate?
    public var zoom: Double?
    /// Properties and layer types pinmap does not know, one line each.
    public var warnings: [String]
    /// Properties pinmap knows but does not draw yet, one line each.
    public var notes: [String]

    public init(sources: [String: StyleSource] = [:], layers: [StyleLayer] = []) {
        self.sources = sources
        self.layers = layers
        self.warnings = []
        self.notes = []
    }

    public init(bytes: [UInt8], file: String) throws(StyleError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw StyleError(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        var parser = StyleParser(bytes: bytes, file: file)
        self = try parser.style(root)
    }

    /// The first vector source, by name, which `--tiles` replaces.
    public var vectorSource: (name: String, source: StyleSource)? {
        sources.sorted { $0.key < $1.key }.first { $0.value.kind == .vector }.map { ($0.key, $0.value) }
    }
}
