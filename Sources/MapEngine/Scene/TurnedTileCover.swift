import Foundation

/// The tiles that cover a turned or tilted view, found as MapLibre finds
/// them: from the whole world down, a tile the view sees is split into its
/// four children while it is shallower than the level its nearest visible
/// part wants (the camera's zoom, less where perspective shrinks the
/// ground), so a tilted view takes farther tiles from shallower levels.
/// A tile that reaches too near the eye is drawn in parts, each part's
/// mesh fine enough to keep perspective within a pixel.
struct TurnedTileCover {
    let camera: Camera
    let levels: ClosedRange<Int>
    /// The ground the view shows, in ground offsets (see `Camera+Projection`).
    private let ground: [Point]
    /// The nearest ground in view, along the view's up-down axis.
    private let nearestVisible: Double
    private let projector: GroundProjector
    private let worldSize: Double

    /// The most parts a tile near the eye is cut into, as levels of halving.
    static let partDepth = 5
    /// The most squares a side of one mesh.
    static let mostCells = 16
    /// The perspective error one square may leave, in pixels: under one.
    static let tolerance = 0.9

    /// How far meshes reach past their tiles' edges here (`overlap`, or 0).
    let rim: Double

    init(camera: Camera, levels: ClosedRange<Int>, overlap: Double = TurnedTileCover.overlap) {
        rim = overlap
        self.camera = camera
        self.levels = levels
        ground = camera.groundCorners
        projector = GroundProjector(camera)
        worldSize = camera.worldSize
        nearestVisible = ground.map { camera.alongView($0) }.max() ?? 0
    }

    func placements() -> [TilePlacement] {
        let rect = camera.visibleMapRect
        guard rect.width.isFinite, rect.height.isFinite else { return [] }
        var result: [TilePlacement] = []
        let first = Int(rect.minX.rounded(.down)), last = Int(rect.maxX.rounded(.up)) - 1
        for copy in first...max(first, last) {
            visit(TileID(z: 0, x: 0, y: 0), column: copy, into: &result)
        }
        return result
    }

    /// A tile, at unwrapped column `column` (the world repeating east-west).
    private func visit(_ tile: TileID, column: Int, into result: inout [TilePlacement]) {
        let n = Double(1 << tile.z)
        let world = Rect(x: Double(column) / n, y: Double(tile.y) / n, width: 1 / n, height: 1 / n)
        let corners = groundCorners(of: world)
        guard overlapsView(corners) else { return }
        let wanted = min(max(Int((camera.zoom + log2(nearestScale(corners))).rounded()), levels.lowerBound), levels.upperBound)
        if tile.z < wanted, tile.z < levels.upperBound {
            for dy in 0..<2 {
                for dx in 0..<2 {
                    visit(TileID(z: tile.z + 1, x: tile.x * 2 + dx, y: tile.y * 2 + dy), column: column * 2 + dx, into: &result)
                }
            }
            return
        }
        placeParts(of: tile, world: world, source: TileLayer.wholeTile, depth: 0, into: &result)
    }

    /// Places a part of a tile, cut in four again while it reaches too
    /// near the eye to be drawn as one mesh.
    private func placeParts(of tile: TileID, world: Rect, source: Rect, depth: Int, into result: inout [TilePlacement]) {
        let corners = groundCorners(of: world)
        guard overlapsView(corners) else { return }
        let d = camera.eyeDistance
        let nearest = corners.map { d - camera.alongView($0) * camera.tilt.sin }.min() ?? d
        if camera.pitch > 0, nearest < d / 4, depth < TurnedTileCover.partDepth {
            for dy in 0..<2 {
                for dx in 0..<2 {
                    let w = world.width / 2, h = world.height / 2, sw = source.width / 2, sh = source.height / 2
                    placeParts(of: tile, world: Rect(x: world.minX + Double(dx) * w, y: world.minY + Double(dy) * h, width: w, height: h),
                               source: Rect(x: source.minX + Double(dx) * sw, y: source.minY + Double(dy) * sh, width: sw, height: sh),
                               depth: depth + 1, into: &result)
                }
            }
            return
        }
        let mesh = self.mesh(over: world)
        let wrapped = TileID(z: tile.z, x: tile.x, y: tile.y)
        var placement = TilePlacement(tile: wrapped, rect: mesh.bounds)
        placement.source = source
        placement.mesh = mesh
        result.append(placement)
    }

