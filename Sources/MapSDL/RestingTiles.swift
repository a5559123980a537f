import Foundation
import Logging
@_spi(PinmapApp) import MapCore

/// Vector tiles drawn again at the size they have on screen, for a map at
/// rest between whole zooms: there a 256-pixel tile is shown up to 1.4
/// times larger (or smaller), and would look soft. While the map moves the
/// 256-pixel tiles are scaled; once it rests, the tiles of the view are
/// painted at their exact size on a worker thread and drawn instead as they
/// come. Only the current view's are kept.
///
///     resting.want(keys)          // the view's tiles at their on-screen size, at rest
///     resting.pump()              // once per frame, on the main thread
///     resting.texture(for: tile, pixels: 362)
final class RestingTiles {
    /// A tile and the pixels a side it is drawn over.
    struct Key: Hashable, Sendable {
        let tile: TileID
        let pixels: Int
    }

    private struct Outcome: Sendable {
        let key: Key
        /// Nil when it could not be painted (it is then not asked for again).
        let image: DecodedImage?
        /// Not painted: the view changed before its turn.
        var dropped = false
    }

    private let renderer: Renderer
    private let logger: Logger
    private var textures: [Key: Texture] = [:]
    private var asked: Set<Key> = []
    private let inbox = Mailbox<Outcome>()
    private let paints: WantedFirstQueue<Key>

    /// Tiles asked for and not painted yet.
    private(set) var pendingCount = 0

    init(source: TileSource, painter: TilePainter, renderer: Renderer, scale: Double, logger: Logger) {
        self.renderer = renderer
        self.logger = logger
        let inbox = inbox
        // One lane: the view is already drawn, this only sharpens it.
        paints = WantedFirstQueue(width: 1, run: { key in
            var image: DecodedImage?
            if let painted = try? painter.paint(key.tile, from: source, scale: scale, pixels: key.pixels),
               let surface = try? Surface(width: painted.width, height: painted.height, argb: painted.argb) {
                image = DecodedImage(surface: surface, opaque: painted.isOpaque)
            }
            inbox.post(Outcome(key: key, image: image))
        }, drop: { key in
            inbox.post(Outcome(key: key, image: nil, dropped: true))
        })
    }

    /// The tiles the view at rest wants sharp; those of any other view are
    /// let go. An empty list (the map moves) keeps the textures but asks for nothing.
    func want(_ keys: [Key]) {
        paints.want(keys)
        guard !keys.isEmpty else { return }
        let wanted = Set(keys)
        textures = textures.filter { wanted.contains($0.key) }
        asked = asked.intersection(wanted)
        for key in keys where textures[key] == nil && asked.insert(key).inserted {
            pendingCount += 1
            paints.submit(key)
        }
    }

    /// The source rectangle of a tile drawn whole.
    static let wholeTile = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)

    /// The pixels a side a whole tile is drawn over, when it is drawn square
    /// at another size than its own 256 (a map between whole zooms).
    static func pixels(of draw: TileDraw) -> Int? {
        let side = Int(draw.rect.width.rounded())
        guard draw.source == wholeTile, side != Int(WebMercator.tileSize), side >= 64, side <= 1024,
              abs(draw.rect.height - draw.rect.width) <= 1 else { return nil }
        return side
    }

    /// The view's whole tiles drawn at another size than their own: those to sharpen at rest.
    static func keys(in scene: Scene) -> [Key] {
        var keys: [Key] = []
        for command in scene.commands {
            guard case .tile(let draw) = command, draw.layer == nil, let pixels = pixels(of: draw) else { continue }
            keys.append(Key(tile: draw.tile, pixels: pixels))
        }
        return keys
    }

    /// Takes finished paints and makes their textures. Main thread only.
    /// Returns how many came.
    @discardableResult
    func pump() -> Int {
        let finished = inbox.takeAll()
        pendingCount -= finished.count
        for outcome in finished {
            if outcome.dropped { asked.remove(outcome.key) }
            guard let image = outcome.image, asked.contains(outcome.key) else { continue }
            do {
                textures[outcome.key] = try renderer.makeTexture(from: image.surface, opaque: image.opaque)
            } catch {
                logger.debug("a sharp tile \(outcome.key.tile) could not become a texture: \(error)")
            }
        }
        return finished.count
    }

    /// The sharp texture of `tile` drawn over `pixels`, when painted.
    func texture(for tile: TileID, pixels: Int) -> Texture? {
        textures[Key(tile: tile, pixels: pixels)]
    }

    /// Waits (in real time) until every asked tile is painted or the timeout passes.
    /// Sleeps on the mailbox between paintings, as the tile loader does, instead of polling.
    func waitUntilDone(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            pump()
            if pendingCount == 0 { return true }
            if !inbox.wait(until: deadline, until: { $0.pending > 0 }) { pump(); return pendingCount == 0 }
        }
    }
}
