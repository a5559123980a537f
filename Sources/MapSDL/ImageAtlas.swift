import CSDL2
import MapEngine
import MapKitLayer

/// The annotation views' images packed into a few large textures (pages),
/// so a frame's sprites are drawn with one `SDL_RenderGeometry` call per
/// page instead of one copy each. Images go in as they are first used,
/// on shelves, with a transparent gutter so smooth scaling never bleeds a
/// neighbour in.
///
///     let atlas = ImageAtlas(renderer: renderer)
///     let place = atlas.place(of: "pin-red", loading: { try Surface.load(path: $0) })
final class ImageAtlas {
    /// Where an image is: its page and its rectangle there, in pixels.
    struct Place {
        let page: Int
        let rect: Rect
    }

    /// The largest page; the first is smaller, and each next page twice
    /// the last one's side up to this: most maps show a handful of images,
    /// and a 1024-pixel page costs 4 MB of memory however little it holds.
    static let pageSide = 1024
    static let firstPageSide = 256
    static let gutter = 2

    private let renderer: Renderer
    private(set) var pages: [Texture] = []
    /// The shelf being filled on the last page: its top, height and how far along it is filled.
    private var shelf = (top: 0, height: 0, x: 0)

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Copies an image into the atlas; nil when it is larger than a page
    /// (it is then drawn from a texture of its own).
    func add(_ image: Surface) throws(SDLError) -> Place? {
        let gutter = ImageAtlas.gutter
        let (w, h) = (image.width + 2 * gutter, image.height + 2 * gutter)
        guard w <= ImageAtlas.pageSide, h <= ImageAtlas.pageSide else { return nil }
        let side = pages.last?.width ?? 0
        if pages.isEmpty || shelf.x + w > side {
            shelf = (top: shelf.top + shelf.height, height: 0, x: 0)
        }
        if pages.isEmpty || shelf.top + h > side || w > side {
            try addPage(fitting: max(w, h))
            shelf = (top: 0, height: 0, x: 0)
        }
        let x = shelf.x + gutter, y = shelf.top + gutter
        shelf.x += w
        shelf.height = max(shelf.height, h)
        try pages[pages.count - 1].update(x: x, y: y, from: image)
        return Place(page: pages.count - 1,
                     rect: Rect(x: Double(x), y: Double(y), width: Double(image.width), height: Double(image.height)))
    }

    /// Whether adding `image` would start a new page.
    func needsNewPage(for image: Surface) -> Bool {
        let gutter = ImageAtlas.gutter
        let (w, h) = (image.width + 2 * gutter, image.height + 2 * gutter)
        let side = pages.last?.width ?? 0
        guard !pages.isEmpty, w <= side else { return true }
        let top = shelf.x + w > side ? shelf.top + shelf.height : shelf.top
        return top + h > side
    }

    /// A page twice the last one's side (the first: `firstPageSide`), and
    /// at least `needed` pixels, up to `pageSide`.
    private func addPage(fitting needed: Int) throws(SDLError) {
        var side = pages.last.map { $0.width * 2 } ?? ImageAtlas.firstPageSide
        while side < needed { side *= 2 }
        side = min(side, ImageAtlas.pageSide)
        let page = try renderer.makeBlankTexture(width: side, height: side)
        pages.append(page)
    }
}
