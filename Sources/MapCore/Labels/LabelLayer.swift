import Foundation

/// The map's labels from frame to frame: each frame places the labels of the
/// tiles in view (`LabelPlacer`), and each label fades in when it is first
/// placed and out when it is no longer, over `fadeDuration`. Labels that stay
/// placed keep their place in the world, so they move with the map exactly.
///
///     labels.update(candidates, camera: camera, scale: 2, metrics: fonts, now: t)
///     labels.commands()   // text commands with role "label"
public struct LabelLayer {
    private struct Shown {
        var label: PlacedLabel
        var opacity: Double
        var placed: Bool
        /// Where the label's anchor was on screen when last placed, and its world point.
        var screenAnchor: Point
        var world: Point
    }

    /// How long a label takes to fade in or out, in seconds.
    public static let fadeDuration = 0.2

    private var shown: [LabelKey: Shown] = [:]
    private var order: [LabelKey] = []
    private var lastUpdate: Double?
    private var measures = LabelMeasures()
    private var camera: Camera?

    /// The labels each of the store's map tiles offers, as the tiles came
    /// in (an entry, maybe empty, for every tile in); gone with their tile.
    private(set) var tileLabels: [TileID: [LabelCandidate]] = [:]

    /// No labels yet.
    public init() {}

    /// Takes the labels of tiles that came in and lets go those of tiles
    /// that went: the tile store tells the layer as it pumps.
    package mutating func apply(_ changes: TileLabelChanges) {
        for tile in changes.departed { tileLabels[tile] = nil }
        for (tile, labels) in changes.arrived { tileLabels[tile] = labels }
    }

    /// Places the labels of the tiles in view (each tile's own, or its
    /// nearest ancestor's that came in) and moves the fades on to `now`.
    package mutating func update(camera: Camera, levels: ClosedRange<Int>, scale: Double, metrics: TextMeasuring,
                                 now: Double, instant: Bool = false) {
        let candidates = TileLayer.labelCandidates(camera: camera, levels: levels, held: tileLabels)
        guard !candidates.isEmpty || placedCount > 0 || isFading else { return }
        update(candidates, camera: camera, scale: scale, metrics: metrics, now: now, instant: instant)
    }

    /// Whether some label is still fading: the map wants another frame.
    public var isFading: Bool {
        shown.values.contains { ($0.placed && $0.opacity < 1) || (!$0.placed && $0.opacity > 0) }
    }

    /// How many labels are placed now.
    public var placedCount: Int { shown.values.filter(\.placed).count }

    /// The labels placed now, in priority order.
    public var placedKeys: [LabelKey] { order.filter { shown[$0]?.placed == true } }

    /// The style's icons, drawn for `icon-image`.
    public var sprite: SpriteSheet?

    /// Places `candidates` for this frame and moves every fade on to `now`.
    /// `instant` skips the fades (a first frame taken as a picture).
    public mutating func update(_ candidates: [LabelCandidate], camera: Camera, scale: Double, metrics: TextMeasuring,
                                now: Double, instant: Bool = false) {
        var placer = LabelPlacer(camera: camera, scale: scale, metrics: metrics, measures: measures, sprite: sprite)
        let placed = placer.place(candidates)
        measures = placer.measures
        let step = instant ? 1 : min(max(now - (lastUpdate ?? now), 0) / LabelLayer.fadeDuration, 1)
        lastUpdate = now
        self.camera = camera
        var newOrder: [LabelKey] = []
        var placedKeys = Set<LabelKey>()
        for label in placed {
            placedKeys.insert(label.key)
            newOrder.append(label.key)
            let world = Point(x: Double(label.key.x) / 1e5 / WebMercator.tileSize, y: Double(label.key.y) / 1e5 / WebMercator.tileSize)
            let anchor = camera.screenPoint(forWorld: world)
            let opacity = instant ? 1 : min((shown[label.key]?.opacity ?? 0) + step, 1)
            shown[label.key] = Shown(label: label, opacity: opacity, placed: true, screenAnchor: anchor, world: world)
        }
        for key in order where !placedKeys.contains(key) {
            guard var old = shown[key] else { continue }
            old.placed = false
            old.opacity = instant ? 0 : old.opacity - step
            if old.opacity <= 0 {
                shown[key] = nil
            } else {
                shown[key] = old
                newOrder.append(key)
            }
        }
        order = newOrder
    }

    /// The labels as text commands, placed labels in priority order, then
    /// those fading out (moved with the map since they were last placed).
    public func commands() -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for key in order {
            guard let entry = shown[key], entry.opacity > 0 else { continue }
            var shift = Point.zero
            if !entry.placed, let camera { shift = camera.screenPoint(forWorld: entry.world) - entry.screenAnchor }
            let look = entry.label.look
            let font = FontSpec(size: entry.label.fontSize, weight: look.weight, stack: look.fonts)
            let alpha = entry.opacity * entry.opacity * (3 - 2 * entry.opacity)
            if let icon = entry.label.icon {
                commands.append(.image(ImageDraw(name: icon.name, rect: icon.rect.offsetBy(shift),
                                                 alpha: alpha * look.iconOpacity, role: "label-icon", catalog: .styleIcons)))
            }
            for piece in entry.label.pieces {
                var draw = TextDraw(text: piece.text, font: font, color: look.color,
                                    rect: piece.rect.offsetBy(shift), alpha: alpha)
                draw.role = "label"
                draw.rotation = piece.rotation
                if look.haloWidth > 0, look.haloColor.alpha > 0 {
                    draw.halo = look.haloColor
                    draw.haloWidth = look.haloWidth * entry.label.fontSize / max(look.size, 1)
                }
                commands.append(.text(draw))
            }
        }
        return commands
    }
}
