import Logging
import MapEngine
import MapKitLayer

/// Where the pictures annotation views draw with shapes and text are kept
/// once painted: packed into atlas pages like the views' images, so a frame
/// of thousands of them is still a few draw calls.
///
/// A view that draws a new picture every frame (a counter, a progress ring)
/// must not fill the memory, so pictures go into the newest of a few atlases
/// (generations); when there are too many, the oldest one that no sprite of
/// this frame uses is dropped whole, and its pictures are painted again if
/// they come back.
final class PictureTextures {
    /// Where a painted picture is drawn from.
    typealias Place = (texture: Texture, source: Rect)

    private struct Kept {
        let place: Place
        let generation: Int
    }

    private struct Generation {
        let id: Int
        let atlas: ImageAtlas
        var lastUse: Int
        var names: [String] = []
    }

    private let painter: PicturePainter
    private let renderer: Renderer
    private let logger: Logger
    private var kept: [String: Kept] = [:]
    private var generations: [Generation] = []
    private var nextGeneration = 0
    private var failed: Set<String> = []
    private var frame = 0
    /// Atlas pages a generation fills before the next one starts (its pages
    /// grow from 256 to 1,024 pixels a side).
    let pagesPerGeneration: Int
    /// Generations kept at most while older ones are unused this frame.
    let generationLimit: Int

    init(fonts: FontBook, renderer: Renderer, pagesPerGeneration: Int = 2, generationLimit: Int = 4,
         logger: Logger = .silent(label: "pinmap.pictures")) {
        painter = PicturePainter(fonts: fonts)
        self.renderer = renderer
        self.pagesPerGeneration = pagesPerGeneration
        self.generationLimit = generationLimit
        self.logger = logger
    }

    /// How many pictures are painted and kept now.
    var count: Int { kept.count }

    /// How many atlas pages hold them.
    var pageCount: Int { generations.reduce(0) { $0 + $1.atlas.pages.count } }

    /// Starts a frame: pictures not used since an earlier one may go.
    func beginFrame() {
        frame += 1
    }

    /// The picture's place, painted now if it has none; nil (with one
    /// warning) when it cannot be painted.
    func place(for picture: CanvasPicture) -> Place? {
        if let known = kept[picture.name] {
            if let k = generations.firstIndex(where: { $0.id == known.generation }) { generations[k].lastUse = frame }
            return known.place
        }
        guard !failed.contains(picture.name) else { return nil }
        do {
            let image = try painter.paint(picture)
            let place = try store(image, named: picture.name)
            dropUnusedGenerations()
            return place
        } catch {
            failed.insert(picture.name)
            logger.warning("an annotation's drawing cannot be painted: \(error)")
            return nil
        }
    }

    /// Packs the image into the newest generation (starting one when it is
    /// full), or gives it a texture of its own when it is larger than a page.
    private func store(_ image: Surface, named name: String) throws(SDLError) -> Place {
        let full = generations.last.map { $0.atlas.pages.count >= pagesPerGeneration && $0.atlas.needsNewPage(for: image) }
        if full ?? true {
            generations.append(Generation(id: nextGeneration, atlas: ImageAtlas(renderer: renderer), lastUse: frame))
            nextGeneration += 1
        }
        let newest = generations.count - 1
        let place: Place
        if let spot = try generations[newest].atlas.add(image) {
            place = (generations[newest].atlas.pages[spot.page], spot.rect)
        } else {
            let texture = try renderer.makeTexture(from: image, opaque: false)
            place = (texture, Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height)))
        }
        generations[newest].lastUse = frame
        generations[newest].names.append(name)
        kept[name] = Kept(place: place, generation: generations[newest].id)
        return place
    }

    /// Drops the oldest generations beyond the limit that no sprite of this
    /// frame uses.
    private func dropUnusedGenerations() {
        let policy = EvictionPolicy(limit: generationLimit)
        // The newest generation takes new pictures, and this frame's sprites draw from theirs.
        let victims = policy.victims(generations.indices, total: generations.count, lastUse: { $0 },
                                     isPinned: { $0 == generations.count - 1 || generations[$0].lastUse >= frame })
        for k in victims.sorted(by: >) {
            for name in generations[k].names { kept[name] = nil }
            generations.remove(at: k)
        }
    }
}
