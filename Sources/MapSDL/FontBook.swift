import CSDL2
import Foundation
@_spi(PinmapApp) import MapCore

/// The fonts a map draws with (TrueType files, DejaVu Sans unless the
/// resources name others), opened per size and weight on first use. It
/// measures text for the core and keeps rendered text as textures.
///
///     let fonts = try FontBook(files: FontFiles(), renderer: renderer)
///     fonts.size(of: "Natural Earth", font: FontSpec(size: 11))
public final class FontBook: TextMeasuring {
    /// Rendered strings kept before the cache is emptied. A vector map shows
    /// a few hundred labels, each with its halo, and a label along a line is
    /// a texture per letter: the limit only bounds pathological growth, and
    /// must stay well above one screen's worth or every frame renders anew.
    static let textCacheLimit = 8192

    private let files: FontFiles
    private let renderer: Renderer
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var texts: [TextKey: Texture] = [:]

    private struct FontKey: Hashable {
        let size: Int32
        let weight: FontSpec.Weight
        /// Pixels of outline around each glyph (a label's halo); 0 for none.
        var outline: Int32 = 0
    }

    private struct TextKey: Hashable {
        let text: String
        let font: FontKey
        let color: Color
        /// The halo's colour, when the text is drawn on its halo in one texture.
        var halo: Color?
    }

