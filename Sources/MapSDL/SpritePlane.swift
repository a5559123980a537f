import MapEngine
import MapKitLayer

/// The base plane's picture with the annotation views that stay put drawn
/// on it, kept while the map pans: a frame copies it where the plain
/// picture would go and draws over it only the views that changed since it
/// was made (a carried pin, one bouncing, one that came into view). Ten
/// thousand pins panned cost one copy instead of twenty thousand sprites a
/// frame, with every renderer.
///
/// The picture serves a frame when every view it shows in the frame's view
/// is one of the frame's, unchanged, and every other view of the frame
/// shown in the view lies over all the kept ones it overlaps (drawn later
/// by the batch's order): then drawing those over it gives the pixels the
/// batch drawn whole would. Otherwise it is made again from the views that
/// stood still since the frame before.
///
/// Where the renderer can lay a transparent layer over a picture (SDL's
/// OpenGL renderers, see `Renderer.makeLayerTexture`), the picture holds
/// the views alone, and the frame copies the base picture, draws what lies
/// between it and the views (labels fading), then lays the views' layer
/// over it: a base picture drawn anew (tiles come in, labels fade) then
/// costs a copy, not every view drawn again.
final class SpritePlane {
    /// Fewer groups than this are drawn as they are.
    static let fewestGroups = 32
    /// More groups than this drawn over the picture, all at rest, and it is made again with them.
    static let mostLive = 64

    /// What a group draws: where it stands and its sprites.
    private struct Look: Equatable {
        let world: Point
        let frameOrigin: Point
        let priority: Double
        let sprites: ArraySlice<SpriteBatch.Sprite>

        init(_ group: SpriteBatch.Group, in batch: SpriteBatch) {
            world = group.world
            frameOrigin = group.frameOrigin
            priority = group.priorityForDrawing
            let first = Int(group.first)
            sprites = batch.sprites[first..<min(first + Int(group.count), batch.sprites.count)]
        }
    }

    private let renderer: Renderer
    private var texture: Texture?
    /// The base picture it was made on (counted by the scene renderer), its size and where it lay in the world.
    private var made: (base: Int, size: Size, corner: Point, zoom: Double)?
    /// The batch it was made from, and the looks of the groups it holds, by slot.
    private var held: (batch: SpriteBatch, looks: [Int32: Look])?
    /// The batch of the frame before.
    private var previous: SpriteBatch?

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Whether the picture is a layer of the views alone, laid over the base
    /// picture each frame, rather than the base with the views on it.
    private(set) lazy var isLayer: Bool = renderer.makeLayerTexture(width: 1, height: 1) != nil
    /// Counts the layer's redraws.
    private var layerVersion = 0
    /// The base picture with the layer laid on it, and which of each it was
    /// made from: a frame with nothing between them copies it alone.
    private var composed: Texture?
    private var composedOf: (base: Int, layer: Int)?

