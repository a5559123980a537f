import CSDL2
import Foundation
import Logging
import MapEngine
import MapKitLayer
import VectorRaster
import FileAccess

/// The fonts a map writes with: every text is shaped, ordered and drawn
/// by the text engine (Pango, HarfBuzz, FriBidi, fontconfig), in the map's
/// own font (DejaVu Sans unless the resources name others) with the
/// system's fonts behind it for every other script. It measures text for
/// the core and keeps drawn text as textures.
///
///     let fonts = try FontBook(files: FontFiles(), renderer: renderer)
///     fonts.size(of: "東京タワー", font: FontSpec(size: 11))
package final class FontBook: TextMeasuring {
    /// Drawn strings kept before the cache is emptied. A vector map shows
    /// a few hundred labels, and a label along a line is a texture per
    /// segment: the limit only bounds pathological growth, and must stay
    /// well above one screen's worth or every frame draws anew.
    static let textCacheLimit = 8192

    /// The shaping and drawing engine; its measures are the ones the core lays out with.
    let engine: TextEngine
    private let renderer: Renderer
    private var texts: [TextKey: Placed] = [:]

    /// A drawn text's texture, where its logical box starts in it, and how
    /// far below the box's top the point lies that sits on a line label's
    /// path: the middle of "Ag"'s box, moved so the text keeps "Ag"'s
    /// baseline (a piece in a script whose font sits higher stays on the line).
    struct Placed {
        let texture: Texture
        let origin: Point
        let box: Size
        let pathOffset: Double
    }

    private struct TextKey: Hashable {
        let text: String
        let font: FontSpec
        let color: Color
        var halo: Color?
        var haloWidth: Double = 0
    }

    /// Fonts from `files` for `renderer`, for readers of `language` (a BCP 47
    /// code; nil for the environment's), warning through `logger` (nowhere
    /// without one) of scripts no font draws; throws when a file is missing or not a font.
    package init(files: FontFiles, renderer: Renderer, language: String? = nil, logger: Logger? = nil) throws(SDLError) {
        let faces = [files.regular, files.bold, files.italic, files.boldItalic].compactMap { $0 }
        for file in faces where FileReader.problem(at: file.path) != nil || !FileManager.default.isReadableFile(atPath: file.path) {
            throw SDLError("opening fonts", reason: "\(file.path) is missing or not a regular file")
        }
        do {
            engine = try TextEngine(files: faces, fallback: files.fallback, language: language, logger: logger ?? .silent())
        } catch {
            throw SDLError("opening fonts", reason: error.description)
        }
        self.renderer = renderer
    }

    /// Starts reading the fonts of `files` on a thread of its own (with
    /// the fallback a headless run pins when `headless`), so that a font
    /// book made later finds them read: a run reads its fonts while it
    /// reads its style and data rather than after.
    package static func prepare(_ files: FontFiles, headless: Bool) {
        let faces = [files.regular, files.bold, files.italic, files.boldItalic].compactMap { $0 }
        TextEngine.prepare(files: faces, fallback: headless && files.fallback == .automatic ? .pinnedNoto : files.fallback)
    }

    /// The size of `text` drawn in `spec`, in pixels.
    package func size(of text: String, font spec: FontSpec) -> Size {
        engine.size(of: text, font: spec)
    }

    /// The text cut into the pieces that may follow a line apart, left to right as drawn.
    package func segments(of text: String, font spec: FontSpec) -> [TextSegment] {
        engine.segments(of: text, font: spec)
    }

    /// Where a line may break, by Unicode's rules.
    package func lineBreaks(in text: String) -> [String.Index] {
        engine.lineBreaks(in: text)
    }

    /// The text drawn as a texture, on its halo when `halo` is given, or nil
    /// for empty text or text no font can draw.
    func texture(for text: String, font spec: FontSpec, color: Color, halo: Color? = nil, haloWidth: Double = 0) -> Placed? {
        guard !text.isEmpty else { return nil }
        let key = TextKey(text: text, font: spec, color: color, halo: halo, haloWidth: halo == nil ? 0 : haloWidth)
        if let cached = texts[key] { return cached }
        guard let image = engine.image(of: text, font: spec, color: color, halo: halo, haloWidth: key.haloWidth),
              let texture = try? renderer.makeTexture(from: image.pixels) else { return nil }
        let reference = engine.size(of: "Ag", font: spec).height
        let offset = engine.baseline(of: text, font: spec) - engine.baseline(of: "Ag", font: spec) + reference / 2
        let placed = Placed(texture: texture, origin: image.origin, box: engine.size(of: text, font: spec), pathOffset: offset)
        if texts.count >= FontBook.textCacheLimit { texts.removeAll() }
        texts[key] = placed
        return placed
    }

    /// The text drawn into an image (ARGB, straight alpha), for an
    /// annotation's picture that mixes text with shapes; nil for empty text
    /// or text no font can draw.
    func image(of text: String, font spec: FontSpec, color: Color) -> TextImage? {
        engine.image(of: text, font: spec, color: color)
    }
}
