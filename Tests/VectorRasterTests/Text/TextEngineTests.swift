import Foundation
import Logging
import MapEngine
import MapKitLayer
import Synchronization
import Testing
@testable import VectorRaster

/// The text engine against what HarfBuzz, FriBidi and Unicode's rules say
/// of real place names: shaping keeps clusters whole, right-to-left runs come
/// reversed, lines break where Unicode allows, and no script is dropped.
@Suite struct TextEngineTests {
    static let dejaVu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/Fonts/DejaVuSans.ttf")

    static func engine() throws -> TextEngine {
        try TextEngine(files: [dejaVu], fallback: .pinnedNoto, language: "en")
    }

    let font = FontSpec(size: 20, stack: ["Noto Sans Regular"])

    @Test func aConjunctIsNeverSplitAndNoPieceEndsOnAVirama() throws {
        let pieces = try Self.engine().segments(of: "महात्मा गांधी मार्ग", font: font).map(\.text)
        #expect(pieces.contains("त्मा"))
        #expect(pieces.contains("र्ग"))
        #expect(!pieces.contains { $0.unicodeScalars.last?.value == 0x094D })
        #expect(pieces.joined() == "महात्मा गांधी मार्ग", "left-to-right text keeps its order")
    }

    @Test func anArabicWordStaysJoinedAndTheWordsRunRightToLeft() throws {
        let pieces = try Self.engine().segments(of: "شارع الملك فيصل", font: font).map(\.text)
        #expect(pieces == ["فيصل", " ", "الملك", " ", "شارع"])
    }

    @Test func hebrewComesReversedLetterByLetter() throws {
        let pieces = try Self.engine().segments(of: "ירושלים", font: font).map(\.text)
        #expect(pieces.joined() == String("ירושלים".reversed()))
        #expect(pieces.count == 7)
    }

    /// The bidi algorithm: the first strong letter is Arabic, so the line
    /// runs right to left and "Cairo" comes first from the left.
    @Test func aMixedLabelIsOrderedByTheBidiAlgorithm() throws {
        let pieces = try Self.engine().segments(of: "القاهرة / Cairo", font: font)
        #expect(pieces.prefix(5).map(\.text).joined() == "Cairo")
        #expect(pieces.last?.text == "القاهرة")
        #expect(pieces.allSatisfy { $0.advance >= 0 })
        let total = pieces.reduce(0) { $0 + $1.advance }
        let width = try Self.engine().size(of: "القاهرة / Cairo", font: font).width
        #expect(abs(total - width) <= 2, "the pieces add up to the shaped line")
    }