    /// How far each mesh reaches past its tile's edges, in pixels: half a
    /// pixel, so neighbours overlap and the rasteriser leaves no hairline
    /// between them (the texture is stretched by as little).
    static let overlap = 0.5

    /// The mesh over a unit-world rectangle: as many squares a side as keep
    /// the error of drawing each flat under `tolerance` pixels.
    private func mesh(over world: Rect) -> TileMesh {
        func screen(_ x: Double, _ y: Double) -> Point { projector.screen(world: Point(x: x, y: y)) }
        var cells = 1
        if camera.pitch > 0 {
            let corners = [screen(world.minX, world.minY), screen(world.maxX, world.minY),
                           screen(world.maxX, world.maxY), screen(world.minX, world.maxY)]
            let flat = (corners[0] + corners[1] + corners[2] + corners[3]) / 4
            let error = (screen(world.midX, world.midY) - flat).length
            // The error of a square shrinks with the square of its side.
            cells = min(max(Int((error / TurnedTileCover.tolerance).squareRoot().rounded(.up)), 1), TurnedTileCover.mostCells)
        }
        var points: [Point] = []
        points.reserveCapacity((cells + 1) * (cells + 1))
        for row in 0...cells {
            let y = world.minY + world.height * Double(row) / Double(cells)
            for column in 0...cells {
                points.append(screen(world.minX + world.width * Double(column) / Double(cells), y))
            }
        }
        // The rim pushed out from the middle by `overlap` pixels.
        guard rim > 0 else { return TileMesh(cells: cells, points: points) }
        let middle = (points[0] + points[cells] + points[cells * (cells + 1)] + points[points.count - 1]) / 4
        for row in 0...cells {
            for column in 0...cells where row == 0 || row == cells || column == 0 || column == cells {
                let i = row * (cells + 1) + column, out = points[i] - middle, length = out.length
                if length > 0 { points[i] = points[i] + out * (rim / length) }
            }
        }
        return TileMesh(cells: cells, points: points)
    }

    private func groundCorners(of world: Rect) -> [Point] {
        let w = worldSize
        let left = (world.minX - camera.center.x) * w, right = (world.maxX - camera.center.x) * w
        let top = (world.minY - camera.center.y) * w, bottom = (world.maxY - camera.center.y) * w
        return [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
    }

    /// How much larger than at the centre the tile's nearest visible ground is drawn.
    private func nearestScale(_ corners: [Point]) -> Double {
        guard camera.pitch > 0 else { return 1 }
        let along = min(corners.map { camera.alongView($0) }.max() ?? 0, nearestVisible)
        let d = camera.eyeDistance
        return d / max(d - along * camera.tilt.sin, d * Camera.nearestDepth)
    }

    /// Whether a convex quadrilateral of ground offsets overlaps the ground
    /// in view (both convex: no axis of either separates them).
    private func overlapsView(_ corners: [Point]) -> Bool {
        for shape in [ground, corners] {
            for i in 0..<shape.count {
                let a = shape[i], b = shape[(i + 1) % shape.count]
                let axis = Point(x: b.y - a.y, y: a.x - b.x)
                func span(_ points: [Point]) -> (Double, Double) {
                    var lo = Double.infinity, hi = -Double.infinity
                    for p in points {
                        let v = p.x * axis.x + p.y * axis.y
                        lo = min(lo, v); hi = max(hi, v)
                    }
                    return (lo, hi)
                }
                let (a0, a1) = span(ground), (b0, b1) = span(corners)
                if a1 < b0 || b1 < a0 { return false }
            }
        }
        return true
    }
}

extension Camera {
    /// How far a ground offset lies down the view (towards its bottom edge), in pixels.
    @inline(__always)
    package func alongView(_ offset: Point) -> Double {
        -offset.x * turn.sin + offset.y * turn.cos
    }
}
