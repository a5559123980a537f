import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import FileAccess

/// Callouts rendered headless and compared with goldens.
@Suite(.serialized) @MainActor struct CalloutGoldenTests {
    let suite = "CalloutGoldenTests"
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    /// Red pins whose callouts have the accessories asked for.
    final class Pins: MapViewDelegate {
        let left: CalloutAccessory?
        let right: CalloutAccessory?

        init(left: CalloutAccessory? = nil, right: CalloutAccessory? = nil) {
            self.left = left
            self.right = right
        }

        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = PinAnnotationView(annotation: annotation)
            view.canShowCallout = true
            view.leftCalloutAccessory = left
            view.rightCalloutAccessory = right
            return view
        }
    }

    /// A 320 x 200 view at zoom 5 with one pin on Paris, low in the middle.
    func run(_ properties: String, center: Coordinate = Coordinate(latitude: 50.6, longitude: 2.35),
             layouts: Bool = false) throws -> HeadlessRun {
        var options = try TestMaps.options(center: center, zoom: 5, size: Size(width: 320, height: 200),
                                           pins: TestMaps.pins([("paris", Self.paris.latitude, Self.paris.longitude,
                                                                 properties)]))
        if layouts {
            options.calloutLayouts = CalloutLayoutLibrary.load(from: [PinmapResources.calloutsDirectory], files: DiskFiles()).library
        }
        return try HeadlessRun(options: options)
    }

    func open(_ run: HeadlessRun, delegate: MapViewDelegate? = nil, settle: Bool = true) throws {
        if let delegate { run.session.map.delegate = delegate }
        run.advance(to: 0.1)
        let pin = run.session.pins[0]
        run.session.map.selectAnnotation(pin)
        #expect(run.session.map.selectedAnnotations.first === pin)
        if settle { run.advance(to: 1) }
    }

    @Test func titleOnly() throws {
        let run = try run(#""marker-color":"red""#)
        let pins = Pins()
        try open(run, delegate: pins)
        assertGolden(try run.renderImage(), named: "title-only", suite: suite)
    }

    /// A pin titled in Japanese: the title is written, not left empty, and the subtitle mixes scripts.
    @Test func aJapaneseTitle() throws {
        let tower = Coordinate(latitude: 35.6586, longitude: 139.7454)
        let options = try TestMaps.options(center: Coordinate(latitude: 37.4, longitude: 139.75), zoom: 5,
                                           size: Size(width: 320, height: 200),
                                           pins: TestMaps.pins([("東京タワー", tower.latitude, tower.longitude,
                                                                 #""subtitle":"港区芝公園 · Minato, Tokyo""#)]))
        let run = try HeadlessRun(options: options)
        try open(run, delegate: Pins(right: CalloutAccessory(.detailDisclosure, identifier: "details")))
        assertGolden(try run.renderImage(), named: "japanese-title", suite: suite)
    }

    @Test func titleAndSubtitle() throws {
        let run = try run(#""subtitle":"Capital of France""#)
        let pins = Pins()
        try open(run, delegate: pins)
        assertGolden(try run.renderImage(), named: "title-subtitle", suite: suite)
    }

    @Test func bothAccessories() throws {
        let run = try run(#""subtitle":"France""#)
        let pins = Pins(left: CalloutAccessory(.infoButton, identifier: "info"),
                        right: CalloutAccessory(.detailDisclosure, identifier: "details"))
        try open(run, delegate: pins)
        assertGolden(try run.renderImage(), named: "both-accessories", suite: suite)
    }

    @Test func longTextIsTruncated() throws {
        let run = try run(#""subtitle":"The capital and most populous city of France, on the Seine""#)
        let pins = Pins(right: CalloutAccessory(.add, identifier: "add"))
        try open(run, delegate: pins)
        let dump = try dumpCommands(run)
        let subtitle = try #require(dump.first { ($0["text"] as? String)?.hasPrefix("The capital") == true })
        #expect((subtitle["text"] as? String)?.hasSuffix("…") == true)
        assertGolden(try run.renderImage(), named: "long-text-truncated", suite: suite)
    }

    @Test func aPressedButtonIsDarker() throws {
        let run = try run(#""subtitle":"France""#)
        let pins = Pins(right: CalloutAccessory(.detailDisclosure, identifier: "details"))
        try open(run, delegate: pins)
        let button = try #require(try dumpCommands(run).first { $0["action"] as? String == "details" })
        let rect = try #require(button["rect"] as? [Double])
        run.send(.pointer(PointerEvent(phase: .down, location: Point(x: rect[0] + rect[2] / 2, y: rect[1] + rect[3] / 2),
                                       button: .left)))
        assertGolden(try run.renderImage(), named: "pressed-button", suite: suite)
    }

    @Test func nearTheTopEdgeTheMapPansToShowTheCallout() throws {
        // Paris 30 px from the top: no room above until the map pans down.
        let run = try run(#""subtitle":"France""#, center: Coordinate(latitude: 46.1, longitude: 2.35))
        let pins = Pins(right: CalloutAccessory(.detailDisclosure, identifier: "details"))
        try open(run, delegate: pins)
        let bubble = try #require(try dumpCommands(run).first { $0["role"] as? String == "callout" })
        #expect((bubble["rect"] as? [Double])?[1] == 10)
        assertGolden(try run.renderImage(), named: "near-top-after-pan", suite: suite)
    }

    @Test func thePopHalfWay() throws {
        let run = try run(#""subtitle":"France""#)
        let pins = Pins(right: CalloutAccessory(.detailDisclosure, identifier: "details"))
        try open(run, delegate: pins, settle: false)
        let opened = run.now + 1 / 60  // the first frame after selecting shows it
        run.advance(to: opened + 1.0 / 6)
        assertGolden(try run.renderImage(), named: "pop-half-way", suite: suite)
    }

    /// The same layout for a pin with and without a subtitle: the strip is
    /// the same 26 px, the solid part below is taller.
    @Test func theGradientStripIsTheSameAtTwoHeights() throws {
        var strips: [[Double]] = [], solids: [[Double]] = []
        for (name, properties) in [("custom-short", #""callout":"place""#),
                                   ("custom-tall", #""callout":"place","subtitle":"Capitale de la France""#)] {
            let run = try run(properties, center: Coordinate(latitude: 49.8, longitude: 2.35), layouts: true)
            try open(run)
            let commands = try dumpCommands(run)
            let strip = try #require(commands.first { $0["kind"] as? String == "gradient" })
            let stripRect = try #require(strip["rect"] as? [Double])
            let solid = try #require(commands.first { $0["kind"] as? String == "rect"
                && ($0["rect"] as? [Double])?[1] == stripRect[1] + stripRect[3] })
            strips.append(stripRect)
            solids.append(try #require(solid["rect"] as? [Double]))
            #expect(stripRect[3] == 26)
            #expect(strip["top"] as? String == "#5d6d82d9")
            #expect(solid["color"] as? String == strip["bottom"] as? String)
            assertGolden(try run.renderImage(), named: name, suite: suite)
        }
        #expect(solids[1][3] > solids[0][3])
        #expect(strips[0][2...3] == strips[1][2...3])
    }

    func dumpCommands(_ run: HeadlessRun) throws -> [[String: Any]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callout-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try run.dumpScene(path: path)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return json?["commands"] as? [[String: Any]] ?? []
    }
}