    /// The picture of `base` (the plane's picture, `baseGeneration` counting
    /// its redraws) with `batch`'s views that stay put, and the groups
    /// (indices, back to front) the caller draws over it; nil when the batch
    /// is drawn as it is (few views, a turned map, no picture to be had).
    /// With `isLayer`, the picture holds the views alone, whatever the base.
    /// `drawGroups` draws groups moved by a point, into whatever is the target.
    func picture(of base: Texture, generation baseGeneration: Int, plane: BasePlane, batch: SpriteBatch, view: Rect,
                 drawGroups: ([Int], _ area: Rect, _ shift: Point) -> Void) -> (texture: Texture, live: [Int])? {
        defer { previous = batch }
        guard batch.groups.count >= SpritePlane.fewestGroups, batch.camera.isFlatNorthUp else { return nil }
        let camera = batch.camera
        let corner = camera.worldPoint(at: plane.origin)
        let place = (base: isLayer ? 0 : baseGeneration, size: plane.size, corner: corner, zoom: camera.zoom)
        let samePlace = made.map {
            $0.base == place.base && $0.size == place.size && $0.zoom == place.zoom
                && abs($0.corner.x - corner.x) * camera.worldSize < 1e-6 && abs($0.corner.y - corner.y) * camera.worldSize < 1e-6
        } ?? false
        // The views as they were (the map only panned) and all of them in the picture: it serves as it is.
        if samePlace, let held, held.looks.count == batch.groups.count, held.batch.drawsAlike(batch), let texture { return (texture, []) }
        // The frame's groups shown in the view, back to front, with the box their sprites cover.
        var shown: [(index: Int, box: Rect)] = []
        batch.forEachVisible(in: view, groups: batch.groups.indices, indexed: { index, rect in
            if let last = shown.last, last.index == index {
                shown[shown.count - 1].box = Rect.union([last.box, rect]) ?? last.box
            } else {
                shown.append((index, rect))
            }
        })
        // Kept, unless many views are drawn over it that have come to rest (a dropped pin's bounce is over).
        let settled = previous.map { $0.drawsAlike(batch) } ?? false
        if samePlace, let held, let live = live(over: held.looks, shown: shown, batch: batch),
           !(settled && live.count > SpritePlane.mostLive), heldShowsNothingElse(held, shown: shown, batch: batch, view: view),
           let texture {
            return (texture, live)
        }
        // Made anew from the groups that stood still since the frame before.
        var before: [Int32: Look] = [:]
        if let previous {
            before.reserveCapacity(previous.groups.count)
            for group in previous.groups { before[group.slot] = Look(group, in: previous) }
        }
        var stood: [Int] = [], kept: [Int32: Look] = [:]
        for (index, group) in batch.groups.enumerated() {
            let look = Look(group, in: batch)
            guard previous == nil || before[group.slot] == look else { continue }
            stood.append(index)
            kept[group.slot] = look
        }
        var drawnOver: [Int]
        if let over = live(over: kept, shown: shown, batch: batch) {
            drawnOver = over
        } else {
            // A changed view lies under some that stood (a pin bouncing back into its place): the picture holds the
            // views before the first changed one, and every view from there on is drawn over it.
            let cut = batch.groups.indices.first { index in previous != nil && before[batch.groups[index].slot] != Look(batch.groups[index], in: batch) }
                ?? batch.groups.count
            stood = stood.filter { $0 < cut }
            kept = [:]
            for index in stood { kept[batch.groups[index].slot] = Look(batch.groups[index], in: batch) }
            drawnOver = shown.map(\.index).filter { $0 >= cut }
        }
        let width = Int(plane.size.width.rounded()), height = Int(plane.size.height.rounded())
        if texture.map({ $0.width != width || $0.height != height }) ?? true {
            texture = isLayer ? renderer.makeLayerTexture(width: width, height: height)
                              : try? renderer.makeTargetTexture(width: width, height: height)
        }
        guard let texture else { return nil }
        renderer.drawing(into: texture) {
            if isLayer {
                renderer.clear(Color(rgba: 0, 0, 0, 0))
            } else {
                renderer.copy(base, source: Rect(x: 0, y: 0, width: Double(base.width), height: Double(base.height)),
                              destination: Rect(x: 0, y: 0, width: Double(base.width), height: Double(base.height)))
            }
            drawGroups(stood, Rect(origin: plane.origin, size: plane.size), Point(x: -plane.origin.x, y: -plane.origin.y))
        }
        layerVersion &+= 1
        made = place
        held = (batch, kept)
        return (texture, drawnOver)
    }

    /// With `isLayer`, the base picture (`generation` counting its redraws)
    /// with the layer last returned laid on it, kept while neither changes;
    /// nil without a layer.
    func composed(over base: Texture, generation: Int) -> Texture? {
        guard isLayer, let layer = texture, layer.width == base.width, layer.height == base.height else { return nil }
        if let composed, let composedOf, composedOf == (generation, layerVersion) { return composed }
        if composed.map({ $0.width != base.width || $0.height != base.height }) ?? true {
            composed = try? renderer.makeTargetTexture(width: base.width, height: base.height)
        }
        guard let composed else { return nil }
        let whole = Rect(x: 0, y: 0, width: Double(base.width), height: Double(base.height))
        renderer.drawing(into: composed) {
            renderer.copy(base, source: whole, destination: whole)
            renderer.copy(layer, source: whole, destination: whole)
        }
        composedOf = (generation, layerVersion)
        return composed
    }

    /// The shown groups not held as they look now, when each lies over
    /// every held one it overlaps; nil when one would have to go under one.
    private func live(over held: [Int32: Look], shown: [(index: Int, box: Rect)], batch: SpriteBatch) -> [Int]? {
        var live: [(index: Int, box: Rect)] = []
        for entry in shown {
            let group = batch.groups[entry.index]
            if let look = held[group.slot], look == Look(group, in: batch) {
                // A held group drawn after a live one it overlaps would cover it: the picture cannot serve.
                if live.contains(where: { $0.box.intersects(entry.box) }) { return nil }
            } else {
                live.append(entry)
            }
        }
        return live.map(\.index)
    }

    /// Whether every group the picture shows in the view is among the frame's shown groups, unchanged.
    private func heldShowsNothingElse(_ held: (batch: SpriteBatch, looks: [Int32: Look]), shown: [(index: Int, box: Rect)],
                                      batch: SpriteBatch, view: Rect) -> Bool {
        var then = held.batch
        then.camera = batch.camera
        var showing = Set<Int32>()
        for entry in shown where held.looks[batch.groups[entry.index].slot] == Look(batch.groups[entry.index], in: batch) {
            showing.insert(batch.groups[entry.index].slot)
        }
        var ok = true
        then.forEachVisible(in: view, groups: then.groups.indices, indexed: { index, _ in
            let slot = then.groups[index].slot
            if held.looks[slot] != nil, !showing.contains(slot) { ok = false }
        })
        return ok
    }

    /// How many groups the picture holds; nil without one.
    var heldGroups: Int? { held?.looks.count }

    /// Lets the picture go (the scene had no plane, or no batch to keep).
    func forget() {
        made = nil
        held = nil
    }
}
