import Foundation

/// The vector pipeline, bytes to pixels: a data tile read from the source
/// (or the decoded one kept), decoded, laid out with the style into a
/// `TileDrawing`, its raster layers' tiles decoded, then rasterised by the
/// backend. Runs on the tile store's workers.
///
///     let producer = VectorTileProducer(source: source, layout: layout, scale: 2, rasterizer: cairo)
///     let product = try producer.produce(TileKey(tile: tile))   // pixels and labels
package struct VectorTileProducer: TileProducing {
    /// Where the data tiles come from.
    let source: TileSource
    /// How they are drawn.
    let layout: VectorTileLayout
    /// Pixels a point on the display.
    let scale: Double
    let rasterizer: any TileRasterizing
    /// The style's raster sources by name, for its `raster` layers, and what decodes their images.
    let rasterSources: [String: TileSource]
    /// The style's other vector sources by name, for the layers that draw from them, and their decoded tiles.
    let vectorSources: [String: TileSource]
    let otherDecoded: [String: DecodedTileCache<TileID, VectorTile>]
    let decoder: (any TileImageDecoding)?
    let decoded: DecodedTileCache<TileID, VectorTile>
    /// The raster and DEM tiles decoded last, by source and tile.
    let decodedImages = DecodedTileCache<RasterTileName, TilePixels>(capacity: 24)
    /// The lines each symbol layer labels in the last data tiles, joined (`JoinedLineCache`).
    let joinedLines = JoinedLineCache(capacity: 256)

    package init(source: TileSource, layout: VectorTileLayout, scale: Double, rasterizer: any TileRasterizing,
                 rasterSources: [String: TileSource] = [:], vectorSources: [String: TileSource] = [:],
                 decoder: (any TileImageDecoding)? = nil) {
        self.source = source
        self.vectorSources = vectorSources.filter { $0.key != layout.source }
        otherDecoded = self.vectorSources.mapValues { _ in DecodedTileCache<TileID, VectorTile>() }
        self.layout = layout
        self.scale = scale
        self.rasterizer = rasterizer
        self.rasterSources = rasterSources
        self.decoder = decoder
        decoded = DecodedTileCache<TileID, VectorTile>()
    }

    /// The largest tile drawn again at rest (a 2x screen's tile shown 1.4 times larger, with room).
    static let largestRestingSide = 2048

    package func produce(_ key: TileKey) throws(TileLoadError) -> TileProduct? {
        guard let (drawing, dataTile, isIncomplete) = try laidOut(key) else { return nil }
        let location = source.location(of: dataTile)
        let image: TilePixels
        var pictureProblems: [TileProblem] = []
        do {
            image = try rasterizer.rasterize(drawing, rasters: rasterTiles(for: drawing, problems: &pictureProblems))
        } catch {
            throw .unpaintable(location: location, reason: error.description)
        }
        var product = TileProduct(pixels: image, labels: key.isOwnSizeBase ? drawing.labels : [],
                                  problems: drawing.problems.map { TileProblem(location: problemLocation($0, in: drawing, key: key) ?? location, reason: $0) }
                                      + pictureProblems)
        if key.isOwnSizeBase { product.extrusions = drawing.extrusions }
        product.isIncomplete = isIncomplete
        return product
    }

    package func drawing(for key: TileKey) throws(TileLoadError) -> PaintableDrawing? {
        guard let drawing = try laidOut(key)?.drawing else { return nil }
        var problems: [TileProblem] = []
        return PaintableDrawing(drawing: drawing, rasters: rasterTiles(for: drawing, problems: &problems), rasterizer: rasterizer)
    }

    /// The key's data tiles read and laid out with the style: the drawing,
    /// the main source's tile it came from, and whether another source's
    /// tile could not be had now; nil when the source has nothing there.
    private func laidOut(_ key: TileKey) throws(TileLoadError) -> (drawing: TileDrawing, dataTile: TileID, isIncomplete: Bool)? {
        let pixels = Double(key.pixels ?? Int(WebMercator.tileSize))
        guard pixels > 0, pixels <= Double(VectorTileProducer.largestRestingSide) else { return nil }
        let dataTile = layout.dataTile(for: key.tile, scale: scale, pixels: pixels)
        guard let data = try vectorTile(dataTile) else { return nil }
        var sources = [layout.source: VectorTileLayout.SourceData(data, from: dataTile)]
        var isIncomplete = false
        for (name, other) in vectorSources where layout.draws(from: name, on: key.tile, scale: scale, pixels: pixels) {
            // Another source's tile that cannot be had leaves its layers out of this tile; the main source's still
            // draw. One a server could not give now (street detail while offline) is asked for again later.
            let tile = layout.dataTile(for: key.tile, scale: scale, pixels: pixels, source: name, levels: other.levels)
            guard let cache = otherDecoded[name] else { continue }
            do {
                if let data = try VectorTileProducer.vectorTile(tile, from: other, kept: cache) {
                    sources[name] = VectorTileLayout.SourceData(data, from: tile)
                }
            } catch {
                if case .unavailable = error { isIncomplete = true }
            }
        }
        let drawing = layout.drawing(for: key.tile, sources: sources, scale: scale, pixels: pixels, offset: key.phase.offset,
                                     joinedLines: joinedLines)
        return (drawing, dataTile, isIncomplete)
    }

    /// The decoded data tile of the style's source `name` that the map
    /// tile `tile` (at its own size) is drawn from, and which tile that is;
    /// nil when it cannot be had.
    package func data(of name: String, for tile: TileID) -> (data: VectorTile, tile: TileID)? {
        if name == layout.source {
            let dataTile = layout.dataTile(for: tile, scale: scale)
            return (try? vectorTile(dataTile)).flatMap { $0 }.map { ($0, dataTile) }
        }
        guard let other = vectorSources[name], let kept = otherDecoded[name] else { return nil }
        let dataTile = layout.dataTile(for: tile, scale: scale, pixels: WebMercator.tileSize, source: name, levels: other.levels)
        return (try? VectorTileProducer.vectorTile(dataTile, from: other, kept: kept)).flatMap { $0 }.map { ($0, dataTile) }
    }

    /// The decoded data tile of the style's source `name` that the map tile
    /// `tile` drawn over `pixels` is drawn from, when it is kept (nothing is
    /// read): whether a style change reaches the tile.
    package func keptData(of name: String, for tile: TileID, pixels: Double) -> VectorTile? {
        if name == layout.source { return decoded.tile(layout.dataTile(for: tile, scale: scale, pixels: pixels)) }
        guard let other = vectorSources[name], let kept = otherDecoded[name] else { return nil }
        return kept.tile(layout.dataTile(for: tile, scale: scale, pixels: pixels, source: name, levels: other.levels))
    }

    /// Where a problem of another source than the main one lies: that source's data tile.
    private func problemLocation(_ problem: String, in drawing: TileDrawing, key: TileKey) -> String? {
        guard let name = drawing.problemSources[problem], let other = vectorSources[name] else { return nil }
        let pixels = Double(key.pixels ?? 256)
        return other.location(of: layout.dataTile(for: key.tile, scale: scale, pixels: pixels, source: name, levels: other.levels))
    }

    package var offersLabels: Bool { true }

    package var paintsAtAnySize: Bool { true }

    package func location(of key: TileKey) -> String {
        source.location(of: layout.dataTile(for: key.tile, scale: scale, pixels: Double(key.pixels ?? 256)))
    }

    /// The decoded data tile, from the kept ones or the source. A tile the
    /// source lacks at a level it holds is empty (the background only), as
    /// MapLibre draws it: tile makers leave out tiles with nothing in them,
    /// such as the open sea's. Nil for a level the source does not hold.
    package func vectorTile(_ tile: TileID) throws(TileLoadError) -> VectorTile? {
        try VectorTileProducer.vectorTile(tile, from: source, kept: decoded)
    }

    /// A source's decoded data tile, from the kept ones or the source.
    static func vectorTile(_ tile: TileID, from source: TileSource, kept decoded: DecodedTileCache<TileID, VectorTile>) throws(TileLoadError) -> VectorTile? {
        if let kept = decoded.tile(tile) { return kept }
        let bytes: Data?
        do {
            bytes = try source.data(for: tile)
        } catch {
            throw TileLoadError(error, location: source.location(of: tile))
        }
        guard let bytes else {
            return source.holds(level: tile.z) ? try? VectorTile(bytes: []) : nil
        }
        let vectorTile: VectorTile
        do {
            vectorTile = try VectorTile(bytes: [UInt8](bytes))
        } catch {
            // Named by the stored tile that is broken, not the map tile drawn from it.
            throw .broken(location: source.location(of: tile), reason: error.description)
        }
        decoded.keep(vectorTile, as: tile)
        return vectorTile
    }

    /// The raster sources' tiles the drawing's `raster` operations name,
    /// decoded; each picture that is there but cannot be used (too large,
    /// cut short, not a picture) is left out and said in `problems`.
    func rasterTiles(for drawing: TileDrawing, problems: inout [TileProblem]) -> [RasterTileName: TilePixels] {
        var images: [RasterTileName: TilePixels] = [:]
        for operation in drawing.operations {
            switch operation {
            case .raster(let name, let tile, _, _, _, _):
                let named = RasterTileName(source: name, tile: tile)
                if images[named] == nil, let image = rasterTile(named, problems: &problems) { images[named] = image }
            case .hillshade(let name, let tile, _, _):
                // The tile and its neighbours, for the slopes along its edges; heights are never enlarged (that would blend their codes).
                for each in [tile] + Hillshade.neighbours(of: tile) {
                    let named = RasterTileName(source: name, tile: each)
                    if images[named] == nil, let image = rasterTile(named, enlarging: false, problems: &problems) { images[named] = image }
                }
            case .image(let name, _, _, _):
                let named = RasterTileName.wholeImage(of: name)
                if images[named] == nil, let image = wholeImage(named, problems: &problems) { images[named] = image }
            default:
                continue
            }
        }
        return images
    }

    /// An image source's picture (its source's one tile), decoded; nil when it cannot be.
    private func wholeImage(_ name: RasterTileName, problems: inout [TileProblem]) -> TilePixels? {
        guard let source = rasterSources[name.source], let decoder, let bytes = try? source.data(for: name.tile) else { return nil }
        let location = source.location(of: name.tile)
        do {
            try ImageHeader(bytes).checkPixelBudget()
            return try decoder.decode(bytes, name: location, largestSide: TilePixels.largestSide)
        } catch {
            problems.append(TileProblem(location: location, reason: "the image source \"\(name.source)\": \(error); it is left out"))
            return nil
        }
    }

    /// A raster source's tile, or when the source lacks it (and `enlarging`)
    /// the part of its nearest ancestor that covers it (drawn larger); nil
    /// when it has neither or the image cannot be decoded (said in `problems`).
    func rasterTile(_ name: RasterTileName, enlarging: Bool = true, problems: inout [TileProblem]) -> TilePixels? {
        guard let raster = rasterSources[name.source], let decoder else { return nil }
        var found: [TileProblem] = []
        func image(_ tile: TileID) -> TilePixels? {
            let key = RasterTileName(source: name.source, tile: tile)
            if let kept = decodedImages.tile(key) { return kept }
            guard raster.holds(level: tile.z), let bytes = try? raster.data(for: tile) else { return nil }
            let location = raster.location(of: tile)
            do {
                try ImageHeader(bytes).checkTileSize()
                let decoded = try decoder.decode(bytes, name: location, largestSide: TilePixels.largestSide)
                decodedImages.keep(decoded, as: key)
                return decoded
            } catch {
                found.append(TileProblem(location: location, reason: "the source \"\(name.source)\": \(error); the tile is left out"))
                return nil
            }
        }
        defer { problems += found }
        if let own = image(name.tile) { return own }
        guard enlarging else { return nil }
        var enlarged: TilePixels?
        _ = name.tile.nearestAncestor(levelsUp: 8) { ancestor in
            enlarged = image(ancestor).map { $0.enlarged(from: ancestor, to: name.tile) }
            return enlarged != nil
        }
        return enlarged
    }
}

extension TileLoadError {
    /// A source's error as the store keeps it: a server that did not
    /// answer is asked again later; anything else names the stored tile.
    package init(_ error: TileSourceError, location: String) {
        switch error {
        case .unavailable(_, let reason): self = .unavailable(reason: reason)
        case .unreadable(let path, let reason): self = .broken(location: path, reason: reason)
        default: self = .broken(location: location, reason: error.description)
        }
    }
}
