/// A style fetched from a server is a web page's content: it may name
/// only addresses on a server (`http://`, `https://`), never the user's
/// disk, as a browser keeps a web page off the disk. `file://`,
/// `mbtiles://`, `pmtiles://`, `pinmap://` and plain paths in it are refused.
extension MapStyle {
    /// Whether `address` may be reached from a style, TileJSON or sprite fetched from a server.
    package static func isWebAddress(_ address: String) -> Bool {
        let lowered = address.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The style without what a style from a server may not reach: each
    /// source naming a local address left out with its layers, a local sprite
    /// or glyphs dropped; one warning for each, naming what and why.
    package func keptOffTheDisk() -> (style: MapStyle, warnings: [String]) {
        var style = self
        var warnings: [String] = []
        func refusal(_ what: String, _ address: String) -> String {
            "\(file): \(what) names \"\(address.prefix(200))\", a local address, which a style from a server may not reach; left out"
        }
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            let addresses = (source.url.map { [$0] } ?? []) + source.tiles
            guard let local = addresses.first(where: { !MapStyle.isWebAddress($0) }) else { continue }
            style.sources[name] = nil
            style.layers.removeAll { $0.source == name }
            warnings.append(refusal("source \"\(name)\"", local) + " with its layers")
        }
        if let sprite, !MapStyle.isWebAddress(sprite) {
            style.sprite = nil
            warnings.append(refusal("its sprite", sprite))
        }
        if let glyphs, !MapStyle.isWebAddress(glyphs) {
            style.glyphs = nil
            warnings.append(refusal("its glyphs", glyphs))
        }
        return (style, warnings)
    }
}
