import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Corpora of bad input for every text file pinmap reads (pins, callout
/// layouts, scripts): hand-made hostile cases, and every prefix and a few
/// hundred seeded mutations of a good file. Each must be read or refused
/// with a message that starts with the file's name; none may crash.
@Suite @MainActor struct ParserCorpusTests {
    static let pins = FuzzSession.pinsText
    static let layout = FuzzSession.noteLayout
    static let script = """
    {"events":[{"at":0.0,"type":"mouse-down","x":400,"y":300,"button":"left"},
    {"at":0.1,"type":"mouse-move","x":450,"y":300},{"at":0.2,"type":"mouse-up","x":450,"y":300},
    {"at":0.3,"type":"wheel","x":400,"y":300,"dy":1},{"at":0.4,"type":"key","key":"ctrl+z"},
    {"at":0.5,"type":"touch-down","x":10,"y":10,"finger":2},{"at":1.0,"type":"screenshot","path":"a.png"}]}
    """

    /// Hostile cases every reader gets, beside its own.
    static let hostile: [[UInt8]] = [
        [], Array("null".utf8), Array("[]".utf8), [0xFF, 0xFE, 0x00, 0x7B], Array("{\"a\":\"\u{0}\"}".utf8),
        Array(String(repeating: "[", count: 100_000).utf8), Array(String(repeating: "{\"a\":", count: 50_000).utf8),
        Array("{\"features\": [1e999999]}".utf8), Array("{\"events\": NaN}".utf8),
        Array(("{\"k\":\"" + String(repeating: "é", count: 1 << 20) + "\"}").utf8),
        [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D],  // invalid UTF-8 in a key
    ]

    /// Every prefix, then seeded byte flips, insertions and deletions.
    static func mutations(of text: String, count: Int, seed: UInt64,
                          alphabet: [UInt8] = Array("{}[]\",:0123456789.-eE truefalsnul\\\u{7F}".utf8) + [0x00, 0xC3, 0xFF])
        -> [[UInt8]] {
        let bytes = Array(text.utf8)
        var result = (0..<bytes.count).map { Array(bytes[..<$0]) }
        var random = SeededGenerator(seed: seed)
        for _ in 0..<count {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated[at] = alphabet.randomElement(using: &random)!
                case 1: mutated.insert(alphabet.randomElement(using: &random)!, at: at)
                default: mutated.remove(at: at)
                }
            }
            result.append(mutated)
        }
        return result
    }

    /// Feeds every input to `read`; each is read or refused with an error
    /// that names `file` first. Returns how many were refused.
    func refusals(of good: String, seed: UInt64, file: String, hostile: [[UInt8]] = ParserCorpusTests.hostile,
                  alphabet: [UInt8]? = nil, read: ([UInt8]) throws -> Void) -> Int {
        var refused = 0
        let mutated = alphabet.map { ParserCorpusTests.mutations(of: good, count: 400, seed: seed, alphabet: $0) }
            ?? ParserCorpusTests.mutations(of: good, count: 400, seed: seed)
        for input in hostile + mutated {
            do {
                try read(input)
            } catch {
                refused += 1
                #expect("\(error)".hasPrefix(file), "\(error)")
            }
        }
        return refused
    }

    @Test func pinsFiles() {
        let refused = refusals(of: ParserCorpusTests.pins, seed: 7, file: "corpus.geojson") { input in
            let document = try PinDocument.parse(input, file: "corpus.geojson")
            // Whatever was read saves back to a file that reads again.
            let pins = document.makeAnnotations()
            for pin in pins { pin.coordinate = Coordinate(latitude: 1, longitude: 2) }
            _ = try PinDocument.parse(document.encoded(pins, deleted: Array(pins.prefix(1))), file: "corpus.geojson")
        }
        #expect(refused > 100)
    }

    /// XML's own hostile cases: entity bombs, external entities, deep
    /// nesting, unclosed sections, a wrong root, encodings it cannot read.
    static let hostileXML: [[UInt8]] = [
        Array("<?xml version=\"1.0\"?><!DOCTYPE g [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><gpx>&b;</gpx>".utf8),
        Array("<!DOCTYPE gpx SYSTEM \"http://127.0.0.1:1/gpx.dtd\"><gpx/>".utf8),
        Array("<!DOCTYPE gpx [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><gpx/>".utf8),
        Array(("<gpx>" + String(repeating: "<extensions>", count: 10_000)).utf8),
        Array("<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[open".utf8),
        Array("<gpx><wpt lat=\"1e999\" lon=\"2\"/></gpx>".utf8),
        Array("<gpx><wpt lat=\"1\" lat=\"2\" lon=\"2\"/></gpx>".utf8),
        Array("<gpx><trk><trkseg><trkpt lat=\"-91\" lon=\"0\"/></trkseg></trk></gpx>".utf8),
        Array("<?xml version=\"1.0\" encoding=\"EBCDIC-nonsense\"?><gpx/>".utf8),
        [0xFF, 0xFE, 0x3C, 0x00, 0x67, 0x00],
        Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>\u{0}</name></wpt></gpx>".utf8),
        Array(("<gpx><name>" + String(repeating: "&amp;", count: 200_000) + "</name></gpx>").utf8),
        Array("<rss></rss>".utf8), Array("<gpx></gpx><gpx></gpx>".utf8), Array("   ".utf8),
        // A name that is not UTF-8 made Foundation's XML parser trap.
        Array("<gpx><wpt lat=\"1\" lon=\"2\"><nam".utf8) + [0xFF] + Array("e>x</name></wpt></gpx>".utf8),
        Array("<gpx><wpt lat=\"1\" lon=\"".utf8) + [0xC3] + Array("\"/></gpx>".utf8),
        // Values the campaign found read in silence: cut files, hex and spaced numbers, impossible times and heights.
        Array("<gpx><wpt lat=\"1\" lon=\"2\"/><wpt lat=\"3\" lon=\"4\" /".utf8),
        Array("<gpx><wpt lat=\"0x10\" lon=\"2\"/></gpx>".utf8), Array("<gpx><wpt lat=\" 1 \" lon=\"2\"/></gpx>".utf8),
        Array("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>99999-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>".utf8),
        Array("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1e12</ele></trkpt><trkpt lat=\"1\" lon=\"2\"><ele>NaN</ele></trkpt></trkseg></trk></gpx>".utf8),
    ]

    @Test func gpxFiles() {
        let alphabet = Array("<>/=\"'&;!?-[]:abcdefgnptwxlm0123456789. ".utf8) + [0x00, 0xC3, 0xFF]
        let refused = refusals(of: FuzzSession.gpxText, seed: 11, file: "corpus.gpx", hostile: ParserCorpusTests.hostileXML,
                               alphabet: alphabet) { input in
            let document = try PinDocument.parse(input, file: "corpus.gpx")
            // Whatever was read saves back to a file that reads again, with the same tracks.
            let pins = document.makeAnnotations()
            for pin in pins { pin.coordinate = Coordinate(latitude: 1, longitude: 2) }
            let dropped = PointAnnotation(coordinate: Coordinate(latitude: 3, longitude: 4), title: "<&>")
            let saved = try PinDocument.parse(document.encoded(pins, deleted: Array(pins.prefix(1)), added: [dropped]),
                                              file: "corpus.gpx")
            #expect(saved.gpx?.tracks == document.gpx?.tracks)
            #expect(saved.features.count == pins.count - min(1, pins.count) + (document.gpx?.waypointsAreEditable == false ? 0 : 1)
                    || document.gpx?.waypointsAreEditable == false)
            _ = document.overlays(coloring: .speed)
        }
        #expect(refused > 100)
    }

    @Test func shapeFiles() {
        let refused = refusals(of: FuzzSession.shapesText, seed: 12, file: "corpus.geojson") { input in
            let document = try PinDocument.parse(input, file: "corpus.geojson")
            for (overlay, _) in document.overlays() {
                #expect(overlay.boundingMapRect.origin.isFinite, "a shape read has finite bounds")
            }
            _ = try PinDocument.parse(document.encoded(document.makeAnnotations()), file: "corpus.geojson")
        }
        #expect(refused > 100)
    }

    @Test func calloutLayouts() {
        let refused = refusals(of: ParserCorpusTests.layout, seed: 8, file: "corpus.json") { input in
            _ = try CalloutLayoutParser(file: "corpus.json", name: "corpus").parse(input)
        }
        #expect(refused > 100)
    }

    @Test func scripts() {
        let refused = refusals(of: ParserCorpusTests.script, seed: 9, file: "corpus.json") { input in
            let script = try Script.parse(Data(input), file: "corpus.json")
            // Whatever was read plays to its end without hanging.
            var playback = ScriptPlayback(script: script)
            var frames = 0
            while !playback.isFinished && frames < 100_000 {
                _ = playback.nextFrame()
                playback.skipIdleFrames()
                frames += 1
            }
            #expect(playback.isFinished)
        }
        #expect(refused > 100)
    }
}
