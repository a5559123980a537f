import CSDL2
import Foundation
import MapCore

/// The fonts pinmap draws with (TrueType files from the embedded resources),
/// opened per size and weight on first use. It measures text for the core and
/// keeps rendered text as textures.
///
///     let fonts = try FontBook(directory: PinmapResources.fontsDirectory, renderer: renderer)
///     fonts.size(of: "Natural Earth", font: FontSpec(size: 11))
public final class FontBook: TextMeasuring {
    static let regularFile = "DejaVuSans.ttf"
    static let boldFile = "DejaVuSans-Bold.ttf"
    /// Rendered strings kept before the cache is emptied; a map shows a few
    /// dozen labels, so this only bounds pathological growth.
    static let textCacheLimit = 512

    private let directory: URL
    private let renderer: Renderer
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var texts: [TextKey: Texture] = [:]

    private struct FontKey: Hashable {
        let size: Int32
        let weight: FontSpec.Weight
    }

    private struct TextKey: Hashable {
        let text: String
        let font: FontKey
        let color: Color
    }

    public init(directory: URL, renderer: Renderer) throws(SDLError) {
        for file in [FontBook.regularFile, FontBook.boldFile] {
            let path = directory.appendingPathComponent(file).path
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw SDLError("opening fonts", reason: "\(path) is missing")
            }
        }
        self.directory = directory
        self.renderer = renderer
    }

    deinit {
        texts.removeAll()
        for font in fonts.values { TTF_CloseFont(font) }
    }

    public func size(of text: String, font spec: FontSpec) -> Size {
        guard !text.isEmpty, let font = font(for: key(spec)) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// The text drawn as a texture, or nil for empty text or a font failure.
    func texture(for text: String, font spec: FontSpec, color: Color) -> Texture? {
        guard !text.isEmpty else { return nil }
        let textKey = TextKey(text: text, font: key(spec), color: color)
        if let cached = texts[textKey] { return cached }
        guard let font = font(for: textKey.font),
              let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: color.red, g: color.green,
                                                                          b: color.blue, a: color.alpha)) else {
            return nil
        }
        let surface = Surface(owning: rendered)
        guard let texture = try? renderer.makeTexture(from: surface, opaque: false) else { return nil }
        if texts.count >= FontBook.textCacheLimit { texts.removeAll() }
        texts[textKey] = texture
        return texture
    }

    private func key(_ spec: FontSpec) -> FontKey {
        FontKey(size: Int32(max(1, spec.size.rounded())), weight: spec.weight)
    }

    private func font(for key: FontKey) -> OpaquePointer? {
        if let open = fonts[key] { return open }
        let file = key.weight == .bold ? FontBook.boldFile : FontBook.regularFile
        guard let opened = TTF_OpenFont(directory.appendingPathComponent(file).path, key.size) else { return nil }
        fonts[key] = opened
        return opened
    }
}
