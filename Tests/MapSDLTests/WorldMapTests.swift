import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import FileAccess

/// The map pinmap opens with: the embedded vector world (`tools/make-world-tiles`)
/// in its bundled styles, sharp and labelled at every zoom.
@Suite(.serialized) @MainActor struct WorldMapTests {
    let suite = "WorldMapTests"
    static let zurich = Coordinate(latitude: 47.37, longitude: 8.54)
    static let screen = Size(width: 1024, height: 768)

    /// Mean luminance step between neighbouring pixels, across and down:
    /// how much fine detail (edges, text) a picture holds.
    static func edgeEnergy(_ image: Surface) -> Double {
        let pixels = image.argbPixels(), width = image.width, height = image.height
        func luma(_ p: UInt32) -> Double {
            0.299 * Double(p >> 16 & 0xFF) + 0.587 * Double(p >> 8 & 0xFF) + 0.114 * Double(p & 0xFF)
        }
        var total = 0.0
        for y in 0..<(height - 1) {
            for x in 0..<(width - 1) {
                let here = luma(pixels[y * width + x])
                total += abs(here - luma(pixels[y * width + x + 1])) + abs(here - luma(pixels[(y + 1) * width + x]))
            }
        }
        return total / Double((width - 1) * (height - 1))
    }

    /// The labels a frame draws, from its scene dump: text and rectangle.
    static func labels(_ run: HeadlessRun) throws -> [(text: String, rect: Rect)] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try run.dumpScene(path: path)
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let commands = dump?["commands"] as? [[String: Any]] ?? []
        let lines: [(text: String, rect: Rect)] = commands.filter {
            $0["kind"] as? String == "text" && $0["role"] as? String == "label"
        }.compactMap {
            guard let text = $0["text"] as? String, let r = $0["rect"] as? [Double], r.count == 4 else { return nil }
            return (text, Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        // A wrapped label is one text per line, one under the other, centred alike: join them again.
        var labels: [(text: String, rect: Rect)] = []
        for line in lines {
            if let last = labels.last, abs(last.rect.midX - line.rect.midX) < 1, abs(line.rect.minY - last.rect.maxY) < 4 {
                let left = min(last.rect.minX, line.rect.minX), right = max(last.rect.maxX, line.rect.maxX)
                // A line broken after a hyphen ("Waldshut-" over "Tiengen") joins without a space.
                labels[labels.count - 1] = (last.text + (last.text.hasSuffix("-") ? "" : " ") + line.text,
                                            Rect(x: left, y: last.rect.minY, width: right - left, height: line.rect.maxY - last.rect.minY))
            } else {
                labels.append(line)
            }
        }
        return labels
    }

    @Test(arguments: [1.0, 2.0]) func zurichAtZoomTenIsAsCrispAsTheWorldAtZoomFour(scale: Double) throws {
        // Levels 10 and 4 in the display's pixels at either scale (zooms count points: a 2x screen's are one less).
        let perPixel = log2(scale)
        let deep = try TestMaps.world(center: Self.zurich, zoom: 10 - perPixel, size: Self.screen, scale: scale).renderImage()
        let shallow = try TestMaps.world(center: Self.zurich, zoom: 4 - perPixel, size: Self.screen, scale: scale).renderImage()
        let (z10, z4) = (Self.edgeEnergy(deep), Self.edgeEnergy(shallow))
        #expect(z10 >= z4 / 2, "edge energy at zoom 10: \(z10), at zoom 4: \(z4)")
    }

    @Test(arguments: [1.0, 2.0]) func zurichAndWinterthurAreLabelsThatOverlapNoOther(scale: Double) throws {
        let labels = try Self.labels(try TestMaps.world(center: Self.zurich, zoom: 10, size: Self.screen, scale: scale))
        for name in ["Zürich", "Winterthur"] {
            let label = try #require(labels.first { $0.text == name }, "no \(name) among \(labels.map(\.text))")
            // Compared a hair smaller: labels may touch.
            let shrunk = label.rect.insetBy(0.01)
            let others = labels.filter { $0.text != name && $0.rect.insetBy(0.01).intersects(shrunk) }
            #expect(others.isEmpty, "\(name) overlaps \(others.map(\.text))")
        }
        let rects = labels.map { $0.rect.insetBy(0.01) }
        var overlaps: [String] = []
        for (i, a) in rects.enumerated() {
            for j in (i + 1)..<rects.count where a.intersects(rects[j]) { overlaps.append("\(labels[i]) / \(labels[j])") }
        }
        #expect(overlaps.isEmpty, "\(overlaps)")
    }

    @Test func aLabelReadsAsTheSearchShowsItsPlace() throws {
        let gazetteer = try Gazetteer.load(from: PinmapResources.gazetteer, files: DiskFiles())
        let search = PlaceSearch(gazetteer)
        var checked = 0
        for (center, zoom) in [(Self.zurich, 10.0), (Coordinate(latitude: 48.85, longitude: 2.35), 6.0),
                               (Coordinate(latitude: 40.7, longitude: -74), 8.0)] {
            let labels = try Self.labels(try TestMaps.world(center: center, zoom: zoom, size: Size(width: 800, height: 600)))
            // Country names (in capitals) come from Natural Earth, not the gazetteer.
            for label in labels where label.text != label.text.uppercased() {
                // A label's first line is the place's name, a second its name in the country's own script.
                let found = search.matches(for: label.text, limit: 40).contains { $0.name == label.text || $0.localName == label.text }
                #expect(found, "\"\(label.text)\" is not a place the search shows: \(search.matches(for: label.text, limit: 3).map(\.name))")
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    @Test func bigCitiesFirstThenTownsThenVillages() throws {
        let europe = try Self.labels(try TestMaps.world(center: Coordinate(latitude: 50, longitude: 10), zoom: 4, size: Self.screen))
        for capital in ["Paris", "Berlin", "Rome", "Madrid", "London"] {
            #expect(europe.contains { $0.text == capital }, "\(capital) not among \(europe.map(\.text))")
        }
        #expect(!europe.contains { $0.text == "Winterthur" })
        let region = try Self.labels(try TestMaps.world(center: Self.zurich, zoom: 9, size: Self.screen))
        #expect(region.contains { $0.text == "Winterthur" })
        #expect(!region.contains { $0.text == "Uitikon" })
        let villages = try Self.labels(try TestMaps.world(center: Coordinate(latitude: 47.36, longitude: 8.46), zoom: 13, size: Self.screen))
        #expect(villages.contains { $0.text == "Uitikon" }, "\(villages.map(\.text))")
    }

    @Test func lightAndDarkGoldens() throws {
        let size = Size(width: 640, height: 400)
        assertGolden(try TestMaps.world(center: Coordinate(latitude: 30, longitude: 10), zoom: 2, size: size).renderImage(),
                     named: "world-z2", suite: suite)
        assertGolden(try TestMaps.world(center: Self.zurich, zoom: 10, size: size).renderImage(),
                     named: "zurich-z10", suite: suite)
        assertGolden(try TestMaps.world(style: "dark", center: Self.zurich, zoom: 10, size: size).renderImage(),
                     named: "zurich-z10-dark", suite: suite)
        // Deep in on the city's own point: its name, sharp at 2x.
        assertGolden(try TestMaps.world(center: Coordinate(latitude: 47.3667, longitude: 8.55), zoom: 16, size: size, scale: 2)
                        .renderImage(), named: "zurich-z16-2x", suite: suite)
    }
}
