import Foundation
import Logging
import MapCore

/// The map's overlays painted on tiles, one loader per level, painted off
/// the main thread by the painter `make` gives for the level's paints (the
/// app passes one on Cairo). A change to the overlays makes new loaders for
/// the new version; the old tiles are dropped.
///
///     let overlays = OverlayTiles(renderer: renderer, scale: 2) { paints in OverlayTilePainter(paints) }
public final class OverlayTiles {
    /// Makes the painter of one level's overlays.
    public typealias PainterMaking = @Sendable ([OverlayPaint]) -> TilePainter

    private let renderer: Renderer
    private let scale: Double
    private let make: PainterMaking
    private let logger: Logger
    /// The loaders by the scene's layer key ("overlay-LEVEL-VERSION").
    private var loaders: [String: TileLoader] = [:]
    private var version = -1

    /// Overlay tiles for `renderer` at `scale` pixels a point, painted by what `make` gives.
    public init(renderer: Renderer, scale: Double, logger: Logger = .silent(label: "pinmap.overlays"),
                make: @escaping PainterMaking) {
        self.renderer = renderer
        self.scale = scale
        self.make = make
        self.logger = logger
    }

    /// Asks for the tiles `scene` draws overlays on, for the overlays `map` has now.
    public func update(for scene: Scene, map: MapController) {
        let version = map.overlayLayer.version
        if version != self.version {
            self.version = version
            loaders = [:]
            for level in OverlayLevel.allCases {
                let levelPaints = map.overlayLayer.paints(at: level)
                guard !levelPaints.isEmpty else { continue }
                loaders["overlay-\(level.rawValue)-\(version)"] = TileLoader(
                    source: OverlayCanvas(), renderer: renderer, budgetBytes: 64 << 20, painter: make(levelPaints),
                    scale: scale, logger: logger)
            }
        }
        for loader in loaders.values { loader.request(scene.overlayRequests) }
    }

    /// Takes finished tiles; how many came.
    @discardableResult
    public func pump() -> Int {
        loaders.values.reduce(0) { $0 + $1.pump() }
    }

    /// Overlay tiles asked for and not yet taken in.
    public var pendingCount: Int { loaders.values.reduce(0) { $0 + $1.pendingCount } }

    /// The painted tile a scene's overlay tile draw shows, if it is in.
    func texture(for draw: TileDraw) -> Texture? {
        guard let layer = draw.layer else { return nil }
        return loaders[layer]?.texture(for: draw.tile)
    }

    /// Waits until the loaders have settled `tiles` (painted or found empty), up to `timeout` seconds.
    func waitUntilSettled(_ tiles: [TileID], timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        for loader in loaders.values {
            let waiting = tiles.filter { loader.status(of: $0) == .loading }
            if !waiting.isEmpty && !loader.waitUntilSettled(waiting, timeout: deadline.timeIntervalSinceNow) { return false }
        }
        return true
    }
}

/// The empty source overlay loaders read from: overlays are painted from
/// their shapes, not from tile data, at every level.
struct OverlayCanvas: TileSource {
    var levels: ClosedRange<Int> { 0...Int(Camera.zoomLimits.upperBound) + 1 }
    var attribution: String? { nil }
    var content: TileContent { .vector }
    func data(for tile: TileID) throws(TileSourceError) -> Data? { Data() }
    func location(of tile: TileID) -> String { "overlays on tile \(tile)" }
}
