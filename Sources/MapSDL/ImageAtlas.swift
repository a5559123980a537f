import CSDL2
import MapCore

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

    static let pageSide = 1024
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
        let gutter = ImageAtlas.gutter, side = ImageAtlas.pageSide
        let (w, h) = (image.width + 2 * gutter, image.height + 2 * gutter)
        guard w <= side, h <= side else { return nil }
        if pages.isEmpty || shelf.x + w > side {
            shelf = (top: shelf.top + shelf.height, height: 0, x: 0)
        }
        if pages.isEmpty || shelf.top + h > side {
            try addPage()
            shelf = (top: 0, height: 0, x: 0)
        }
        let x = shelf.x + gutter, y = shelf.top + gutter
        shelf.x += w
        shelf.height = max(shelf.height, h)
        try pages[pages.count - 1].update(x: x, y: y, from: image)
        return Place(page: pages.count - 1,
                     rect: Rect(x: Double(x), y: Double(y), width: Double(image.width), height: Double(image.height)))
    }

    private func addPage() throws(SDLError) {
        let side = ImageAtlas.pageSide
        let page = try renderer.makeBlankTexture(width: side, height: side)
        pages.append(page)
    }
}
