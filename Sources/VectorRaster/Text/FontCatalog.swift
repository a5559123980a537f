import CCairo
import CPango
import Foundation
import Synchronization

/// Where the fonts behind the text come from, besides the app's own files.
package enum FontFallback: Sendable, Equatable {
    /// `system` in a window; `pinnedNoto` in a headless run (screenshots,
    /// scene dumps, tests), so what a test captures matches on every machine.
    case automatic
    /// Every font fontconfig knows on this machine, with its rules and the
    /// user's preferences, as other Linux programs see them.
    case system
    /// Only the Noto fonts of Debian's `fonts-noto-core` and
    /// `fonts-noto-cjk` (whichever of their folders exist), with no user
    /// configuration: screenshots come out the same on every machine with
    /// the same packages.
    case pinnedNoto

    /// The folders `pinnedNoto` reads.
    package static let notoFolders = ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"]
}

/// A fontconfig configuration with the app's font files added, and the
/// Pango font map that matches and falls back through it.
final class FontCatalog {
    /// The configuration; owned here.
    let config: OpaquePointer
    /// The Cairo font map Pango draws with; owned here.
    let fontMap: OpaquePointer
    /// The family of the app's regular file: the map's own font.
    let family: String

    /// The catalog of `files` on top of `fallback`; throws when a file is
    /// not a font fontconfig can read. Building a configuration reads every
    /// font's cache entry (tens of milliseconds), so each set of files and
    /// fallback is built once a process and shared; each catalog has a font
    /// map of its own, used on one thread.
    init(files: [URL], fallback: FontFallback) throws(TextEngineError) {
        let built = try FontCatalog.configuration(files: files, fallback: fallback)
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw TextEngineError(file: nil, problem: "Pango has no fontconfig font map")
        }
        FcConfigReference(built.config.pointer)
        pango_fc_font_map_set_config(map, built.config.pointer)
        self.config = built.config.pointer
        self.fontMap = map
        self.family = built.family
    }

    /// A catalog of only the fonts of `families` (any of a font's names) and
    /// the app's own files, from `full`'s configuration: text these fonts
    /// draw whole comes out as `full` draws it (the families a description
    /// names sort before every other font), and each description's font set
    /// is sorted among a few fonts instead of every font on the machine.
    init(subsetOf full: FontCatalog, families: Set<String>, files: [URL]) throws(TextEngineError) {
        guard let first = files.first, let config = FcConfigCreate() else { throw TextEngineError(file: nil, problem: "fontconfig could not start") }
        // The application set is made by adding the first file; the rest are copied from the full configuration's patterns.
        guard FcConfigAppFontAddFile(config, first.path) != 0, let target = FcConfigGetFonts(config, FcSetApplication) else {
            FcConfigDestroy(config)
            throw TextEngineError(file: first.path, problem: "is not a font file fontconfig can read")
        }
        let wanted = Set(families.map { $0.lowercased() })
        for setName in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(full.config, setName) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file, String(cString: file) == first.path { continue }
                var keep = setName == FcSetApplication
                var name: UnsafeMutablePointer<FcChar8>?
                var position: Int32 = 0
                while !keep, FcPatternGetString(pattern, FC_FAMILY, position, &name) == FcResultMatch, let name {
                    keep = wanted.contains(String(cString: name).lowercased())
                    position += 1
                }
                if keep, let copy = FcPatternDuplicate(pattern) { _ = FcFontSetAdd(target, copy) }
            }
        }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw TextEngineError(file: nil, problem: "Pango has no fontconfig font map")
        }
        pango_fc_font_map_set_config(map, config)
        self.config = config
        self.fontMap = map
        self.family = full.family
    }

    /// Whether a font of `family` is in the catalog (any of a font's names, any case).
    func has(family: String) -> Bool {
        let wanted = family.lowercased()
        for setName in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, setName) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var name: UnsafeMutablePointer<FcChar8>?
                var position: Int32 = 0
                while FcPatternGetString(pattern, FC_FAMILY, position, &name) == FcResultMatch, let name {
                    if String(cString: name).lowercased() == wanted { return true }
                    position += 1
                }
            }
        }
        return false
    }

    /// A configuration fontconfig built, shared between threads.
    struct SharedConfig: @unchecked Sendable {
        // Unchecked: fontconfig locks its configurations itself (thread-safe
        // since 2.10), and pinmap changes none after building it; each
        // thread's Pango font map only reads it.
        let pointer: OpaquePointer
    }

    private struct ConfigKey: Hashable {
        let files: [String]
        let fallback: FontFallback
    }

    private static let built = Mutex<[ConfigKey: (config: SharedConfig, family: String)]>([:])
    /// Held while a configuration is built: a thread that needs one being
    /// built waits for it rather than building another.
    private static let building = NSLock()
    /// Whether a configuration was made fontconfig's current one.
    private static let madeCurrent = Mutex(false)

    /// Builds the configuration of `files` and `fallback` on a thread of
    /// its own, so that a catalog made later finds it built (or waits for
    /// it): a run starts reading the fonts' caches while it reads its
    /// style and data.
    static func prepare(files: [URL], fallback: FontFallback) {
        Thread.detachNewThread {
            _ = try? configuration(files: files, fallback: fallback)
        }
    }

    private static func configuration(files: [URL], fallback: FontFallback) throws(TextEngineError) -> (config: SharedConfig, family: String) {
        let key = ConfigKey(files: files.map(\.path), fallback: fallback)
        if let known = built.withLock({ $0[key] }) { return known }
        building.lock()
        defer { building.unlock() }
        if let known = built.withLock({ $0[key] }) { return known }
        let made: OpaquePointer?
        switch fallback {
        case .system, .automatic:
            made = FcInitLoadConfigAndFonts()
        case .pinnedNoto:
            made = FcConfigCreate()
            // Noto's folders and nothing of the user's, read through the caches fc-cache keeps.
            let folders = FontFallback.notoFolders.filter { FileManager.default.fileExists(atPath: $0) }
            let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir>/var/cache/fontconfig</cachedir>"
                + "<cachedir prefix=\"xdg\">fontconfig</cachedir>" + folders.map { "<dir>\($0)</dir>" }.joined() + "</fontconfig>"
            if let made, FcConfigParseAndLoadFromMemory(made, xml, 1) == 0 || FcConfigBuildFonts(made) == 0 {
                FcConfigDestroy(made)
                throw TextEngineError(file: nil, problem: "fontconfig could not read the Noto folders")
            }
        }
        guard let config = made else { throw TextEngineError(file: nil, problem: "fontconfig could not start") }
        var family: String?
        for file in files {
            guard FcConfigAppFontAddFile(config, file.path) != 0 else {
                FcConfigDestroy(config)
                throw TextEngineError(file: file.path, problem: "is not a font file fontconfig can read")
            }
            if family == nil { family = FontCatalog.family(of: file) }
        }
        let entry = (config: SharedConfig(pointer: config), family: family ?? "DejaVu Sans")
        built.withLock { $0[key] = entry }
        if madeCurrent.withLock({ done in defer { done = true }; return !done }) {
            // The first configuration built is fontconfig's current one: every Pango font map starts fontconfig
            // (FcInit) on a thread of its own and waits for it, which would otherwise read the whole system's
            // configuration again (a second time in a window, for nothing in a headless run).
            FcConfigSetCurrent(config)
        }
        return entry
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
    }

    /// The family name written in a font file, or nil when it has none.
    static func family(of file: URL) -> String? {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(file.path, 0, nil, &count) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return nil }
        return String(cString: name)
    }
}

/// Why text could not be set up: a font file or the font libraries.
package struct TextEngineError: Error, CustomStringConvertible, Equatable {
    /// The font file at fault, if one is.
    package let file: String?
    /// What is wrong, in words.
    package let problem: String

    /// The message for a person: the file, then the problem.
    package var description: String { file.map { "\($0) \(problem)" } ?? problem }
}
