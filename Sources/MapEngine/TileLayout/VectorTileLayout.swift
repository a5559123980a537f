import Foundation

/// Turns a decoded vector tile into a `TileDrawing` with a style: which
/// features each layer draws, with what paint, in the tile's pixels, and the
/// labels they offer. Pure: the same tile, style and scale give the same drawing.
///
/// Zooms follow the style spec's 512-point tiles: a pinmap tile of level z
/// (256 pixels) is drawn at style zoom z - 1 - log2(scale), from the data
/// tile of that level (or the deepest the data has, its geometry drawn again
/// larger, so the map is sharp at every zoom). On a 2x screen a tile of 256
/// pixels is drawn with lines and text twice as wide, so the map has the
/// size it has on a 1x screen and twice its sharpness.
///
///     let layout = VectorTileLayout(style: style, source: "openmaptiles", dataLevels: 0...14)
///     let from = layout.dataTile(for: tile, scale: 2)
///     let drawing = layout.drawing(for: tile, data: try VectorTile(bytes: bytes), dataTile: from, scale: 2)
package struct VectorTileLayout: Sendable {
    /// The style the tiles are drawn with.
    package let style: MapStyle
    /// The style's vector source the data tiles belong to.
    package let source: String
    /// The levels the data holds.
    package let dataLevels: ClosedRange<Int>
    /// How many levels deeper than the style zoom the source's data tiles
    /// are: 0 for the spec's 512-point tiles, 1 for 256-point ones (MapLibre
    /// asks a 256-point source for tiles a level deeper; the style zoom is
    /// the map's either way).
    let dataLevelOffset: Int
    /// Feature state (`feature-state`) by source, then by feature id, as an
    /// app set it (`MapView.setFeatureState`).
    package var featureStates: [String: [UInt64: [String: StyleValue]]] = [:]
    /// The widths of the sprite's icons in points, by name: a label along a
    /// line is spaced by the wider of its text and its icon, as MapLibre
    /// lays such labels out (see `SpriteSheet.iconWidths`).
    package var iconWidths: [String: Double] = [:]

    /// A layout of `style`'s layers that draw from `source`, whose data has `dataLevels`.
    package init(style: MapStyle, source: String, dataLevels: ClosedRange<Int>) {
        self.style = style
        self.source = source
        self.dataLevels = dataLevels
        let tileSize = style.sources[source]?.tileSize ?? 512
        self.dataLevelOffset = tileSize >= 512 ? 0 : 1
    }

    /// The style zoom a pinmap tile is drawn at: over its 256 pixels, or
    /// over `pixels` when the map rests between whole zooms and the tile is
    /// drawn again at the size it has on screen (a fractional style zoom).
    package func styleZoom(for tile: TileID, scale: Double, pixels: Double = WebMercator.tileSize) -> Double {
        VectorTileLayout.styleZoom(mapZoom: Double(tile.z) + log2(max(pixels, 1) / WebMercator.tileSize), scale: scale)
    }

    /// The style zoom of pinmap's zoom `mapZoom` on a screen of `scale`:
    /// one less (the spec's tiles are 512 points, pinmap's 256), and one
    /// less again per doubling of the scale. The one definition, for tiles
    /// and labels alike.
    package static func styleZoom(mapZoom: Double, scale: Double) -> Double {
        mapZoom - 1 - log2(max(scale, 1))
    }

    /// How much larger than at the style zoom rounded down the map is drawn
    /// at `zoom`: MapLibre measures patterns and dashes in pixels of its
    /// tiles' zoom (the zoom rounded down) and grows them with the map
    /// beyond it, so at 4.5 a pattern is 2^0.5 times its size at 4.
    static func growth(atStyleZoom zoom: Double) -> Double {
        zoom.isFinite ? pow(2, zoom - zoom.rounded(.down)) : 1
    }

    /// The data tile a pinmap tile is drawn from: the level of its style
    /// zoom rounded down, as MapLibre chooses, within the data's levels.
    package func dataTile(for tile: TileID, scale: Double, pixels: Double = WebMercator.tileSize) -> TileID {
        let wanted = Int(styleZoom(for: tile, scale: scale, pixels: pixels).rounded(.down)) + dataLevelOffset
        return tile.ancestor(at: min(max(wanted, dataLevels.lowerBound), dataLevels.upperBound, tile.z))
    }

    /// The data tile of another of the style's vector sources, whose data has `levels`, a pinmap tile is drawn from.
    package func dataTile(for tile: TileID, scale: Double, pixels: Double, source name: String, levels: ClosedRange<Int>) -> TileID {
        let offset = (style.sources[name]?.tileSize ?? 512) >= 512 ? 0 : 1
        let wanted = Int(styleZoom(for: tile, scale: scale, pixels: pixels).rounded(.down)) + offset
        return tile.ancestor(at: min(max(wanted, levels.lowerBound), levels.upperBound, tile.z))
    }

    /// Whether any layer drawing from the style's source `name` is shown on
    /// a pinmap tile of level `tile.z` (over `pixels`): no other source's tile is
    /// fetched for a zoom none of its layers draw at (street detail zoomed out).
    package func draws(from name: String, on tile: TileID, scale: Double, pixels: Double) -> Bool {
        let zoom = styleZoom(for: tile, scale: scale, pixels: pixels)
        return style.layers.contains { $0.source == name && $0.isGathered(inTileAt: zoom) }
    }

    /// A data tile of one of the style's vector sources and where it lies.
    package struct SourceData {
        package let data: VectorTile
        package let tile: TileID

        package init(_ data: VectorTile, from tile: TileID) {
            self.data = data
            self.tile = tile
        }
    }

    /// The layer types whose features a sort key orders, and its property.
    static let sortKeys: [StyleLayer.Kind: String] = [.fill: "fill-sort-key", .line: "line-sort-key", .circle: "circle-sort-key"]

    /// Pixels of margin drawn beyond the tile's edge, so strokes and joins
    /// reach across it without seams.
    static let margin = 24.0

    /// How far beyond the drawn area, in points, a layer's feature may lie
    /// and still show in it: a line's half width and offset, a circle's
    /// radius (generously: they may read the feature). A symbol offers a
    /// label only when its anchor lies in the tile, so it has none.
    static func reach(of kind: StyleLayer.Kind) -> Double {
        switch kind {
        case .line: return 160
        case .circle: return 80
        // A heatmap's kernel: the default 30-point radius reaches 1.3 radii at weight 1; a tile's buffer holds less.
        case .heatmap: return 256
        case .fill, .symbol, .background, .raster, .fillExtrusion, .hillshade: return 0
        }
    }

    /// A raster layer's tile for `tile`: its source's tile of the same
    /// ground (a quarter of one, for the spec's 512-point raster tiles), or
    /// past the source's deepest level the ancestor drawn larger.
    func rasterOperation(_ layer: StyleLayer, tile: TileID, size: Double, context: StyleContext) -> PaintOperation? {
        guard let name = layer.source, let raster = style.sources[name] else { return nil }
        if raster.kind == .image { return imageOperation(layer, source: name, corners: raster.coordinates, tile: tile, size: size, context: context) }
        guard raster.kind == (layer.kind == .hillshade ? .rasterDEM : .raster) else { return nil }
        let ancestor = tile.ancestor(at: max(min(tile.z - (raster.tileSize >= 512 ? 1 : 0), raster.maxZoom), 0))
        let factor = Double(1 << (tile.z - ancestor.z))
        let rect = Rect(x: -(Double(tile.x) - Double(ancestor.x) * factor) * size, y: -(Double(tile.y) - Double(ancestor.y) * factor) * size,
                        width: size * factor, height: size * factor)
        if layer.kind == .hillshade {
            let shade = Hillshade(
                encoding: raster.encoding, demZoom: ancestor.z, exaggeration: layer.number("hillshade-exaggeration", context),
                direction: layer.number("hillshade-illumination-direction", context),
                shadow: layer.color("hillshade-shadow-color", context).color(), highlight: layer.color("hillshade-highlight-color", context).color(),
                accent: layer.color("hillshade-accent-color", context).color(),
                latitudes: (WebMercator.unproject(Point(x: 0, y: Double(ancestor.y) / Double(1 << ancestor.z))).latitude,
                            WebMercator.unproject(Point(x: 0, y: Double(ancestor.y + 1) / Double(1 << ancestor.z))).latitude))
            return .hillshade(source: name, tile: ancestor, rect: rect, shade: shade)
        }
        guard let (opacity, adjust) = rasterLook(layer, context) else { return nil }
        return .raster(source: name, tile: ancestor, rect: rect, opacity: opacity, adjust: adjust,
                       nearest: layer.string("raster-resampling", context) == "nearest")
    }

    /// An image source's picture where its corners fall in `tile`; nil
    /// where it misses the tile.
    private func imageOperation(_ layer: StyleLayer, source: String, corners: [Coordinate], tile: TileID, size: Double,
                                context: StyleContext) -> PaintOperation? {
        guard corners.count == 4 else { return nil }
        let scale = Double(1 << tile.z) * size
        let points = corners.map { corner in
            let unit = WebMercator.project(corner)
            return Point(x: unit.x * scale - Double(tile.x) * size, y: unit.y * scale - Double(tile.y) * size)
        }
        guard points.contains(where: { $0.x > 0 }), points.contains(where: { $0.x < size }),
              points.contains(where: { $0.y > 0 }), points.contains(where: { $0.y < size }),
              let (opacity, adjust) = rasterLook(layer, context) else { return nil }
        return .image(source: source, corners: points, opacity: opacity, adjust: adjust)
    }

    /// A raster layer's opacity (nil when it is clear) and colour adjustment.
    private func rasterLook(_ layer: StyleLayer, _ context: StyleContext) -> (Double, RasterColourAdjustment)? {
        let opacity = layer.number("raster-opacity", context)
        guard opacity > 0 else { return nil }
        let adjust = RasterColourAdjustment(
            hueRotate: layer.number("raster-hue-rotate", context), saturation: layer.number("raster-saturation", context),
            contrast: layer.number("raster-contrast", context), brightnessMin: layer.number("raster-brightness-min", context),
            brightnessMax: layer.number("raster-brightness-max", context))
        return (min(opacity, 1), adjust)
    }

    /// How far a layer's drawing is moved, in points.
    static func translation(of layer: StyleLayer, _ context: StyleContext) -> Point {
        let name: String
        switch layer.kind {
        case .fill: name = "fill-translate"
        case .line: name = "line-translate"
        case .circle: name = "circle-translate"
        case .symbol, .background, .raster, .fillExtrusion, .heatmap, .hillshade: return Point(x: 0, y: 0)
        }
        guard layer.sets(name), let values = layer.numbers(name, context), values.count == 2,
              values.allSatisfy({ $0.isFinite && abs($0) < 1e4 }) else { return Point(x: 0, y: 0) }
        return Point(x: values[0], y: values[1])
    }

    /// Whether two boxes meet, edges included (a point's box has no width).
    static func touches(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// The drawing of `tile` at `scale` from `data`, the decoded `dataTile`
    /// (the tile itself or its ancestor), over 256 pixels with its labels;
    /// or over `pixels` (a tile drawn again at its size on screen while the
    /// map rests between whole zooms) without them: the 256-pixel tile's
    /// labels stand.
    package func drawing(for tile: TileID, data: VectorTile, dataTile: TileID, scale: Double,
                        pixels: Double = WebMercator.tileSize) -> TileDrawing {
        drawing(for: tile, sources: [source: SourceData(data, from: dataTile)], scale: scale, pixels: pixels)
    }

    /// What a style's tiles are drawn on where it paints no opaque background: white, the page a web map usually lies on.
    static let pageColor = Color(rgba: 255, 255, 255)

    /// The drawing of `tile` from the data tiles of the style's vector
    /// sources, by name: each layer draws from its own source's, and a
    /// layer whose source has none here draws nothing. `offset` moves it
    /// within its picture (see `TileKey.phase`: the pixels move, the labels'
    /// and buildings' tile coordinates do not); only a tile at its own size
    /// has labels and buildings.
    package func drawing(for tile: TileID, sources: [String: SourceData], scale: Double,
                         pixels: Double = WebMercator.tileSize, offset: Point = .zero) -> TileDrawing {
        drawing(for: tile, sources: sources, scale: scale, pixels: pixels, offset: offset, joinedLines: nil)
    }

    /// As above, the lines each layer labels taken from, and kept in, `joinedLines`.
    func drawing(for tile: TileID, sources: [String: SourceData], scale: Double, pixels: Double, offset: Point,
                 joinedLines: JoinedLineCache?) -> TileDrawing {
        let size = max(pixels.rounded(), 1)
        let withLabels = size == WebMercator.tileSize
        var drawing = TileDrawing(pixelSize: Int(size), problems: sources[source]?.data.problems ?? [])
        drawing.offset = offset
        if offset.y != 0, tile.y == 0 || tile.y == (1 << tile.z) - 1 {
            // Nothing beyond the pole: the picture's row past it is left clear, as the plain tile's edge is.
            let top = tile.y == 0 ? offset.y.rounded() - offset.y : -size
            let bottom = tile.y == (1 << tile.z) - 1 ? (size + offset.y).rounded() - offset.y : 2 * size
            drawing.clip = Rect(x: -size, y: top, width: 3 * size, height: bottom - top)
        }
        for (name, other) in sources.sorted(by: { $0.key < $1.key }) where name != source {
            for problem in other.data.problems where !drawing.problems.contains(problem) {
                drawing.problems.append(problem)
                drawing.problemSources[problem] = name
            }
        }
        let zoom = styleZoom(for: tile, scale: scale, pixels: size)
        let bounds = Rect(x: -VectorTileLayout.margin * scale, y: -VectorTileLayout.margin * scale,
                          width: size + 2 * VectorTileLayout.margin * scale, height: size + 2 * VectorTileLayout.margin * scale)
        var zoomContext = StyleContext(zoom: zoom)
        zoomContext.globalState = style.globalState
        for (layerIndex, layer) in style.layers.enumerated() where layer.isGathered(inTileAt: zoom) {
            if layer.kind == .background {
                let opacity = layer.number("background-opacity", zoomContext)
                // A pattern replaces the colour, tiled from the world's corner as a fill's pattern is.
                let pattern = layer.sets("background-pattern") ? layer.string("background-pattern", zoomContext) : ""
                if pattern.isEmpty {
                    drawing.operations.append(.background(layer.color("background-color", zoomContext).color(opacity: opacity)))
                } else {
                    let (low, high) = (bounds.minX, bounds.maxX)  // the margin too, for a picture moved within its pixels
                    let square = [Point(x: low, y: low), Point(x: high, y: low), Point(x: high, y: high), Point(x: low, y: high),
                                  Point(x: low, y: low)]
                    drawing.operations.append(.pattern(rings: [square], image: pattern, opacity: opacity,
                                                       scale: scale * VectorTileLayout.growth(atStyleZoom: zoom),
                                                       phase: Point(x: Double(tile.x) * size, y: Double(tile.y) * size)))
                }
                continue
            }
            // Labels and raised buildings come from the tile at its own size, for the frame to place.
            if (layer.kind == .symbol || layer.kind == .fillExtrusion) && !withLabels { continue }
            if layer.kind == .raster || layer.kind == .hillshade {
                if let operation = rasterOperation(layer, tile: tile, size: size, context: zoomContext) { drawing.operations.append(operation) }
                continue
            }
            guard let sourceName = layer.source, let from = sources[sourceName], let name = layer.sourceLayer,
                  let dataLayer = from.data.layer(named: name) else { continue }
            let factor = Double(1 << (tile.z - from.tile.z))
            let origin = Point(x: Double(tile.x) - Double(from.tile.x) * factor, y: Double(tile.y) - Double(from.tile.y) * factor)
            let toPixels = size * factor / Double(dataLayer.extent)
            // `fill-translate` and its kin move what a layer draws by some points (the map does not rotate,
            // so "map" and "viewport" anchors agree).
            let shift = VectorTileLayout.translation(of: layer, zoomContext) * scale
            let transform = { (p: Point) in
                Point(x: p.x * toPixels - origin.x * size + shift.x, y: p.y * toPixels - origin.y * size + shift.y)
            }
            // The drawn area in the data tile's own coordinates, to skip what lies outside before any work.
            let dataBounds = Rect(x: (bounds.minX - shift.x + origin.x * size) / toPixels, y: (bounds.minY - shift.y + origin.y * size) / toPixels,
                                  width: bounds.width / toPixels, height: bounds.height / toPixels)
            func makePainter() -> LayerOperations {
                var painter = LayerOperations(layer: layer, layerIndex: layerIndex, tile: tile, zoom: zoom, scale: scale,
                                              bounds: bounds, dataBounds: dataBounds, size: size, transform: transform)
                if layer.kind == .symbol {
                    painter.labelBox = Rect(x: -origin.x * size + shift.x, y: -origin.y * size + shift.y,
                                            width: size * factor, height: size * factor)
                    painter.overscaling = max(1, pow(2, zoom.rounded(.down) + Double(dataLevelOffset) - Double(from.tile.z)))
                    painter.avoidsEdges = layer.bool("symbol-avoid-edges", zoomContext)
                    painter.iconWidths = iconWidths
                    painter.dataTileOrder = LabelPriority.tileOrder(of: from.tile)
                }
                return painter
            }
            var painter = makePainter()
            let sortKey = VectorTileLayout.sortKeys[layer.kind].flatMap { layer.sets($0) ? $0 : nil }
            var keyed: [(key: Double, index: Int, feature: VectorFeature, context: StyleContext)] = []
            // Features whose box is beyond all this layer could draw of them here are passed over before their filter.
            let reach = VectorTileLayout.reach(of: layer.kind) * scale / toPixels
            // Labels along lines read every line of the data tile, to join a road's pieces as MapLibre does.
            let near = layer.kind == .symbol && VectorTileLayout.followsLines(layer, zoomContext)
                ? Rect(x: -Double(dataLayer.extent), y: -Double(dataLayer.extent), width: 3 * Double(dataLayer.extent), height: 3 * Double(dataLayer.extent))
                : layer.kind == .symbol
                ? Rect(x: origin.x * size / toPixels, y: origin.y * size / toPixels, width: size / toPixels, height: size / toPixels)
                : Rect(x: dataBounds.minX - reach, y: dataBounds.minY - reach,
                       width: dataBounds.width + 2 * reach, height: dataBounds.height + 2 * reach)
            let place = FeaturePlace(tile: from.tile, extent: dataLayer.extent)
            let states = featureStates[sourceName]
            // The lines a layer labels, joined, are the same for every tile of their data tile: kept, not gathered again.
            let linesKey = layer.kind == .symbol && VectorTileLayout.followsLines(layer, zoomContext)
                ? JoinedLineKey(source: sourceName, tile: from.tile, layer: layerIndex, zoom: zoom) : nil
            let keptLines = linesKey.flatMap { joinedLines?.tile($0) }
            for (featureIndex, feature) in dataLayer.features.enumerated() where keptLines == nil {
                guard let box = feature.bounds, VectorTileLayout.touches(box, near) else { continue }
                var context = zoomContext
                context.subject = feature
                context.place = place
                if let states, let id = feature.id, let state = states[id] { context.featureState = state }
                guard layer.accepts(context) else { continue }
                if let sortKey {
                    keyed.append((layer.number(sortKey, context), featureIndex, feature, context))
                    continue
                }
                painter.add(feature, index: featureIndex, context: context)
            }
            drawing.operations += painter.operations()
            // With a sort key, features are drawn lowest key first, as MapLibre draws them; those of one key share paints.
            keyed.sort { ($0.key, $0.index) < ($1.key, $1.index) }
            var start = 0
            while start < keyed.count {
                var run = makePainter()
                var end = start
                while end < keyed.count, keyed[end].key == keyed[start].key {
                    run.add(keyed[end].feature, index: keyed[end].index, context: keyed[end].context)
                    end += 1
                }
                drawing.operations += run.operations()
                for problem in run.problems where !drawing.problems.contains(problem) {
                    drawing.problems.append(problem)
                    if let other = layer.source, other != source { drawing.problemSources[problem] = other }
                }
                start = end
            }
            let lines = painter.finishLineLabels(joined: keptLines)
            if let linesKey, keptLines == nil, !lines.isEmpty { joinedLines?.keep(lines, as: linesKey) }
            drawing.labels += painter.labels
            drawing.extrusions += painter.extrusions
            for problem in painter.problems where !drawing.problems.contains(problem) {
                drawing.problems.append(problem)
                if let other = layer.source, other != source { drawing.problemSources[problem] = other }
            }
        }
        // What the style leaves clear (no background, a pattern's gaps, a see-through colour) shows white, as a web page
        // shows through a MapLibre map.
        if !drawing.isOpaque { drawing.operations.insert(.background(VectorTileLayout.pageColor), at: 0) }
        return drawing
    }
}

extension VectorTileLayout {
    /// Whether a symbol layer places its labels along lines at this zoom.
    static func followsLines(_ layer: StyleLayer, _ context: StyleContext) -> Bool {
        let placement = layer.string("symbol-placement", context)
        return placement == "line" || placement == "line-center"
    }

    /// The colour the style's first background layer paints at map zoom
    /// `zoom` (opacity included); nil when it has none.
    package func background(atZoom zoom: Double) -> Color? {
        var context = StyleContext(zoom: VectorTileLayout.styleZoom(mapZoom: zoom, scale: 1))
        context.globalState = style.globalState
        guard let layer = style.layers.first(where: { $0.kind == .background && $0.isShown(at: context.zoom) }) else { return nil }
        return layer.color("background-color", context).color(opacity: layer.number("background-opacity", context))
    }
}

extension VectorTileLayout {
    /// The longest `raster-fade-duration` of the raster layers shown at
    /// `zoom`, in seconds (0 without raster layers): how long a tile takes
    /// to fade in over what stood in for it.
    package func rasterFadeDuration(atStyleZoom zoom: Double) -> Double {
        let context = StyleContext(zoom: zoom)
        let longest = style.layers.lazy.filter { $0.kind == .raster && $0.isShown(at: zoom) }
            .map { $0.number("raster-fade-duration", context) }.max() ?? 0
        // A number from the file: only a finite one from 0 to 10 s counts.
        return longest.isFinite ? min(max(longest, 0), 10_000) / 1000 : 0
    }
}
