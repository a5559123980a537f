import Foundation
import FoundationXML
import MapSDL
import Testing

/// `pinmap export` and `--screenshot` write the view as its file's name
/// says: a PNG at any scale; a PDF whose labels `pdftotext` reads; an SVG of
/// paths whose labels an XML parser finds in `<text>` elements. A name for
/// a format pinmap does not write is refused, and nothing is written under it.
@Suite struct ExportCLITests {
    let cli = PinmapCLITests()
    static let capeTown = ["--center", "-33.9,18.4", "--zoom", "9", "--size", "600x400"]

    func export(_ name: String, _ extra: [String] = []) throws -> URL {
        let file = try cli.temporaryFolder().appendingPathComponent(name)
        let outcome = try cli.pinmap(["export", "--no-pins"] + Self.capeTown + extra + [file.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return file
    }

    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aPDFHoldsTheLabelsAsText() throws {
        let pdf = try export("cape.pdf")
        let bytes = try Data(contentsOf: pdf)
        #expect(bytes.starts(with: Data("%PDF-".utf8)), "PDF bytes, not PNG ones")
        let text = try Self.run("pdftotext", [pdf.path, "-"])
        #expect(text.contains("Cape Town"), "the label is text a reader can find: \(text.prefix(300))")
        #expect(text.contains("Made with Natural Earth"), "the credit line is there too")
        let info = try Self.run("pdfinfo", [pdf.path])
        #expect(info.contains("600 x 400 pts"), "a page the view's size: \(info)")
    }

    /// The SVG's elements, by name, with the text of its `<text>` ones.
    final class SVGReader: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var texts: [String] = []
        private var inText = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            if name == "text" { inText = true; texts.append("") }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { texts[texts.count - 1] += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }

    @Test func anSVGHoldsShapesAndTheLabelsAsText() throws {
        let svg = try export("cape.svg")
        let reader = SVGReader()
        let parser = try #require(XMLParser(contentsOf: svg))
        parser.delegate = reader
        #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        #expect(reader.texts.contains("Cape Town"), "\(reader.texts)")
        #expect(reader.texts.contains { $0.hasPrefix("Made with Natural Earth") }, "the credit line")
        #expect(reader.counts["path", default: 0] > 100, "the coast, roads and borders are paths: \(reader.counts)")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains(#"width="600px" height="400px""#))
    }

    @Test func aPNGComesAtAnyScale() throws {
        let png = try export("cape.png", ["--scale", "2.5"])
        let image = try Surface.load(path: png.path)
        #expect(image.width == 1500 && image.height == 1000)
    }

    /// The PDF draws the map the PNG does, flat, turned or tilted: drawn
    /// back into pixels at the same size, most of their pixels agree.
    @Test(arguments: [[String](), ["--bearing", "-30"], ["--pitch", "45", "--zoom", "12"]])
    func aPDFLooksLikeThePicture(_ view: [String]) throws {
        let pdf = try export("cape.pdf", ["--no-controls"] + view)
        let png = try export("cape.png", ["--no-controls"] + view)
        let stem = pdf.deletingPathExtension().path + "-page"
        _ = try Self.run("pdftoppm", ["-png", "-r", "72", "-singlefile", pdf.path, stem])
        let page = try Surface.load(path: stem + ".png"), picture = try Surface.load(path: png.path)
        #expect(page.width == picture.width && page.height == picture.height)
        var alike = 0, samples = 0
        for y in stride(from: 1, to: min(page.height, picture.height), by: 3) {
            for x in stride(from: 1, to: min(page.width, picture.width), by: 3) {
                let a = page.pixel(x: x, y: y), b = picture.pixel(x: x, y: y)
                samples += 1
                if abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue)) < 40 { alike += 1 }
            }
        }
        #expect(Double(alike) / Double(max(samples, 1)) > 0.95, "\(alike) of \(samples) alike")
    }

    /// A scripted run's capture named .pdf holds what the window would show:
    /// the track drawn from a GPX file, its pin, and the callout opened by a
    /// click on the pin, with its title and subtitle as text.
    @Test func aCaptureHoldsPinsTracksAndAnOpenCallout() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(CalloutCLITests.pins.utf8).write(to: pins)
        let track = dir.appendingPathComponent("loire.gpx")
        try Data("""
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Loire ride</name><trkseg><trkpt lat="47.4" lon="0.7"/><trkpt lat="47.9" lon="1.9"/>
            <trkpt lat="48.85" lon="2.35"/></trkseg></trk></gpx>
            """.utf8).write(to: track)
        let pdf = dir.appendingPathComponent("open.pdf"), plain = dir.appendingPathComponent("plain.pdf")
        let callouts = CalloutCLITests()
        let script = try callouts.script(callouts.click(200, 126, at: 0.1) + #",{"at":1,"type":"screenshot","path":"\#(pdf.path)"}"#,
                                         in: dir)
        let outcome = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5", "--pins", pins.path,
                                      track.path, "--script", script.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let text = try Self.run("pdftotext", [pdf.path, "-"])
        #expect(text.contains("Paris") && text.contains("France"), "the open callout's title and subtitle: \(text.prefix(300))")
        _ = try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5", "--pins", pins.path,
                            "--screenshot", plain.path])
        #expect(!(try Self.run("pdftotext", [plain.path, "-"])).contains("France"), "no callout is open without the click")
        // The track's line and the pin's picture are there: the page differs from the map without them.
        let stem = pdf.deletingPathExtension().path
        _ = try Self.run("pdftoppm", ["-png", "-r", "72", "-singlefile", pdf.path, stem])
        let page = try Surface.load(path: stem + ".png")
        let red = (0..<page.height).reduce(0) { count, y in
            count + (0..<page.width).filter { x in let c = page.pixel(x: x, y: y); return c.red > 180 && c.green < 80 && c.blue < 80 }.count
        }
        #expect(red > 30, "the pin's red head is drawn: \(red) red pixels")
    }

    @Test func aScreenshotNamedPDFOrSVGIsThatFormat() throws {
        let dir = try cli.temporaryFolder()
        for (name, head) in [("s.pdf", "%PDF-"), ("s.svg", "<?xml")] {
            let file = dir.appendingPathComponent(name)
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "200x100", "--screenshot", file.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(try Data(contentsOf: file).starts(with: Data(head.utf8)), "\(name) holds \(head), not PNG bytes")
        }
    }

    @Test(arguments: [["export", "--zoom", "3"], ["export", "--zoom", "3", "x.jpg"]])
    func anExportWithoutAFileItWritesIsRefused(_ arguments: [String]) throws {
        let dir = try cli.temporaryFolder()
        let outcome = try cli.pinmap(arguments.map { $0.hasSuffix(".jpg") ? dir.appendingPathComponent($0).path : $0 })
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(".png, .pdf or .svg"), "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    }
}
