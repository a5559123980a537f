import MapEngine

// Tiles warped onto their meshes: a turned or tilted map's ground, drawn
// on the processor, each part of a mesh read from the tile's copy of the
// size nearest a texel a pixel (`TexelBlocks`).
extension TrianglePicture {
    /// One picture warped onto a mesh (see `map(_:)`): the mesh's points
    /// (a square grid of `cells` a side, row by row) show the picture's
    /// `source` rectangle (in its pixels) evenly spread.
    package struct Warp {
        package let picture: TexelBlocks
        package let source: Rect
        package let mesh: TileMesh

        package init(_ picture: TexelBlocks, source: Rect, onto mesh: TileMesh) {
            self.picture = picture
            self.source = source
            self.mesh = mesh
        }
    }

    /// Draws a picture warped onto a mesh (see `Warp`): each triangle mapped
    /// straight (as renderers map textures), each pixel the picture's
    /// nearest. Translucent pixels are laid over what is there; an opaque
    /// picture's alpha bytes are not read.
    package mutating func map(_ picture: TexelBlocks, source: Rect, onto mesh: TileMesh) {
        map([Warp(picture, source: source, onto: mesh)])
    }

    /// Draws pictures warped onto meshes, in order, the rows shared out among the processor's cores.
    package mutating func map(_ warps: [Warp]) {
        draw { canvas, bounds in
            for warp in warps { TrianglePicture.map(warp, on: &canvas, bounds: &bounds) }
        }
    }

    fileprivate static func map(_ warp: Warp, on canvas: inout Canvas, bounds: inout Bounds) {
        let (picture, source, mesh) = (warp.picture, warp.source, warp.mesh)
        let cells = mesh.cells, side = cells + 1
        guard cells > 0, mesh.points.count == side * side, source.width > 0, source.height > 0, source.minX.isFinite,
              source.minY.isFinite, source.width.isFinite, source.height.isFinite else { return }
        // The texels the source covers, whole (within a billion, so each converts to a whole number).
        func texels(from low: Double, to high: Double, below count: Int) -> ClosedRange<Int>? {
            let first = max(Int(min(max(low, 0), 1e9)), 0), last = min(Int(min(max(high - 1e-9, 0), 1e9)), count - 1)
            return first <= last ? first...last : nil
        }
        guard let columns = texels(from: source.minX, to: source.maxX, below: picture.width),
              let rows = texels(from: source.minY, to: source.maxY, below: picture.height) else { return }
        // A cell's texels, of the whole picture.
        let cellTexels = source.width * source.height / Double(cells * cells)
        withShaders(picture, columns: columns, rows: rows) { shaders in
            func corner(_ row: Int, _ column: Int, level: Int) -> Corner {
                let scale = 1 / Double(1 << level)
                return Corner(mesh.points[row * side + column],
                              u: (source.minX + source.width * Double(column) / Double(cells)) * scale,
                              v: (source.minY + source.height * Double(row) / Double(cells)) * scale)
            }
            for row in 0..<cells {
                for column in 0..<cells {
                    let (p, q, r) = (mesh.points[row * side + column], mesh.points[row * side + column + 1],
                                     mesh.points[(row + 1) * side + column])
                    // Texels to a screen pixel: from two, read the half-size copy; from eight, the quarter (the
                    // copy nearest a texel a pixel, as a GPU picks a mipmap: level ½·log₂ of this, rounded).
                    let area = abs((q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y))
                    let perPixel = cellTexels / area
                    let level = min(perPixel >= 8 ? 2 : perPixel >= 2 ? 1 : 0, shaders.count - 1)
                    let a = corner(row, column, level: level), b = corner(row, column + 1, level: level)
                    let c = corner(row + 1, column, level: level), d = corner(row + 1, column + 1, level: level)
                    guard a.isFinite, b.isFinite, c.isFinite, d.isFinite else { continue }
                    canvas.fill(a, b, d, shader: shaders[level], bounds: &bounds)
                    canvas.fill(a, d, c, shader: shaders[level], bounds: &bounds)
                }
            }
        }
    }

    /// Runs `body` with a shader for each of the picture's sizes, each kept to
    /// the texels of its size that `columns` and `rows` (of the whole picture) cover.
    fileprivate static func withShaders(_ picture: TexelBlocks, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
                                    made: [PictureShader] = [], _ body: ([PictureShader]) -> Void) {
        let level = made.count
        guard level < picture.levels.count else { return body(made) }
        let size = picture.levels[level]
        func shrunk(_ range: ClosedRange<Int>, below count: Int) -> ClosedRange<Int> {
            min(range.lowerBound >> level, count - 1)...min(range.upperBound >> level, count - 1)
        }
        size.texels.withUnsafeBufferPointer { texels in
            let shader = PictureShader(texels: texels, blocksPerRow: size.blocksPerRow,
                                       columns: shrunk(columns, below: size.width), rows: shrunk(rows, below: size.height),
                                       isOpaque: picture.isOpaque)
            withShaders(picture, columns: columns, rows: rows, made: made + [shader], body)
        }
    }
}
