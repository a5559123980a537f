import CCairo
import CPango
import Foundation
import Logging
import MapEngine

/// Text as Linux desktops write it, through Pango: shaped by HarfBuzz,
/// ordered by the bidi algorithm (FriBidi), in fonts fontconfig finds and
/// falls back through script by script, broken into lines by Unicode's
/// rules (Thai at its words). It measures for the core (`TextMeasuring`)
/// and draws text into images (`image(of:font:color:halo:haloWidth:)`).
///
/// One engine serves one thread: the window's.
///
///     let text = try TextEngine(files: [dejaVu], fallback: .system, language: "ja")
///     text.size(of: "東京タワー", font: FontSpec(size: 14))
package final class TextEngine: TextMeasuring {
    let catalog: FontCatalog
    let context: OpaquePointer
    /// The layout the last text was set in: the quick one's or the full one's.
    private(set) var layout: OpaquePointer
    /// The one layout every measurement in the full catalog reuses (making one costs more than shaping short text).
    private let fullLayout: OpaquePointer
    /// With the pinned Noto fonts: a catalog of the app's fonts and the
    /// `quickFamilies` alone, its context and layout. Text in a font whose
    /// families it holds, and that its fonts draw whole, is laid out there,
    /// as the full catalog would lay it out, without sorting every Noto font
    /// for each new font and size; other text goes to the full catalog.
    private var quick: (catalog: FontCatalog, context: OpaquePointer, layout: OpaquePointer)?
    /// Whether the quick catalog is there (the pinned Noto fonts, and asked for).
    var hasQuickCatalog: Bool { quick != nil }
    /// Families the quick catalog holds: the map's usual ones.
    static let quickFamilies: Set<String> = ["Noto Sans"]
    /// Fonts the quick catalog serves (every family they name that is installed is one it holds).
    private var quickServes: [FontSpec: Bool] = [:]
    /// Texts the quick catalog could not draw whole, by font.
    private var needsFull: Set<MeasureKey> = []
    private var descriptions: [FontSpec: OpaquePointer] = [:]
    private var sizes: [MeasureKey: Size] = [:]
    private var baselines: [MeasureKey: Double] = [:]
    private var shownTexts: [MeasureKey: String] = [:]
    private var warnedScripts: Set<String> = []
    private let logger: Logger

    private struct MeasureKey: Hashable {
        let text: String
        let font: FontSpec
    }

    /// Measured texts kept before the cache is emptied (a few screens of labels at several sizes).
    static let cacheLimit = 16_384

    /// Text in the fonts of `files` (the first is the map's own font) with
    /// `fallback`'s fonts behind them, for readers of `language` (a BCP 47
    /// code such as "ja" or "zh-TW": it picks the forms of Han characters),
    /// or the environment's language when nil. Scripts no font draws are
    /// said once each through `logger` (nowhere by default).
    /// `quickCatalog` (on by default) lays out what the map's usual fonts
    /// draw whole in a catalog of those fonts alone, with the pinned Noto fonts.
    package init(files: [URL], fallback: FontFallback = .system, language: String? = nil,
                logger: Logger = Logger(label: "pinmap.text", factory: { _ in SwiftLogNoOpLogHandler() }),
                quickCatalog: Bool = true) throws(TextEngineError) {
        catalog = try FontCatalog(files: files, fallback: fallback)
        guard let context = pango_font_map_create_context(catalog.fontMap) else {
            throw TextEngineError(file: nil, problem: "Pango could not make a context")
        }
        // The same pixels on every machine: grey antialiasing, no hinting, unhinted metrics.
        TextEngine.configure(context, language: language)
        guard let layout = pango_layout_new(context) else {
            g_object_unref(UnsafeMutableRawPointer(context))
            throw TextEngineError(file: nil, problem: "Pango could not make a layout")
        }
        self.context = context
        self.layout = layout
        fullLayout = layout
        self.logger = logger
        if quickCatalog, fallback == .pinnedNoto, let subset = try? FontCatalog(subsetOf: catalog, families: TextEngine.quickFamilies, files: files),
           let quickContext = pango_font_map_create_context(subset.fontMap) {
            TextEngine.configure(quickContext, language: language)
            if let quickLayout = pango_layout_new(quickContext) {
                quick = (subset, quickContext, quickLayout)
            } else {
                g_object_unref(UnsafeMutableRawPointer(quickContext))
            }
        }
    }

    /// Grey antialiasing, no hinting, unhinted metrics, and the readers' language.
    private static func configure(_ context: OpaquePointer, language: String?) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        if let language, !language.isEmpty, language != "local" {
            pango_context_set_language(context, pango_language_from_string(language))
        }
    }

    /// Starts building the font configuration of `files` and `fallback`
    /// on a thread of its own: an engine made later with them finds it
    /// built, or waits for it instead of building another.
    package static func prepare(files: [URL], fallback: FontFallback = .system) {
        FontCatalog.prepare(files: files, fallback: fallback)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        if let quick {
            g_object_unref(UnsafeMutableRawPointer(quick.layout))
            g_object_unref(UnsafeMutableRawPointer(quick.context))
        }
        g_object_unref(UnsafeMutableRawPointer(fullLayout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    // MARK: Measuring

    /// The size of `text` on its lines in `font`: the logical box, as wide as the text advances and as high as its lines.
    package func size(of text: String, font: FontSpec) -> Size {
        guard !text.isEmpty else { return .zero }
        let key = MeasureKey(text: text, font: font)
        if let known = sizes[key] { return known }
        set(text, font: font)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let measured = Size(width: Double(logical.width), height: Double(logical.height))
        if sizes.count >= TextEngine.cacheLimit { sizes.removeAll(keepingCapacity: true) }
        sizes[key] = measured
        return measured
    }

    /// How far below the top of its logical box the first line's baseline lies, in pixels.
    package func baseline(of text: String, font: FontSpec) -> Double {
        guard !text.isEmpty else { return 0 }
        let key = MeasureKey(text: text, font: font)
        if let known = baselines[key] { return known }
        set(text, font: font)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PINMAP_PANGO_SCALE)
        if baselines.count >= TextEngine.cacheLimit { baselines.removeAll(keepingCapacity: true) }
        baselines[key] = baseline
        return baseline
    }

    /// The text cut where its pieces may be placed apart along a line, left
    /// to right as drawn: between grapheme clusters, but never inside a
    /// conjunct (after a virama or beside a joiner), never inside a word of a
    /// cursive script. Each piece's advance is its span in the shaped line.
    package func segments(of text: String, font: FontSpec) -> [TextSegment] {
        guard !text.isEmpty else { return [] }
        let shown = set(text.replacingOccurrences(of: "\n", with: " "), font: font)
        let scalars = Array(shown.unicodeScalars)
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count), Int(count) == scalars.count + 1,
              let line = pango_layout_get_line_readonly(layout, 0) else { return [] }
        var byteOffsets: [Int] = [0]
        for scalar in scalars { byteOffsets.append(byteOffsets[byteOffsets.count - 1] + UTF8.width(scalar)) }
        var cuts: Set<Int> = []
        for index in 1..<max(scalars.count, 1) where attributes[index].is_cursor_position != 0
            && !TextEngine.holdTogether(scalars[index - 1], scalars[index]) {
            cuts.insert(index)
        }
        cuts.insert(scalars.count)
        var segments: [(x: Int32, segment: TextSegment)] = []
        var start = 0
        for end in cuts.sorted() where end > start {
            var ranges: UnsafeMutablePointer<Int32>?
            var rangeCount: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(byteOffsets[start]), Int32(byteOffsets[end]), &ranges, &rangeCount)
            var low = Int32.max, high = Int32.min
            if let ranges {
                for index in 0..<Int(rangeCount * 2) { low = min(low, ranges[index]); high = max(high, ranges[index]) }
                g_free(ranges)
            }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            let advance = high >= low ? Double(high - low) / Double(PINMAP_PANGO_SCALE) : 0
            segments.append((high >= low ? low : 0, TextSegment(text: String(piece), advance: advance)))
            start = end
        }
        return segments.sorted { $0.x < $1.x }.map(\.segment)
    }

    /// Where a line may start in `text`, by Pango's Unicode line breaking
    /// (UAX #14, with Thai and Lao words from their dictionaries).
    package func lineBreaks(in text: String) -> [String.Index] {
        guard !text.isEmpty else { return [] }
        // The text as given, not as `set` would leave it: the breaks index this string. Breaks do not depend on
        // fonts, but finding them itemizes the text with some: the quick catalog's few, where there is one.
        layout = quick?.layout ?? fullLayout
        pango_layout_set_text(layout, text, -1)
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count) else { return [] }
        var breaks: [String.Index] = []
        var index = text.unicodeScalars.startIndex
        var offset = 0
        while index < text.unicodeScalars.endIndex, offset < Int(count) {
            if offset > 0, attributes[offset].is_line_break != 0 { breaks.append(index) }
            index = text.unicodeScalars.index(after: index)
            offset += 1
        }
        // Pango breaks at a scalar; the core cuts text by characters.
        return breaks.filter { $0.samePosition(in: text) != nil }
    }

    // MARK: Layout

    /// Puts `text` into the layout in `font`, without what no font can draw
    /// (one warning per script, never boxes); returns the text as set.
    @discardableResult
    func set(_ text: String, font: FontSpec) -> String {
        let key = MeasureKey(text: text, font: font)
        // The quick catalog first, where it serves this font and has not failed this text.
        if let quick, !needsFull.contains(key), servesQuickly(font) {
            layout = quick.layout
            pango_layout_set_font_description(layout, description(font))
            pango_layout_set_text(layout, text, -1)
            if pango_layout_get_unknown_glyphs_count(layout) == 0 { return text }
            if needsFull.count >= TextEngine.cacheLimit { needsFull.removeAll(keepingCapacity: true) }
            needsFull.insert(key)
        }
        layout = fullLayout
        pango_layout_set_font_description(layout, description(font))
        if let known = shownTexts[key] {
            pango_layout_set_text(layout, known, -1)
            return known
        }
        pango_layout_set_text(layout, text, -1)
        var kept = text
        if pango_layout_get_unknown_glyphs_count(layout) > 0 {
            kept = drawable(text)
            pango_layout_set_text(layout, kept, -1)
        }
        if shownTexts.count >= TextEngine.cacheLimit { shownTexts.removeAll(keepingCapacity: true) }
        shownTexts[key] = kept
        return kept
    }

    /// Whether the quick catalog holds every installed family `font` names
    /// (then it sorts those fonts as the full catalog does, before any other).
    private func servesQuickly(_ font: FontSpec) -> Bool {
        if let known = quickServes[font] { return known }
        let families = font.stack.isEmpty ? [catalog.family]
            : FontStackMatcher.families(of: font.stack, fallback: catalog.family).families
        let serves = quick.map { quick in
            families.allSatisfy { quick.catalog.has(family: $0) || !catalog.has(family: $0) }
        } ?? false
        quickServes[font] = serves
        return serves
    }

    /// The text without the characters no font draws (each is tried alone,
    /// which is rare work: only for text with an unknown glyph), warning
    /// once for each script they are in.
    private func drawable(_ text: String) -> String {
        var unknown: Set<Unicode.Scalar> = []
        // Letters past ASCII, and control characters (a BEL in a file's name would be a hex box).
        for scalar in Set(text.unicodeScalars) where (scalar.value > 0x7F || scalar.value < 0x20 || scalar.value == 0x7F)
            && scalar != "\n" && !scalar.properties.isWhitespace {
            pango_layout_set_text(layout, String(Character(scalar)), -1)
            if pango_layout_get_unknown_glyphs_count(layout) > 0 { unknown.insert(scalar) }
        }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard unknown.contains(scalar) else { kept.append(scalar); continue }
            let script = TextEngine.scriptName(scalar)
            if warnedScripts.insert(script).inserted {
                logger.warning("no installed font can draw \(script) text; it is left out (first seen: U+\(String(scalar.value, radix: 16, uppercase: true)))")
            }
        }
        return String(kept)
    }

    /// Pango's description of `font`: its stack's families (then the map's
    /// own font), weight and slant, at its size in pixels.
    func description(_ font: FontSpec) -> OpaquePointer {
        if let known = descriptions[font] { return known }
        let description = pango_font_description_new()!
        let families: [String]
        var weight: Int, italic: Bool
        if font.stack.isEmpty {
            families = [catalog.family]
            weight = font.weight == .bold || font.weight == .boldItalic ? 700 : 400
            italic = font.weight == .italic || font.weight == .boldItalic
        } else {
            let matched = FontStackMatcher.families(of: font.stack, fallback: catalog.family)
            families = matched.families
            (weight, italic) = (matched.face.weight, matched.face.italic)
        }
        pango_font_description_set_family(description, families.joined(separator: ","))
        pango_font_description_set_weight(description, Int32(weight))
        pango_font_description_set_style(description, italic ? PINMAP_PANGO_STYLE_ITALIC : PINMAP_PANGO_STYLE_NORMAL)
        // Any size an app or a file asks for becomes one Pango can draw: NaN the smallest, past 1,024 pixels 1,024.
        let pixels = font.size.isNaN ? 1 : min(max(font.size, 1), 1024)
        pango_font_description_set_absolute_size(description, pixels * Double(PINMAP_PANGO_SCALE))
        descriptions[font] = description
        return description
    }

    // MARK: Scripts

    /// Scripts whose letters join within a word: a word of them is drawn whole.
    private static let joiningScripts: Set<String> = ["Arab", "Syrc", "Nkoo", "Mong", "Mand", "Adlm", "Phag", "Mani", "Phlp", "Sogd", "Rohg"]

    /// Whether two neighbouring scalars must stay in one piece: letters of a
    /// cursive script, a consonant after a virama, or either side of a joiner.
    static func holdTogether(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        if before.value == 0x200D || after.value == 0x200D || before.value == 0x200C || after.value == 0x200C { return true }
        if before.properties.canonicalCombiningClass == .virama { return true }
        return joins(before) && joins(after)
    }

    /// A letter of a cursive script, or a mark (inherited script) that rides on one.
    private static func joins(_ scalar: Unicode.Scalar) -> Bool {
        let script = scriptName(scalar)
        return joiningScripts.contains(script) || script == "Zinh"
    }

    /// The ISO 15924 code of the scalar's script ("Deva", "Arab").
    static func scriptName(_ scalar: Unicode.Scalar) -> String {
        let tag = g_unicode_script_to_iso15924(g_unichar_get_script(scalar.value))
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
