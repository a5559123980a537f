import CSDL2
import MapEngine
import MapKitLayer

/// Draws into a window or an offscreen image (an `SDL_Renderer`). Keep it on
/// the thread that made it, as SDL requires.
///
/// Teardown follows ownership: textures keep their renderer, and the
/// renderer keeps what it draws into (a window or a surface), so each is
/// destroyed only after everything made from it.
package final class Renderer {
    let pointer: OpaquePointer
    /// The window or surface drawn into, kept until the renderer is gone.
    private let target: AnyObject?
    /// `drawQuads`' buffers, kept between frames so tens of thousands of
    /// sprites allocate nothing per frame.
    private var quadVertices: [SDL_Vertex] = []
    private var quadIndices: [Int32] = []

    /// The format of opaque textures: the window's when it is 32-bit RGB
    /// without alpha (an X11 window's usually is), so that copying one to
    /// the window is a plain copy of memory rather than a conversion of
    /// every pixel; else ARGB. ARGB words have the same bytes either way.
    private(set) lazy var opaqueFormat: UInt32 = {
        if let window = SDL_RenderGetWindow(pointer), SDL_GetWindowPixelFormat(window) == SDL_PIXELFORMAT_RGB888.rawValue {
            return SDL_PIXELFORMAT_RGB888.rawValue
        }
        return SDL_PIXELFORMAT_ARGB8888.rawValue
    }()

    /// False for an app's own renderer, which the app destroys.
    private let owned: Bool

    init(owning pointer: OpaquePointer, drawingInto target: AnyObject) {
        self.pointer = pointer
        self.target = target
        owned = true
    }

    /// Draws with an app's own `SDL_Renderer` (its window's), which the app
    /// keeps, and destroys after every map drawing with it is gone.
    package init(borrowing pointer: OpaquePointer) {
        self.pointer = pointer
        target = nil
        owned = false
    }

    deinit { if owned { SDL_DestroyRenderer(pointer) } }

    /// A software renderer drawing into `surface`: the same pixels on every machine.
    package static func software(drawingInto surface: Surface) throws(SDLError) -> Renderer {
        guard let made = SDL_CreateSoftwareRenderer(surface.pointer) else {
            throw .last("creating the software renderer")
        }
        return Renderer(owning: made, drawingInto: surface)
    }

    /// Whether SDL draws on the processor (no graphics card).
    var isSoftware: Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(pointer, &info) == 0 else { return false }
        return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Size of what the renderer draws into, in pixels.
    package var outputSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(pointer, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// Runs `body` with drawing going into `texture` (its whole size), then
    /// sends drawing back where it went before.
    func drawing(into texture: Texture, _ body: () -> Void) {
        let previous = SDL_GetRenderTarget(pointer)
        SDL_SetRenderTarget(pointer, texture.pointer)
        body()
        SDL_SetRenderTarget(pointer, previous)
    }

    /// Draws many textured rectangles from one texture in one call: each
    /// quad's corners on screen, its rectangle in the texture and its
    /// colour (a tint, with the alpha as its fourth part).
    func drawQuads(_ texture: Texture, _ quads: [(destination: Rect, source: Rect, color: SDL_Color)]) {
        guard !quads.isEmpty else { return }
        let w = Float(texture.width), h = Float(texture.height)
        var (vertices, indices) = takeGeometryBuffers()
        defer { (quadVertices, quadIndices) = (vertices, indices) }
        for quad in quads {
            let d = quad.destination, s = quad.source
            let (u0, v0) = (Float(s.minX) / w, Float(s.minY) / h)
            let (u1, v1) = (Float(s.maxX) / w, Float(s.maxY) / h)
            let first = Int32(vertices.count)
            for (x, y, u, v) in [(d.minX, d.minY, u0, v0), (d.maxX, d.minY, u1, v0),
                                 (d.maxX, d.maxY, u1, v1), (d.minX, d.maxY, u0, v1)] {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: quad.color,
                                           tex_coord: SDL_FPoint(x: u, y: v)))
            }
            indices += [first, first + 1, first + 2, first, first + 2, first + 3]
        }
        SDL_RenderGeometry(pointer, texture.pointer, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// The kept vertex and index buffers, emptied with their room kept, for
    /// a caller to fill, draw and hand back.
    private func takeGeometryBuffers() -> ([SDL_Vertex], [Int32]) {
        var vertices = quadVertices, indices = quadIndices
        quadVertices = []
        quadIndices = []
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        return (vertices, indices)
    }

    /// Draws `source` (texture pixels) of a texture over a mesh of screen
    /// points: each square of the grid as two textured triangles, the
    /// source cut into as many squares.
    func drawMesh(_ texture: Texture, source: Rect, mesh: TileMesh) {
        let cells = mesh.cells, side = cells + 1
        guard cells > 0, mesh.points.count == side * side else { return }
        let w = Float(texture.width), h = Float(texture.height)
        var (vertices, indices) = takeGeometryBuffers()
        defer { (quadVertices, quadIndices) = (vertices, indices) }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        for row in 0...cells {
            let v = Float(source.minY + source.height * Double(row) / Double(cells)) / h
            for column in 0...cells {
                let u = Float(source.minX + source.width * Double(column) / Double(cells)) / w
                let p = mesh.points[row * side + column]
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: white,
                                           tex_coord: SDL_FPoint(x: u, y: v)))
            }
        }
        for row in 0..<cells {
            for column in 0..<cells {
                let a = Int32(row * side + column), b = a + 1, c = a + Int32(side), d = c + 1
                indices += [a, b, d, a, d, c]
            }
        }
        SDL_SetTextureAlphaMod(texture.pointer, 255)
        SDL_RenderGeometry(pointer, texture.pointer, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// Fills the whole target with `color`.
    package func clear(_ color: Color) {
        SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
        SDL_RenderClear(pointer)
    }

    /// Fills a rectangle (pixels) with `color`, blended when it is not opaque.
    package func fill(_ rect: Rect, _ color: Color) {
        SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
        var r = rect.sdl
        SDL_RenderFillRectF(pointer, &r)
    }

    /// A one-pixel line between two points.
    package func line(from: Point, to: Point, _ color: Color) {
        SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
        SDL_RenderDrawLineF(pointer, Float(from.x), Float(from.y), Float(to.x), Float(to.y))
    }

    /// Draws `source` (texture pixels) of a texture into `destination`.
    /// Draws part of a texture into a rectangle, faded by `alpha` and with
    /// its colours multiplied by `tint` when given, turned `rotation`
    /// degrees clockwise about the rectangle's centre.
    package func copy(_ texture: Texture, source: Rect, destination: Rect, alpha: Double = 1, tint: Color? = nil,
                     rotation: Double = 0) {
        var src = SDL_Rect(x: Int32(source.minX.rounded()), y: Int32(source.minY.rounded()),
                           w: Int32(max(1, source.width.rounded())), h: Int32(max(1, source.height.rounded())))
        var dst = destination.sdl
        SDL_SetTextureAlphaMod(texture.pointer, UInt8(max(0, min(1, alpha)) * 255))
        if let tint { SDL_SetTextureColorMod(texture.pointer, tint.red, tint.green, tint.blue) }
        if rotation == 0 {
            SDL_RenderCopyF(pointer, texture.pointer, &src, &dst)
        } else {
            SDL_RenderCopyExF(pointer, texture.pointer, &src, &dst, rotation, nil, SDL_FLIP_NONE)
        }
        if tint != nil { SDL_SetTextureColorMod(texture.pointer, 255, 255, 255) }
    }

    /// A vertical gradient, as bands of rows in one colour each (a band
    /// for every step of a channel), within the view: each band a plain
    /// fill, which every renderer blends fast, where coloured triangles
    /// cost the software renderer ten nanoseconds a pixel.
    package func gradient(_ rect: Rect, top: Color, bottom: Color) {
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(pointer, &viewport)
        let gradient = RowGradient(rect, top: top, bottom: bottom)
        let rows = gradient.rows(within: Int(viewport.h))
        var row = rows.lowerBound
        while row < rows.upperBound {
            let band = gradient.color(atRow: row)
            var next = row + 1
            while next < rows.upperBound, gradient.color(atRow: next) == band { next += 1 }
            if band.alpha > 0 { fill(Rect(x: rect.minX, y: Double(row), width: rect.width, height: Double(next - row)), band) }
            row = next
        }
    }

    /// Fills a polygon seen whole from `center` as a fan of triangles, with a
    /// band of `feather` pixels outside the outline fading to transparent.
    package func fillShape(_ outline: [Point], center: Point, color: Color, feather: Double) {
        guard outline.count >= 3 else { return }
        let clear = Color(rgba: color.red, color.green, color.blue, 0)
        func vertex(_ p: Point, _ c: Color) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                       color: SDL_Color(r: c.red, g: c.green, b: c.blue, a: c.alpha),
                       tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let n = outline.count
        var vertices = [vertex(center, color)] + outline.map { vertex($0, color) }
        var indices: [Int32] = []
        indices.reserveCapacity(n * 9)
        for i in 0..<n {
            indices += [0, Int32(1 + i), Int32(1 + (i + 1) % n)]
        }
        if feather > 0 {
            // Each outline point pushed out along the mean of its two edges' normals.
            let outer = (0..<n).map { i -> Point in
                let previous = outline[(i + n - 1) % n], point = outline[i], next = outline[(i + 1) % n]
                var normal = Renderer.outwardNormal(previous, point, center: center)
                    + Renderer.outwardNormal(point, next, center: center)
                let length = normal.length
                normal = length > 0 ? normal / length : .zero
                return point + normal * feather
            }
            let base = Int32(vertices.count)
            vertices += outer.map { vertex($0, clear) }
            for i in 0..<n {
                let a = Int32(1 + i), b = Int32(1 + (i + 1) % n)
                let c = base + Int32(i), d = base + Int32((i + 1) % n)
                indices += [a, c, d, a, d, b]
            }
        }
        SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(pointer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// The unit normal of the edge a→b that points away from `center`.
    private static func outwardNormal(_ a: Point, _ b: Point, center: Point) -> Point {
        let edge = b - a
        let length = edge.length
        guard length > 0 else { return .zero }
        var normal = Point(x: edge.y / length, y: -edge.x / length)
        let middle = (a + b) / 2
        if (middle.x - center.x) * normal.x + (middle.y - center.y) * normal.y < 0 { normal = normal * -1 }
        return normal
    }

    /// Runs `body` with drawing moved into `rect` (pixels of the target)
    /// and clipped to it, then puts back the viewport and clip the app had.
    func withViewport(_ rect: Rect, _ body: () -> Void) {
        var oldViewport = SDL_Rect(), oldClip = SDL_Rect()
        SDL_RenderGetViewport(pointer, &oldViewport)
        let clipped = SDL_RenderIsClipEnabled(pointer) == SDL_TRUE
        SDL_RenderGetClipRect(pointer, &oldClip)
        var viewport = SDL_Rect(x: Int32(rect.minX.rounded()), y: Int32(rect.minY.rounded()),
                                w: Int32(rect.width.rounded()), h: Int32(rect.height.rounded()))
        SDL_RenderSetViewport(pointer, &viewport)
        var clip = SDL_Rect(x: 0, y: 0, w: viewport.w, h: viewport.h)
        SDL_RenderSetClipRect(pointer, &clip)
        body()
        SDL_RenderSetViewport(pointer, &oldViewport)
        if clipped { SDL_RenderSetClipRect(pointer, &oldClip) } else { SDL_RenderSetClipRect(pointer, nil) }
    }

    /// Finishes the frame (shows it, for a window).
    package func present() {
        SDL_RenderPresent(pointer)
    }

    /// Carries out the drawing queued so far (SDL batches it), so that the
    /// surface a software renderer draws into holds the frame.
    package func flush() {
        SDL_RenderFlush(pointer)
    }

    /// Copies what was drawn into a new image.
    /// The top-left `width` × `height` pixels of the current target (a picture drawn into).
    func readPixels(width: Int, height: Int) throws(SDLError) -> Surface {
        let surface = try Surface(width: width, height: height)
        var area = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        guard SDL_RenderReadPixels(pointer, &area, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0 else {
            throw .last("reading the drawn picture's pixels")
        }
        return surface
    }

    package func readPixels() throws(SDLError) -> Surface {
        let size = outputSize
        let surface = try Surface(width: Int(size.width), height: Int(size.height))
        guard SDL_RenderReadPixels(pointer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0 else {
            throw .last("reading the rendered pixels")
        }
        return surface
    }
}

extension Rect {
    var sdl: SDL_FRect {
        SDL_FRect(x: Float(minX), y: Float(minY), w: Float(width), h: Float(height))
    }
}
