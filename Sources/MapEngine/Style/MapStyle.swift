import Foundation

/// A MapLibre (Mapbox GL) style, version 8: its sources, layers in drawing
/// order, sprite and glyphs. Parsing checks every layer and property:
/// a broken style throws a `StyleError` naming the place; a property pinmap
/// does not know is one warning in `warnings`.
///
///     let style = try MapStyle(bytes: Array(data), file: "bright.json")
///     for layer in style.layers where layer.isShown(at: 14) { … }
package struct MapStyle: Sendable {
    /// The style's `name`.
    package var name: String?
    /// The sources by name.
    package var sources: [String: StyleSource]
    /// The layers pinmap draws, bottom first.
    package var layers: [StyleLayer]
    /// The sprite's address without its `.json`/`.png` (and `@2x`) ending.
    package var sprite: String?
    /// The glyphs URL template (pinmap draws text with its own fonts).
    package var glyphs: String?
    /// Where the style says the map opens.
    package var center: Coordinate?
    /// The zoom the style says the map opens at.
    package var zoom: Double?
    /// The heading the style says the map opens at (its root `bearing`), degrees clockwise from north.
    package var bearing: Double?
    /// The tilt the style says the map opens at (its root `pitch`), in degrees.
    package var pitch: Double?
    /// The values `global-state` reads, by name: the defaults of the root's `state`.
    package var globalState: [String: StyleValue] = [:]
    /// Properties and layer types pinmap does not know, one line each.
    package var warnings: [String]
    /// Properties pinmap knows but does not draw yet, one line each.
    package var notes: [String]
    /// The bytes it was read from (empty for a style built in code), so that
    /// it can be changed at run time (`StyleDocument`), and its file's name.
    package var bytes: [UInt8] = []
    package var file = ""

    /// A style of these sources and layers, built in code.
    package init(sources: [String: StyleSource] = [:], layers: [StyleLayer] = []) {
        self.sources = sources
        self.layers = layers
        self.warnings = []
        self.notes = []
    }

    /// Parses a style file's bytes; `file` names it in errors and warnings.
    package init(bytes: [UInt8], file: String) throws(StyleError) {
        if let bad = UTF8Check.firstInvalidOffset(bytes) {
            let position = TextPosition(offset: bad, in: bytes)
            throw StyleError(file: file, line: position.line, column: position.column, reason: "the file is not UTF-8 here")
        }
        let root = try StyleError.parseJSON(bytes, file: file)
        var parser = StyleParser(bytes: bytes, file: file)
        self = try parser.style(root)
        self.bytes = bytes
        self.file = file
    }

    /// The map's own vector source, which `--tiles` replaces: the one the
    /// lowest layer drawing from a vector source uses (the ground the rest
    /// lies on, such as the embedded world under its street detail), else the first by name.
    package var vectorSource: (name: String, source: StyleSource)? {
        for layer in layers {
            if let name = layer.source, let source = sources[name], source.kind == .vector { return (name, source) }
        }
        return sources.sorted { $0.key < $1.key }.first { $0.value.kind == .vector }.map { ($0.key, $0.value) }
    }

    /// The style with its relative addresses (sprite, source TileJSON and
    /// tile URLs) taken from `base`, the address it was fetched from.
    package func resolvingAddresses(against base: URL) -> MapStyle {
        var style = self
        style.sprite = sprite.map { RelativeAddress.resolve($0, against: base) }
        style.glyphs = glyphs.map { RelativeAddress.resolve($0, against: base) }
        for (name, source) in sources {
            var resolved = source
            resolved.url = source.url.map { RelativeAddress.resolve($0, against: base) }
            resolved.tiles = source.tiles.map { RelativeAddress.resolve($0, against: base) }
            style.sources[name] = resolved
        }
        return style
    }
}