    @Test func thaiBreaksBetweenWordsAndJapaneseBetweenCharacters() throws {
        let engine = try Self.engine()
        let thai = "กรุงเทพมหานคร"
        let thaiBreaks = engine.lineBreaks(in: thai).map { thai.distance(from: thai.startIndex, to: $0) }
        #expect(!thaiBreaks.isEmpty, "a Thai compound breaks inside, between its words")
        let japanese = "東京スカイツリー"
        let breaks = engine.lineBreaks(in: japanese).map { japanese.distance(from: japanese.startIndex, to: $0) }
        #expect(breaks.contains(1) && breaks.contains(2))
        #expect(!breaks.contains(7), "never before the long-vowel mark")
        let missing = "東京🫸大阪"
        #expect(engine.lineBreaks(in: missing).map { missing.distance(from: missing.startIndex, to: $0) }.contains(3),
                "a character no font draws still counts where the breaks fall")
        let latin = "Rheinfall bei Neuhausen"
        #expect(engine.lineBreaks(in: latin).map { latin.distance(from: latin.startIndex, to: $0) } == [10, 14])
    }

    @Test(arguments: ["Zürich", "Αθήνα", "Москва", "القاهرة", "ירושלים", "नई दिल्ली", "ঢাকা", "தமிழ்நாடு",
                      "กรุงเทพมหานคร", "北京市", "東京タワー", "서울", "ཐིམ་ཕུ"])
    func everyScriptIsDrawnWhole(_ name: String) throws {
        let engine = try Self.engine()
        #expect(engine.set(name, font: font) == name, "no character left out")
        let image = try #require(engine.image(of: name, font: font, color: Color(hex: 0)))
        let inked = image.pixels.argb.filter { $0 >> 24 > 128 }.count
        #expect(inked > 20 * name.count, "\(inked) inked pixels")
    }

    /// What a logger was told, for a test to read.
    final class Said: Sendable {
        let lines = Mutex<[String]>([])
    }

    struct Recorder: LogHandler {
        let said: Said
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            said.lines.withLock { $0.append("\(event.message)") }
        }
    }

    @Test func whatNoFontDrawsIsLeftOutNotBoxedWithOneWarningPerScript() throws {
        let said = Said()
        let engine = try TextEngine(files: [Self.dejaVu], fallback: .pinnedNoto, language: "en",
                                    logger: Logger(label: "test", factory: { _ in Recorder(said: said) }))
        #expect(engine.set("Hand 🫸 here", font: font) == "Hand  here")
        #expect(engine.size(of: "🫸", font: font).width == 0)
        #expect(engine.set("Bell\u{7}Tower", font: font) == "BellTower", "a control character is no box either")
        _ = engine.size(of: "🫷 and 🫸 again", font: FontSpec(size: 12))
        let warnings = said.lines.withLock { $0 }
        #expect(warnings.count == 1, "the emoji and the control character are both of the common script: \(warnings)")
        #expect(warnings.allSatisfy { $0.contains("Zyyy") || $0.contains("Zsye") }, "\(warnings)")
    }

    @Test func aHaloReachesPastTheTextOnEverySide() throws {
        let engine = try Self.engine()
        let plain = try #require(engine.image(of: "Bern", font: font, color: Color(hex: 0)))
        let haloed = try #require(engine.image(of: "Bern", font: font, color: Color(hex: 0), halo: Color(hex: 0xFFFFFF), haloWidth: 3))
        #expect(haloed.pixels.width >= plain.pixels.width + 4 && haloed.pixels.height >= plain.pixels.height + 4)
        #expect(haloed.origin.x > plain.origin.x && haloed.origin.y > plain.origin.y)
        let white = haloed.pixels.argb.filter { $0 == 0xFFFF_FFFF }.count
        #expect(white > 50, "the halo is drawn")
    }

    @Test func aStyleFontNameIsReadAsFamilyWeightAndSlant() {
        typealias Face = FontStackMatcher.Face
        #expect(FontStackMatcher.face(of: "Open Sans Semibold") == Face(family: "Open Sans", weight: 600, italic: false))
        #expect(FontStackMatcher.face(of: "Metropolis Medium Italic") == Face(family: "Metropolis", weight: 500, italic: true))
        #expect(FontStackMatcher.face(of: "Noto Sans Regular") == Face(family: "Noto Sans", weight: 400, italic: false))
        #expect(FontStackMatcher.face(of: "Klokantech Noto Sans Bold") == Face(family: "Klokantech Noto Sans", weight: 700, italic: false))
        #expect(FontStackMatcher.face(of: "Roboto Semi Bold") == Face(family: "Roboto", weight: 600, italic: false))
        let stack = FontStackMatcher.families(of: ["Open Sans Bold", "Arial Unicode MS Bold"], fallback: "DejaVu Sans")
        #expect(stack.families == ["Open Sans", "Arial Unicode MS", "DejaVu Sans"])
        #expect(stack.face.weight == 700)
    }

    @Test func aMissingFontFileIsNamed() {
        #expect(throws: TextEngineError.self) {
            try TextEngine(files: [URL(fileURLWithPath: "/nonexistent/font.ttf")], fallback: .pinnedNoto)
        }
    }

    /// The quick catalog (the map's usual fonts alone) lays out and draws
    /// every text as the full catalog of every Noto font does: text its fonts
    /// draw whole, in fonts whose families it holds, and the rest by falling
    /// through to the full catalog.
    @Test func theQuickCatalogDrawsEveryTextAsTheFullOneDoes() throws {
        let quick = try Self.engine()
        let full = try TextEngine(files: [Self.dejaVu], fallback: .pinnedNoto, language: "en", quickCatalog: false)
        #expect(quick.hasQuickCatalog && !full.hasQuickCatalog)
        let texts = ["Zürich", "Αθήνα", "Москва", "東京タワー", "القاهرة", "महात्मा गांधी मार्ग", "Ὀδυσσεύς ✈", "Rue de l’Église 12", "서울"]
        let fonts = [FontSpec(size: 13, stack: ["Noto Sans Regular"]), FontSpec(size: 17.5, stack: ["Noto Sans Bold"]),
                     FontSpec(size: 11, stack: ["Noto Sans Italic"]), FontSpec(size: 14, stack: ["Open Sans Semibold", "Noto Sans Regular"]),
                     FontSpec(size: 12, stack: ["Noto Serif Regular"]), FontSpec(size: 15), FontSpec(size: 15, weight: .bold)]
        for font in fonts {
            for text in texts {
                #expect(quick.size(of: text, font: font) == full.size(of: text, font: font), "\(text) in \(font)")
                #expect(quick.baseline(of: text, font: font) == full.baseline(of: text, font: font), "\(text) in \(font)")
                let drawn = quick.image(of: text, font: font, color: Color(hex: 0x202020), halo: Color(hex: 0xFFFFFF), haloWidth: 1.5)
                let reference = full.image(of: text, font: font, color: Color(hex: 0x202020), halo: Color(hex: 0xFFFFFF), haloWidth: 1.5)
                #expect(drawn == reference, "\(text) in \(font): the same pixels")
            }
        }
    }
}
