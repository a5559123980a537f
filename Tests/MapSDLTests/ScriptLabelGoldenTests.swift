import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import Testing
import TileSources
import VectorRaster

/// Labels in every script the world writes place names in, from a vector
/// tile through a MapLibre style, shaped by the text engine: each golden
/// was looked at against `pango-view`'s drawing of the same string.
@Suite(.serialized) @MainActor struct ScriptLabelGoldenTests {
    let suite = "ScriptLabelGoldenTests"
    static let tile = TileID(z: 4, x: 8, y: 5)

    /// Each script's place name as written there, then " / " and the English name.
    nonisolated static let names: [(script: String, name: String)] = [
        ("latin", "Zürich · Kraków · Đà Nẵng · Ærøskøbing"),
        ("greek", "Αθήνα / Athens"),
        ("cyrillic", "Москва / Moscow"),
        ("arabic", "القاهرة / Cairo"),
        ("hebrew", "ירושלים / Jerusalem"),
        ("devanagari", "नई दिल्ली / New Delhi"),
        ("bengali", "ঢাকা / Dhaka"),
        ("tamil", "தமிழ்நாடு / Tamil Nadu"),
        ("thai", "กรุงเทพมหานคร / Bangkok"),
        ("chinese", "北京市 / Beijing"),
        ("japanese", "東京 / Tokyo"),
        ("korean", "서울 / Seoul"),
        ("tibetan", "ཐིམ་ཕུ / Thimphu"),
    ]

    static let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x", "tileSize": 256}},
         "layers": [
           {"id": "land", "type": "background", "paint": {"background-color": "#e9eef2"}},
           {"id": "roads", "type": "line", "source": "v", "source-layer": "roads",
            "paint": {"line-color": "#ffffff", "line-width": 9}},
           {"id": "road-names", "type": "symbol", "source": "v", "source-layer": "roads",
            "layout": {"symbol-placement": "line", "text-field": "{name}", "text-font": ["Noto Sans Regular"],
                       "text-size": 15, "text-max-angle": 60},
            "paint": {"text-color": "#4a4038", "text-halo-color": "#ffffff", "text-halo-width": 1}},
           {"id": "places", "type": "symbol", "source": "v", "source-layer": "places",
            "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": 20,
                       "text-max-width": ["get", "wrap"], "text-allow-overlap": true},
            "paint": {"text-color": "#1f2a33", "text-halo-color": "#ffffff", "text-halo-width": 1.5}}]}
        """

    /// A map of one tile holding `places` (name, wrap width in ems, point in
    /// the tile's 4,096 units) and `roads` (name and line), `size` pixels,
    /// at the tile's zoom plus `deeper` (a headless run: DejaVu, then Debian's Noto).
    static func image(places: [(String, Double, Point)] = [], roads: [(String, [Point])] = [],
                      size: Size, deeper: Double = 0) throws -> Surface {
        var placeLayer = VectorTileWriter.Layer(name: "places")
        for (name, wrap, point) in places {
            placeLayer.add(.point, geometry: [[point]], properties: ["name": .string(name), "wrap": .number(wrap)])
        }
        var roadLayer = VectorTileWriter.Layer(name: "roads")
        for (name, line) in roads {
            roadLayer.add(.lineString, geometry: [line], properties: ["name": .string(name)])
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scripts-\(UUID().uuidString).mbtiles").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try MBTilesWriter.write([(tile, Data(VectorTileWriter.encode([placeLayer, roadLayer])))], to: path,
                                metadata: ["format": "pbf", "minzoom": "4", "maxzoom": "4"])
        let source = try MBTilesSource(path: path)
        let centre = WebMercator.unproject(Point(x: (Double(tile.x) + 0.5) / 16, y: (Double(tile.y) + 0.5) / 16))
        var options = MapOptions(source: source, center: centre, zoom: 4 + deeper, size: size, attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil), tileCacheBytes: 16 << 20, pins: nil)
        options.showsControls = false
        options.vectorLayout = VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "scripts.json"),
                                                source: "v", dataLevels: 4...4)
        // Read while the file is there: each worker opens its own connection.
        return try HeadlessRun(options: options).renderImage()
    }

    @Test(arguments: names.map(\.script))
    func aPlaceNameInEachScript(_ script: String) throws {
        let name = try #require(Self.names.first { $0.script == script }?.name)
        let image = try Self.image(places: [(name, 30, Point(x: 2048, y: 2048))], size: Size(width: 420, height: 64))
        assertGolden(image, named: "label-\(script)", suite: suite)
    }

    /// `text-max-width` breaks where Unicode allows: Chinese and Japanese
    /// between characters (never before "ー" or "。"), Thai between words.
    @Test func longNamesWrapAtUnicodeLineBreaks() throws {
        let image = try Self.image(places: [
            ("東京スカイツリー駅前バスターミナル", 5, Point(x: 620, y: 2048)),
            ("กรุงเทพมหานคร อมรรัตนโกสินทร์ มหินทรายุธยา", 6, Point(x: 2048, y: 2048)),
            ("Rheinfall bei Neuhausen am Rheinfall", 6, Point(x: 3480, y: 2048)),
        ], size: Size(width: 512, height: 200), deeper: 1)
        assertGolden(image, named: "wrapped-cjk-thai-latin", suite: suite)
    }

    /// Arabic runs right to left along its road with its letters joined,
    /// Hindi keeps its conjuncts and head line, Japanese reads along the curve.
    @Test func roadNamesInArabicHindiAndJapaneseFollowCurvedRoads() throws {
        func arc(_ y: Double, bend: Double) -> [Point] {
            stride(from: 0.0, through: 1.0, by: 1.0 / 24).map { t in
                Point(x: 200 + 3696 * t, y: y + bend * sin(t * .pi))
            }
        }
        let image = try Self.image(roads: [
            ("شارع الملك فيصل", arc(1100, bend: 450)),
            ("महात्मा गांधी मार्ग", arc(2400, bend: -400)),
            ("表参道けやき通り", arc(3100, bend: 300)),
        ], size: Size(width: 400, height: 300), deeper: 0.6)
        assertGolden(image, named: "road-names-arabic-hindi-japanese", suite: suite)
    }
}
