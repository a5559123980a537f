import Logging
import MapCore

/// The textures of annotation views' pictures, painted on first use and
/// kept while they are drawn: at most `limit` pixels of them, those unused
/// longest going first, so a view that draws a new picture every frame (a
/// counter, a progress ring) cannot fill the memory.
final class PictureTextures {
    private let painter: PicturePainter
    private let renderer: Renderer
    private let logger: Logger
    private var textures: [String: (texture: Texture, lastUse: Int)] = [:]
    private var failed: Set<String> = []
    private var pixels = 0
    private var frame = 0
    /// Pixels of pictures kept at most (64 MB of textures).
    let limit: Int

    init(fonts: FontBook, renderer: Renderer, limit: Int = 16 << 20, logger: Logger = .silent(label: "pinmap.pictures")) {
        painter = PicturePainter(fonts: fonts)
        self.renderer = renderer
        self.limit = limit
        self.logger = logger
    }

    /// How many pictures have textures now.
    var count: Int { textures.count }

    /// Starts a frame: pictures not used since an earlier one may go.
    func beginFrame() {
        frame += 1
    }

    /// The picture's texture, painted now if it has none; nil (with one
    /// warning) when it cannot be painted.
    func texture(for picture: CanvasPicture) -> Texture? {
        if let kept = textures[picture.name] {
            textures[picture.name]?.lastUse = frame
            return kept.texture
        }
        guard !failed.contains(picture.name) else { return nil }
        do {
            let texture = try renderer.makeTexture(from: try painter.paint(picture), opaque: false)
            textures[picture.name] = (texture, frame)
            pixels += picture.width * picture.height
            if pixels > limit { evict() }
            return texture
        } catch {
            failed.insert(picture.name)
            logger.warning("an annotation's drawing cannot be painted: \(error)")
            return nil
        }
    }

    /// Drops the pictures unused longest, but none used this frame, until
    /// the rest fit in three quarters of the limit.
    private func evict() {
        for (name, kept) in textures.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard pixels > limit / 4 * 3, kept.lastUse < frame else { break }
            textures[name] = nil
            pixels -= kept.texture.width * kept.texture.height
        }
    }
}
