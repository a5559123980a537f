import MapEngine

/// What a session's vector tiles are painted from, kept so that the style
/// can be changed while the map is open (MapLibre's `setPaintProperty`,
/// `addLayer`, `setData` …): the layout of the style, the sources it opened,
/// and the painting tools. Each change reads the edited style whole
/// (`StyleDocument`) and makes a new producer; the tile store then paints
/// every tile anew, drawing the old pixels until the new ones come
/// (`TileStore.replaceBase`).
package struct PaintedStyle {
    /// The layout now (its style localized to `language`).
    package private(set) var layout: VectorTileLayout
    /// The layout's own source, and the style's other vector sources by name.
    package private(set) var source: TileSource
    package private(set) var vectorSources: [String: TileSource]
    private(set) var rasterSources: [String: TileSource]
    let scale: Double
    let rasterizer: any TileRasterizing
    let decoder: any TileImageDecoding
    /// The language the style's names are shown in, kept through changes.
    let language: NameLanguage?
    /// The style's JSON, made when it is first changed.
    private var document: StyleDocument?
    /// Opens vector and raster sources that layers come to draw from; without it only GeoJSON sources with inline data can be.
    let opener: (any StyleSourceOpening)?

    package init(layout: VectorTileLayout, source: TileSource, vectorSources: [String: TileSource], rasterSources: [String: TileSource],
                 scale: Double, rasterizer: any TileRasterizing, decoder: any TileImageDecoding, language: NameLanguage?,
                opener: (any StyleSourceOpening)? = nil) {
        self.layout = layout
        self.source = source
        self.vectorSources = vectorSources
        self.rasterSources = rasterSources
        self.scale = scale
        self.rasterizer = rasterizer
        self.decoder = decoder
        self.language = language
        self.opener = opener
    }

    /// Merges `state` into the state of the feature `id` of `source` (a
    /// value of null takes that key away), or clears it all (`nil`), as
    /// MapLibre's `setFeatureState` and `removeFeatureState` do; features
    /// are drawn with it through `feature-state`.
    package mutating func setFeatureState(_ state: [String: StyleValue]?, id: UInt64, source name: String) throws(StyleChangeError) {
        guard layout.style.sources[name] != nil else { throw StyleChangeError("there is no source \"\(name)\"") }
        var states = layout.featureStates
        if let state {
            var merged = states[name]?[id] ?? [:]
            for (key, value) in state { merged[key] = value == .null ? nil : value }
            states[name, default: [:]][id] = merged.isEmpty ? nil : merged
        } else {
            states[name]?[id] = nil
        }
        layout.featureStates = states
    }

    /// The producer of the style's tiles as they are now.
    package func producer() -> VectorTileProducer {
        VectorTileProducer(source: source, layout: layout, scale: scale, rasterizer: rasterizer,
                           rasterSources: rasterSources, vectorSources: vectorSources, decoder: decoder)
    }

    /// Makes `edit` to the style's document; the GeoJSON sources named in
    /// `reopening` (their data changed) are read again from the edited
    /// style, and those a layer now draws from that were not open (declared
    /// but unused until now, or new) are opened. Nothing changes when the
    /// edit or a source is refused.
    package mutating func change(reopening: Set<String> = [],
                                 _ edit: (inout StyleDocument) throws(StyleChangeError) -> MapStyle) throws(StyleChangeError) {
        var document: StyleDocument
        if let kept = self.document { document = kept } else { document = try StyleDocument(layout.style) }
        let style = try edit(&document)
        var vectorSources = self.vectorSources.filter { style.sources[$0.key] != nil }
        var rasterSources = self.rasterSources.filter { style.sources[$0.key] != nil }
        var source = self.source
        let open = Set(vectorSources.keys).union(rasterSources.keys).union([layout.source])
        let unopened = Set(style.layers.compactMap(\.source)).filter { !open.contains($0) && style.sources[$0] != nil }
        for name in reopening.union(unopened).sorted() {
            guard let declared = style.sources[name] else { continue }
            let opened: TileSource
            if declared.kind == .geojson, let bytes = declared.inlineData {
                do {
                    opened = try GeoJSONTileSource(declared, named: name, bytes: bytes, file: "the GeoJSON source \"\(name)\"")
                } catch {
                    throw StyleChangeError(error.description)
                }
            } else if let opener, unopened.contains(name) {
                opened = try opener.open(declared, named: name)
            } else {
                continue
            }
            if declared.kind == .raster || declared.kind == .rasterDEM { rasterSources[name] = opened }
            else if name == layout.source { source = opened } else { vectorSources[name] = opened }
        }
        let sourceNames = Set(vectorSources.keys).union(rasterSources.keys).union([layout.source])
        if let missing = style.layers.first(where: { $0.source.map { !sourceNames.contains($0) } ?? false }) {
            throw StyleChangeError("the layer \"\(missing.id)\" draws from the source \"\(missing.source ?? "")\", which the map has not opened")
        }
        self.document = document
        self.source = source
        self.vectorSources = vectorSources
        self.rasterSources = rasterSources
        let shown = language.map { style.localized(to: $0) } ?? style
        let (states, icons) = (layout.featureStates, layout.iconWidths)
        layout = VectorTileLayout(style: shown, source: layout.source, dataLevels: layout.dataLevels)
        layout.featureStates = states.filter { style.sources[$0.key] != nil }
        layout.iconWidths = icons
    }
}

/// Opens a style's source from its declaration: a vector or raster source
/// a style changed at run time comes to draw from. The app's style loader
/// gives one, knowing the style's folder and its servers.
package protocol StyleSourceOpening: Sendable {
    /// The source `name` as `source` declares it.
    func open(_ source: StyleSource, named name: String) throws(StyleChangeError) -> TileSource
}
