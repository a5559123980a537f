import MapCore

/// Draws a scene's commands in order. It decides nothing: what to draw and
/// where was settled by the core.
public final class SceneRenderer {
    let renderer: Renderer
    let tiles: TileLoader
    let fonts: FontBook
    let images: ImageLibrary

    public init(renderer: Renderer, tiles: TileLoader, fonts: FontBook, images: ImageLibrary) {
        self.renderer = renderer
        self.tiles = tiles
        self.fonts = fonts
        self.images = images
    }

    /// Colour behind everything, seen only where no command draws: the
    /// map's own background.
    public static let clearColor = TileLayer.backgroundColor

    public func draw(_ scene: Scene) {
        renderer.clear(SceneRenderer.clearColor)
        for command in scene.commands {
            switch command {
            case .tile(let draw):
                guard let texture = tiles.texture(for: draw.tile) else { continue }
                // Sources are in pixels of a 256 px tile; scale to the real image.
                let scale = Double(texture.width) / WebMercator.tileSize
                let source = Rect(x: draw.source.minX * scale, y: draw.source.minY * scale,
                                  width: draw.source.width * scale, height: draw.source.height * scale)
                renderer.copy(texture, source: source, destination: draw.rect)
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
                guard let texture = fonts.texture(for: draw.text, font: draw.font, color: draw.color) else { continue }
                renderer.copy(texture, source: Rect(x: 0, y: 0, width: Double(texture.width),
                                                    height: Double(texture.height)),
                              destination: Rect(origin: draw.rect.origin,
                                                size: Size(width: Double(texture.width) * draw.scale,
                                                           height: Double(texture.height) * draw.scale)),
                              alpha: draw.alpha)
            case .line(let from, let to, let color, let width):
                drawLine(from: from, to: to, color: color, width: width)
            case .sprites(let batch):
                drawSprites(batch)
            case .shape(let shape):
                renderer.fillShape(shape.outline, center: shape.center, color: shape.color, feather: shape.feather)
            }
        }
        renderer.present()
    }

    /// Looks each image up once per frame, not once per sprite.
    private func drawSprites(_ batch: SpriteBatch) {
        let textures = batch.names.map { images.texture(named: $0) }
        batch.forEachVisible { sprite, rect, _ in
            guard let texture = textures[Int(sprite.name)] else { return }
            renderer.copy(texture, source: Rect(x: 0, y: 0, width: Double(texture.width),
                                                height: Double(texture.height)),
                          destination: rect, alpha: sprite.alpha, tint: sprite.tint)
        }
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
