import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources
import VectorRaster

/// Vector maps drawn whole: Natural Earth and GeoNames tiles made by
/// `tools/make-vector-tiles`, in MBTiles and PMTiles, with a style of our own.
@Suite(.serialized) @MainActor struct VectorGoldenTests {
    let suite = "VectorGoldenTests"
    static let folder = TestMaps.fixtures.appendingPathComponent("Vector")
    static let zurich = Coordinate(latitude: 47.25, longitude: 8.45)

    static func style() throws -> MapStyle {
        let file = folder.appendingPathComponent("test-style.json")
        return try MapStyle(bytes: [UInt8](try Data(contentsOf: file)), file: file.lastPathComponent)
    }

    static func run(_ file: String = "swiss.mbtiles", center: Coordinate = zurich, zoom: Double,
                    size: Size = Size(width: 512, height: 384), scale: Double = 1) throws -> HeadlessRun {
        let source = try TileSourceOpener.open(folder.appendingPathComponent(file).path)
        let layout = VectorTileLayout(style: try style(), source: "ne", dataLevels: source.levels)
        var options = MapOptions(source: source, center: center, zoom: zoom, size: size,
                                 attribution: source.attribution,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.showsControls = false
        options.displayScale = scale
        options.vectorLayout = layout
        let sprite = folder.appendingPathComponent(scale == 2 ? "sprite/test@2x" : "sprite/test")
        options.sprite = (try SpriteSheet(bytes: [UInt8](Data(contentsOf: sprite.appendingPathExtension("json"))), file: "sprite"),
                          sprite.appendingPathExtension("png"))
        return try HeadlessRun(options: options)
    }

    @Test func theTestStyleHasNoUnknownProperties() throws {
        #expect(try Self.style().warnings.isEmpty)
    }

    @Test func switzerlandAtZoom8WithLabels() throws {
        assertGolden(try Self.run(zoom: 8).renderImage(), named: "switzerland-z8", suite: suite)
    }

    @Test func zurichAtZoom10WithBorderNamesAlongTheLine() throws {
        let center = Coordinate(latitude: 47.62, longitude: 8.6)
        assertGolden(try Self.run(center: center, zoom: 10).renderImage(), named: "zurich-z10", suite: suite)
    }

    /// Zoom 15, seven levels past the data's deepest: lines stay one crisp
    /// pixel-exact stroke, not an enlarged blur.
    @Test func deepPastTheDataTheMapStaysSharp() throws {
        let center = Coordinate(latitude: 47.6955, longitude: 8.6345)
        assertGolden(try Self.run(center: center, zoom: 15).renderImage(), named: "border-z15", suite: suite)
    }

    /// `switzerland-z8` on a 2x screen: the same map in twice the pixels.
    @Test func aTwoTimesScreenDrawsTheSameMapTwiceAsSharp() throws {
        let size = Size(width: 1024, height: 768)
        assertGolden(try Self.run(zoom: 8, size: size, scale: 2).renderImage(), named: "switzerland-z8-2x", suite: suite)
    }

    @Test func aPMTilesArchiveDrawsWhatItsMBTilesDraws() throws {
        let mbtiles = try Self.run(zoom: 8).renderImage()
        let pmtiles = try Self.run("swiss.pmtiles", zoom: 8).renderImage()
        let comparison = try #require(ImageComparison(actual: pmtiles, expected: mbtiles, channelTolerance: 0))
        #expect(comparison.differingPixels == 0)
    }

    @Test func labelsNeverOverlapAndAreDumpedAsLabels() throws {
        let run = try Self.run(zoom: 9, size: Size(width: 800, height: 600))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vector-\(UUID().uuidString).json").path
        try run.dumpScene(path: path)
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let commands = dump?["commands"] as? [[String: Any]] ?? []
        let labels = commands.filter { $0["kind"] as? String == "text" && $0["role"] as? String == "label" }
        #expect(labels.count > 30)
        // Point labels (glyphs of a label along a line touch each other by design), each a hair smaller,
        // and no taller than the 1.2 ems lines are apart: the lines of one wrapped label share their leading.
        let rects = labels.filter { ($0["text"] as? String ?? "").count > 1 }.compactMap { label -> Rect? in
            guard let r = label["rect"] as? [Double], let size = label["font_size"] as? Double else { return nil }
            let height = min(r[3], 1.2 * size)
            return Rect(x: r[0] + 0.01, y: r[1] + (r[3] - height) / 2 + 0.01, width: r[2] - 0.02, height: height - 0.02)
        }
        var overlaps = 0
        for (i, a) in rects.enumerated() { for b in rects[(i + 1)...] where a.intersects(b) { overlaps += 1 } }
        #expect(overlaps == 0)
        #expect(labels.contains { $0["text"] as? String == "ZURICH" })
        let icons = commands.filter { $0["role"] as? String == "label-icon" }
        #expect(!icons.isEmpty && icons.allSatisfy { $0["name"] as? String == "style-icon:town" })
    }
}
