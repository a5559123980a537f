import CSDL2
import MapEngine
import MapKitLayer
import VectorRaster

/// Draws a scene's commands in order. It decides nothing: what to draw and
/// where was settled by the core.
package final class SceneRenderer {
    let renderer: Renderer
    /// The tile store's images, by key.
    let tiles: TileTextures
    let fonts: FontBook
    let images: ImageLibrary
    /// What annotation views drew with shapes and text, painted on first use.
    let pictures: PictureTextures
    /// The sprites of one atlas page waiting to be drawn, kept between frames.
    private var run: [(destination: Rect, source: Rect, color: SDL_Color)] = []
    /// The last base plane drawn and the picture it was drawn into.
    private var plane: (commands: [DrawCommand], texture: Texture, replacements: Int)?
    /// Counts the base plane's pictures drawn.
    private var planeGeneration = 0
    /// The base plane's picture with the annotation views that stay put on it.
    let spritePlane: SpritePlane
    /// Filled shapes kept as pictures when SDL draws in software.
    private let shapes: ShapePictures
    /// Layers of triangles (3D buildings) drawn on the processor.
    private let triangles: ProcessorPicture
    /// A turned or tilted map's tiles warped on the processor, for the view
    /// and for the base plane (each of its size), when SDL draws in software.
    private let viewGround: GroundWarp?
    private let planeGround: GroundWarp?
    /// The size of the scene being drawn.
    var viewSize = Size(width: 1, height: 1)

    /// Draws with `renderer` from these tiles, fonts and images.
    init(renderer: Renderer, tiles: TileTextures, fonts: FontBook, images: ImageLibrary) {
        self.renderer = renderer
        self.tiles = tiles
        self.fonts = fonts
        self.images = images
        pictures = PictureTextures(fonts: fonts, renderer: renderer)
        triangles = ProcessorPicture(renderer: renderer)
        shapes = ShapePictures(renderer: renderer)
        spritePlane = SpritePlane(renderer: renderer)
        viewGround = tiles.keepsPixels ? GroundWarp(renderer: renderer) : nil
        planeGround = tiles.keepsPixels ? GroundWarp(renderer: renderer) : nil
    }

    /// Colour behind everything, seen only where no command draws: the
    /// map's own background.
    package static let clearColor = TileLayer.backgroundColor

    /// Draws the scene over the whole target and presents it.
    package func draw(_ scene: Scene) {
        viewSize = scene.camera.viewportSize
        let base = basePicture(scene)
        if base == nil, !coversWithOpaqueTiles(scene.commands[...], covered: scene.tilesCoverView) { renderer.clear(SceneRenderer.clearColor) }
        drawCommands(scene, base: base)
        renderer.present()
    }

    /// Draws the scene into a rectangle of the target (pixels), clipped to
    /// it, and leaves presenting to the app that owns the target.
    package func draw(_ scene: Scene, into viewport: Rect) {
        viewSize = scene.camera.viewportSize
        let base = basePicture(scene)
        renderer.withViewport(viewport) {
            if base == nil, !coversWithOpaqueTiles(scene.commands[...], covered: scene.tilesCoverView) {
                renderer.fill(Rect(origin: .zero, size: viewport.size), SceneRenderer.clearColor)
            }
            drawCommands(scene, base: base)
        }
    }

    /// The picture of the scene's base plane: the one kept when the plane
    /// draws what it drew last, else drawn anew; nil without a plane (or
    /// when no picture of its size can be made).
    private func basePicture(_ scene: Scene) -> Texture? {
        guard let base = scene.base else { return nil }
        let width = Int(base.size.width.rounded()), height = Int(base.size.height.rounded())
        if let plane, plane.texture.width == width, plane.texture.height == height, plane.commands == base.commands,
           plane.replacements == tiles.replacements {
            return plane.texture
        }
        let texture: Texture
        if let kept = plane?.texture, kept.width == width, kept.height == height {
            texture = kept
        } else {
            plane = nil  // the old picture goes before the new one is made
            guard let made = try? renderer.makeTargetTexture(width: width, height: height) else { return nil }
            texture = made
        }
        renderer.drawing(into: texture) {
            if !coversWithOpaqueTiles(base.commands[...], covered: base.tilesCover) { renderer.clear(SceneRenderer.clearColor) }
            draw(base.commands[...], ground: planeGround, size: base.size)
        }
        plane = (base.commands, texture, tiles.replacements)
        planeGeneration &+= 1
        return texture
    }

    /// Whether the tile draws reach every pixel (the core says so, as
    /// `covered`) and each draws an opaque texture it has: then clearing
    /// first would only be painted over.
    private func coversWithOpaqueTiles(_ commands: ArraySlice<DrawCommand>, covered: Bool) -> Bool {
        guard covered else { return false }
        for command in commands {
            guard case .tile(let draw) = command, draw.key.layer == .base else { continue }
            guard tiles.texture(for: draw.key)?.isOpaque == true else { return false }
        }
        return true
    }

    /// The scene's commands, the first ones from the base plane's picture when it has one.
    private func drawCommands(_ scene: Scene, base: Texture?) {
        guard let base, let plane = scene.base else {
            spritePlane.forget()
            return draw(scene.commands[...], ground: viewGround, size: viewSize)
        }
        let rest = scene.commands.dropFirst(plane.count)
        func whole(_ texture: Texture) {
            renderer.copy(texture, source: Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height)),
                          destination: Rect(origin: plane.origin, size: Size(width: Double(texture.width), height: Double(texture.height))))
        }
        // Annotation views over the plane: those that stay put are kept in a picture, drawn over the base's (see
        // `SpritePlane`); with a layer of their own, what lies between the plane and them is drawn first.
        let view = Rect(origin: .zero, size: viewSize)
        let at = rest.firstIndex { if case .sprites = $0 { true } else { false } }
        if let at, at == rest.startIndex || spritePlane.isLayer, case .sprites(let batch) = rest[at],
           let kept = spritePlane.picture(of: base, generation: planeGeneration, plane: plane, batch: batch, view: view,
                                          drawGroups: { groups, area, shift in drawSprites(batch, groups: groups, area: area, shift: shift) }) {
            if at == rest.startIndex, let composed = spritePlane.composed(over: base, generation: planeGeneration) {
                whole(composed)
            } else if spritePlane.isLayer {
                whole(base)
                draw(rest[..<at], ground: viewGround, size: viewSize)
                whole(kept.texture)
            } else {
                whole(kept.texture)
            }
            drawSprites(batch, groups: kept.live, area: view, shift: .zero)
            return draw(rest[(at + 1)...], ground: viewGround, size: viewSize)
        }
        if at != rest.startIndex { spritePlane.forget() }
        whole(base)
        draw(rest, ground: viewGround, size: viewSize)
    }

    /// The commands in order onto a target of `size`. With a `ground`,
    /// tiles on meshes whose pixels are kept are warped on the processor.
    func draw(_ commands: ArraySlice<DrawCommand>, ground: GroundWarp?, size: Size) {
        defer { ground?.lay() }
        for (position, command) in zip(commands.indices, commands) {
            // The background under tiles to be warped begins their picture, which then needs no blending.
            if let ground, case .rect(let rect, let color) = command, color.alpha == 255,
               rect.minX <= 0, rect.minY <= 0, rect.maxX >= size.width, rect.maxY >= size.height, position + 1 < commands.endIndex,
               case .tile(let next) = commands[position + 1], next.mesh != nil, ground.cover(with: color, size: size) {
                continue
            }
            if let ground, case .tile(let draw) = command, let mesh = draw.mesh, let pixels = tiles.pixels(for: draw.key),
               ground.warp(pixels, source: draw.source, mesh: mesh, size: size) {
                continue
            }
            // Buildings and haze right over warped tiles are drawn in the tiles' picture: one copy to the target.
            if let ground, case .triangles(let draw) = command, ground.isGathering {
                guard draw.opacity > 0, !draw.indices.isEmpty else { continue }
                if triangles.fit(size), ground.raise(draw, using: triangles, images: images) { continue }
            }
            if let ground, case .gradient(let rect, let top, let bottom) = command,
               ground.shade(RowGradient(rect, top: top, bottom: bottom)) {
                continue
            }
            ground?.lay()
            switch command {
            case .tile(let draw):
                guard let texture = tiles.texture(for: draw.key) else { continue }
                // Sources are in pixels of a 256 px tile; scale to the real image.
                let scale = Double(texture.width) / WebMercator.tileSize
                let source = Rect(x: draw.source.minX * scale, y: draw.source.minY * scale,
                                  width: draw.source.width * scale, height: draw.source.height * scale)
                if let mesh = draw.mesh {
                    renderer.drawMesh(texture, source: source, mesh: mesh)
                } else {
                    // An opaque tile fading in is blended over its stand-in while it fades.
                    let replaces = draw.alpha < 1 && !texture.blends
                    if replaces { texture.blends = true }
                    renderer.copy(texture, source: source, destination: draw.rect, alpha: draw.alpha)
                    if replaces { texture.blends = false }
                }
            case .image(let draw) where draw.catalog == .styleIcons && draw.sdf != nil:
                drawSDFIcon(draw)
            case .image(let draw) where draw.catalog == .styleIcons:
                guard let (texture, source) = images.styleIcon(named: draw.name) else { continue }
                renderer.copy(texture, source: source, destination: draw.rect, alpha: draw.alpha, rotation: draw.rotation)
            case .image(let draw):
                guard let texture = images.texture(named: draw.name) else { continue }
                renderer.copy(texture, source: Rect(x: 0, y: 0, width: Double(texture.width),
                                                    height: Double(texture.height)),
                              destination: draw.rect, alpha: draw.alpha, tint: draw.tint)
            case .rect(let rect, let color):
                renderer.fill(rect, color)
            case .gradient(let rect, let top, let bottom):
                renderer.gradient(rect, top: top, bottom: bottom)
            case .text(let draw):
                drawText(draw)
            case .line(let from, let to, let color, let width):
                drawLine(from: from, to: to, color: color, width: width)
            case .sprites(let batch):
                drawSprites(batch)
            case .shape(let shape):
                drawShape(shape)
            case .triangles(let draw):
                drawTriangles(draw)
            }
        }
    }

    /// A style's SDF icon: its halo (when it has one), then its shape in its
    /// colour, each drawn at its size on whole pixels.
    private func drawSDFIcon(_ draw: ImageDraw) {
        guard let look = draw.sdf else { return }
        let corner = Point(x: draw.rect.minX.rounded(), y: draw.rect.minY.rounded())
        let width = Int(min(max(draw.rect.width.rounded(), 1), 2048)), height = Int(min(max(draw.rect.height.rounded(), 1), 2048))
        let destination = Rect(x: corner.x, y: corner.y, width: Double(width), height: Double(height))
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        if look.haloColor.alpha > 0, let halo = images.sdfIcon(named: draw.name, color: look.haloColor, edge: look.haloEdge,
                                                              gamma: look.haloGamma, width: width, height: height) {
            renderer.copy(halo, source: whole, destination: destination, alpha: draw.alpha, rotation: draw.rotation)
        }
        let color = draw.tint ?? Color(rgba: 0, 0, 0, 255)
        if let shape = images.sdfIcon(named: draw.name, color: color, edge: SDFIconLook.edge, gamma: look.gamma,
                                      width: width, height: height) {
            renderer.copy(shape, source: whole, destination: destination, alpha: draw.alpha, rotation: draw.rotation)
        }
    }

    /// A layer of triangles (3D buildings, thousands of faces) drawn whole
    /// into a picture on the processor, then laid over the map at its
    /// opacity: translucent faces do not show through one another, and no
    /// renderer spends its per-triangle cost on each face.
    private func drawTriangles(_ draw: TriangleDraw) {
        guard draw.opacity > 0, !draw.indices.isEmpty, triangles.fit(viewSize) else { return }
        if draw.pattern != nil || !triangles.picture.fill(points: draw.points, colors: draw.colors, indices: draw.indices,
                                                          fadedTo: draw.opacity) {
            triangles.picture.fill(draw, images: images)
            triangles.picture.fade(to: draw.opacity)
        }
        triangles.lay()
    }

    /// Text on its halo (one texture, the halo drawn first), its logical
    /// box on the rect the core laid out, turned about the rect's centre
    /// when it follows a line.
    private func drawText(_ draw: TextDraw) {
        let halo = draw.haloWidth > 0 ? draw.halo : nil
        guard let placed = fonts.texture(for: draw.text, font: draw.font, color: draw.color, halo: halo, haloWidth: draw.haloWidth)
        else { return }
        let texture = placed.texture
        let size = Size(width: Double(texture.width) * draw.scale, height: Double(texture.height) * draw.scale)
        let origin = Point(x: placed.origin.x * draw.scale, y: placed.origin.y * draw.scale)
        let source = Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height))
        guard draw.rotation != 0 else {
            // Level text lands on whole pixels, as it was drawn: sharp, and the same in every frame.
            let corner = Point(x: (draw.rect.minX - origin.x).rounded(), y: (draw.rect.minY - origin.y).rounded())
            return renderer.copy(texture, source: source, destination: Rect(origin: corner, size: size), alpha: draw.alpha)
        }
        // A piece of a label along a line: its middle on the rect's centre and
        // its baseline where "Ag"'s would be in the rect; turned about that point.
        let pivot = Point(x: origin.x + placed.box.width * draw.scale / 2, y: origin.y + placed.pathOffset * draw.scale)
        // The texture turns about its own centre, put where turning about the pivot would take it.
        let angle = draw.rotation * .pi / 180
        let offset = Point(x: size.width / 2 - pivot.x, y: size.height / 2 - pivot.y)
        let centre = Point(x: draw.rect.midX + offset.x * cos(angle) - offset.y * sin(angle),
                           y: draw.rect.midY + offset.x * sin(angle) + offset.y * cos(angle))
        renderer.copy(texture, source: source, destination: Rect(x: centre.x - size.width / 2, y: centre.y - size.height / 2,
                                                                 width: size.width, height: size.height),
                      alpha: draw.alpha, rotation: draw.rotation)
    }

    /// Every sprite in one `SDL_RenderGeometry` call per run of sprites on
    /// the same atlas page (one call for all of them, usually), back to
    /// front. Each image is looked up once per frame, not once per sprite,
    /// and only when a sprite on screen uses it: a picture no view shows
    /// any more is not painted again.
    /// Draws the batch's views: all of them in the view, or those of
    /// `groups` that show in `area` (view pixels), moved by `shift`.
    private func drawSprites(_ batch: SpriteBatch, groups: [Int]? = nil, area: Rect = Rect(x: 0, y: 0, width: 0, height: 0), shift: Point = .zero) {
        pictures.beginFrame()
        typealias Place = (texture: Texture, source: Rect)
        var places = [Place??](repeating: nil, count: batch.names.count)
        var tintedPlaces: [TintedImage: Place?] = [:]
        func place(_ name: Int32) -> Place? {
            if let known = places[Int(name)] { return known }
            let found: Place?
            if let picture = batch.pictures[name] {
                found = pictures.place(for: picture)
            } else {
                found = images.atlasImage(named: batch.names[Int(name)])
            }
            places[Int(name)] = .some(found)
            return found
        }
        let white = Color(rgba: 255, 255, 255)
        run.removeAll(keepingCapacity: true)
        var page: Texture?
        let each: ((SpriteBatch.Sprite, Rect, SpriteBatch.Group) -> Void) -> Void = { body in
            guard let groups else { return batch.forEachVisible(body) }
            batch.forEachVisible(in: area, groups: groups) { sprite, rect, group in body(sprite, rect.offsetBy(shift), group) }
        }
        each { sprite, rect, _ in
            var tint = sprite.tint ?? white
            var found: Place?
            if tint != white, batch.pictures[sprite.name] == nil {
                // A named image tinted: its tinted copy, drawn as it is.
                let key = TintedImage(name: sprite.name, tint: tint)
                if let known = tintedPlaces[key] {
                    found = known
                } else {
                    found = images.atlasImage(named: batch.names[Int(sprite.name)], tint: tint)
                    tintedPlaces[key] = .some(found)
                }
                if found != nil { tint = white }
            }
            guard let place = found ?? place(sprite.name) else { return }
            if place.texture !== page {
                if let page { renderer.drawQuads(page, run) }
                run.removeAll(keepingCapacity: true)
                page = place.texture
            }
            let alpha = UInt8((max(0, min(1, sprite.alpha)) * 255).rounded(.down))
            run.append((rect, place.source, SDL_Color(r: tint.red, g: tint.green, b: tint.blue, a: alpha)))
        }
        if let page { renderer.drawQuads(page, run) }
    }

    private struct TintedImage: Hashable {
        let name: Int32
        let tint: Color
    }

    /// A shape as triangles, but the cheap cases first: a transparent one
    /// (a control that only shows pressed) costs nothing, and a sharp
    /// axis-aligned rectangle (a label's backing) is a plain fill.
    private func drawShape(_ shape: ShapeDraw) {
        guard shape.color.alpha > 0 else { return }
        let o = shape.outline
        if shape.feather == 0, o.count == 4, o[0].y == o[1].y, o[1].x == o[2].x, o[2].y == o[3].y, o[3].x == o[0].x {
            let rect = Rect(x: min(o[0].x, o[2].x), y: min(o[0].y, o[2].y), width: abs(o[2].x - o[0].x),
                            height: abs(o[2].y - o[0].y))
            return renderer.fill(rect, shape.color)
        }
        if shapes.draw(o, center: shape.center, color: shape.color, feather: shape.feather) { return }
        renderer.fillShape(o, center: shape.center, color: shape.color, feather: shape.feather)
    }

    /// SDL draws one-pixel lines; a wider line is drawn as parallel strokes
    /// spread across its width.
    private func drawLine(from: Point, to: Point, color: Color, width: Double) {
        let strokes = max(1, Int(width.rounded()))
        let along = to - from
        let length = along.length
        guard strokes > 1, length > 0 else { return renderer.line(from: from, to: to, color) }
        let normal = Point(x: -along.y / length, y: along.x / length)
        for i in 0..<strokes {
            let offset = normal * (Double(i) - Double(strokes - 1) / 2)
            renderer.line(from: from + offset, to: to + offset, color)
        }
    }
}