    /// Fonts from `files` for `renderer`; throws when the regular or bold file cannot be read.
    public init(files: FontFiles, renderer: Renderer) throws(SDLError) {
        for file in [files.regular, files.bold] {
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw SDLError("opening fonts", reason: "\(file.path) is missing")
            }
        }
        self.files = files
        self.renderer = renderer
    }

    deinit {
        texts.removeAll()
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The size of `text` drawn in `spec`, in pixels.
    public func size(of text: String, font spec: FontSpec) -> Size {
        guard !text.isEmpty, let font = font(for: key(spec)) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, drawable(text, in: font), &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// The text without the characters the font has no glyph for: they are
    /// left out rather than drawn as boxes.
    private func drawable(_ text: String, in font: OpaquePointer) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x250 }) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.value < 0x250 || TTF_GlyphIsProvided32(font, scalar.value) != 0 {
            kept.append(scalar)
        }
        return String(kept)
    }

    /// The text drawn as a texture, or nil for empty text or a font failure.
    /// With an `outline`, the glyphs' outline that many pixels wide (a halo),
    /// that many pixels larger on every side than the text itself.
    func texture(for text: String, font spec: FontSpec, color: Color, outline: Int32 = 0) -> Texture? {
        guard !text.isEmpty else { return nil }
        var fontKey = key(spec)
        fontKey.outline = outline
        let textKey = TextKey(text: text, font: fontKey, color: color)
        if let cached = texts[textKey] { return cached }
        guard let font = font(for: textKey.font),
              case let shown = drawable(text, in: font), !shown.isEmpty,
              let rendered = TTF_RenderUTF8_Blended(font, shown, SDL_Color(r: color.red, g: color.green,
                                                                          b: color.blue, a: color.alpha)) else {
            return nil
        }
        let surface = Surface(owning: rendered)
        guard let texture = try? renderer.makeTexture(from: surface, opaque: false) else { return nil }
        if texts.count >= FontBook.textCacheLimit { texts.removeAll() }
        texts[textKey] = texture
        return texture
    }

    /// The text on its halo (the glyphs' outline, `outline` pixels wide, in
    /// `halo`), as one texture `outline` pixels larger on every side than the
    /// text: a label costs one copy a frame instead of two.
    func texture(for text: String, font spec: FontSpec, color: Color, halo: Color, outline: Int32) -> Texture? {
        guard !text.isEmpty, outline > 0 else { return texture(for: text, font: spec, color: color) }
        let plain = key(spec)
        var outlined = plain
        outlined.outline = outline
        let textKey = TextKey(text: text, font: outlined, color: color, halo: halo)
        if let cached = texts[textKey] { return cached }
        guard let haloFont = font(for: outlined), let textFont = font(for: plain),
              case let shown = drawable(text, in: textFont), !shown.isEmpty,
              let back = TTF_RenderUTF8_Blended(haloFont, shown, SDL_Color(r: halo.red, g: halo.green, b: halo.blue, a: halo.alpha)),
              let front = TTF_RenderUTF8_Blended(textFont, shown, SDL_Color(r: color.red, g: color.green,
                                                                              b: color.blue, a: color.alpha)) else {
            return nil
        }
        let surface = Surface(owning: back)
        let glyphs = Surface(owning: front)
        FontBook.composite(glyphs, over: surface, at: Int(outline))
        guard let texture = try? renderer.makeTexture(from: surface, opaque: false) else { return nil }
        if texts.count >= FontBook.textCacheLimit { texts.removeAll() }
        texts[textKey] = texture
        return texture
    }

    /// Lays `front` over `back` (both ARGB, straight alpha) with its corner
    /// at (`offset`, `offset`), by the "over" rule in straight alpha, so the
    /// result drawn on the map is exactly the halo drawn, then the text.
    private static func composite(_ front: Surface, over back: Surface, at offset: Int) {
        let f = front.pointer.pointee, b = back.pointer.pointee
        guard f.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              b.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let fPixels = f.pixels, let bPixels = b.pixels else { return }
        SDL_LockSurface(front.pointer)
        SDL_LockSurface(back.pointer)
        defer { SDL_UnlockSurface(front.pointer); SDL_UnlockSurface(back.pointer) }
        for y in 0..<Int(f.h) where y + offset < Int(b.h) {
            let fRow = (fPixels + y * Int(f.pitch)).assumingMemoryBound(to: UInt32.self)
            let bRow = (bPixels + (y + offset) * Int(b.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(f.w) where x + offset < Int(b.w) {
                let t = fRow[x]
                let ta = t >> 24
                guard ta > 0 else { continue }
                let h = bRow[x + offset]
                let ha = h >> 24
                guard ta < 255, ha > 0 else { bRow[x + offset] = t; continue }
                // outA = tA + hA (1 - tA); outRGB = (t tA + h hA (1 - tA)) / outA, in 255ths.
                let hw = ha * (255 - ta)
                let outA255 = ta * 255 + hw
                func channel(_ shift: UInt32) -> UInt32 {
                    ((t >> shift & 0xFF) * ta * 255 + (h >> shift & 0xFF) * hw + outA255 / 2) / outA255
                }
                bRow[x + offset] = ((outA255 + 127) / 255) << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
            }
        }
    }

    /// The text drawn into an image (ARGB, straight alpha), for an
    /// annotation's picture that mixes text with shapes; nil for empty text
    /// or a font failure.
    func image(of text: String, font spec: FontSpec, color: Color) -> Surface? {
        guard !text.isEmpty, let font = font(for: key(spec)), case let shown = drawable(text, in: font), !shown.isEmpty,
              let rendered = TTF_RenderUTF8_Blended(font, shown, SDL_Color(r: color.red, g: color.green,
                                                                          b: color.blue, a: color.alpha)) else {
            return nil
        }
        return try? Surface.converted(rendered, what: "text")
    }

    private func key(_ spec: FontSpec) -> FontKey {
        // Any size an app or a file asks for becomes one SDL_ttf can open: NaN the smallest, past 1,024 points 1,024.
        let size = spec.size.isNaN ? 1 : min(max(spec.size.rounded(), 1), 1024)
        return FontKey(size: Int32(size), weight: spec.weight)
    }

    private func font(for key: FontKey) -> OpaquePointer? {
        if let open = fonts[key] { return open }
        let file: URL
        switch key.weight {
        case .regular: file = files.regular
        case .bold: file = files.bold
        case .italic: file = files.italic ?? files.regular
        case .boldItalic: file = files.boldItalic ?? files.bold
        }
        let path = file.path
        // A FIFO or a folder would block or fail inside SDL_ttf: only a regular file is opened.
        guard FileReader.problem(at: path) == nil, let opened = TTF_OpenFont(path, key.size) else { return nil }
        if key.outline > 0 { TTF_SetFontOutline(opened, key.outline) }
        fonts[key] = opened
        return opened
    }
}
