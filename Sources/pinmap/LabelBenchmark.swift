import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources

/// `pinmap bench --labels`: what text in different scripts costs. A
/// 1024x512 view of a synthetic map holding 600 place labels (with halos),
/// named in Latin letters, then the same places named in Chinese, Japanese
/// and Korean, then in Arabic: each run's first frame (its plain tiles read,
/// every label shaped, placed and drawn for the first time) and its median
/// pan frame (5 px a frame, built and drawn), the labels placed, and each
/// script's cost per label placed over the Latin one. The first frame is
/// cold: the process opens each script's fonts then (Noto CJK is the largest).
@MainActor
struct LabelBenchmark {
    var frames = 120

    static let scripts: [(name: String, places: [String])] = [
        ("latin", ["Neuhausen am Rheinfall", "Schaffhausen", "Winterthur", "Zürich", "Kraków", "São Paulo", "Bad Zurzach",
                   "Rüdesheim am Rhein", "Île-de-France", "Łódź", "Frauenfeld", "Dübendorf"]),
        ("cjk", ["東京スカイツリー", "新宿駅", "渋谷", "大阪城公園", "京都御所", "横浜中華街", "札幌", "名古屋駅前",
                 "北京市", "上海浦东", "서울특별시", "부산광역시"]),
        ("arabic", ["القاهرة", "الإسكندرية", "شارع الملك فيصل", "الجيزة", "أسوان", "الأقصر", "بورسعيد", "دمياط",
                    "المنصورة", "طنطا", "الزقازيق", "بني سويف"]),
    ]

    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-label-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var figures: [String: Double] = [:]
        for script in Self.scripts {
            let path = folder.appendingPathComponent("\(script.name).mbtiles").path
            try write(script.places, to: path)
            let (first, pan, placed) = try measure(path)
            figures["labels_\(script.name)_first_frame_ms"] = first
            figures["labels_\(script.name)_pan_median_ms"] = pan
            figures["labels_\(script.name)_placed"] = Double(placed)
        }
        // Shorter names leave room for more labels: the costs are compared per label placed.
        func perLabel(_ script: String, _ figure: String) -> Double? {
            guard let value = figures["labels_\(script)_\(figure)"], let count = figures["labels_\(script)_placed"], count > 0 else { return nil }
            return value / count
        }
        for script in ["cjk", "arabic"] {
            for (figure, name) in [("first_frame_ms", "first"), ("pan_median_ms", "pan")] {
                if let cost = perLabel(script, figure), let latin = perLabel("latin", figure) {
                    figures["labels_\(script)_over_latin_\(name)_per_label"] = cost / latin
                }
            }
        }
        return figures.mapValues { ($0 * 100).rounded() / 100 }
    }

    /// Zoom 8's tiles around the view, 600 places on a jittered grid, named in turn from `names`.
    private func write(_ names: [String], to path: String) throws {
        var random = SeededRandom(seed: 5)
        var tiles: [(TileID, Data)] = []
        var index = 0
        for x in 133...136 { for y in 89...91 {
            var layer = VectorTileWriter.Layer(name: "place")
            for _ in 0..<50 {
                let point = Point(x: random.next(in: 100...3996).rounded(), y: random.next(in: 100...3996).rounded())
                layer.add(.point, geometry: [[point]], properties: ["name": .string(names[index % names.count])])
                index += 1
            }
            tiles.append((TileID(z: 8, x: x, y: y), Data(VectorTileWriter.encode([layer]))))
        } }
        try MBTilesWriter.write(tiles, to: path, metadata: ["format": "pbf", "minzoom": "8", "maxzoom": "8"])
    }

    private func measure(_ path: String) throws -> (first: Double, pan: Double, placed: Int) {
        let source = try MBTilesSource(path: path)
        let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eeeae2"}},
               {"id": "places", "type": "symbol", "source": "v", "source-layer": "place",
                "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": 13},
                "paint": {"text-color": "#333", "text-halo-color": "#fff", "text-halo-width": 1.2}}]}
            """.utf8), file: "labels.json")
        let center = WebMercator.unproject(Point(x: 135.0 / 256, y: 90.5 / 256))
        var options = MapOptions(source: source, center: center, zoom: 8, size: Size(width: 1024, height: 512),
                                 attribution: nil, resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 256 << 20, pins: nil)
        options.vectorLayout = VectorTileLayout(style: style, source: "v", dataLevels: 8...8)
        options.showsControls = false
        let run = try HeadlessRun(options: options)
        let session = run.session
        // Tiles read and painted (the same plain ones for every script), every label shaped, measured and drawn.
        let start = DispatchTime.now()
        session.draw(try session.settledFrame(at: 0))
        let first = Benchmark.milliseconds(since: start)
        var times: [Double] = []
        for i in 0..<frames {
            let now = 1 + Double(i) / 60
            let dx = i % 60 < 30 ? -5.0 : 5.0
            session.pan(by: dx, from: Point(x: 512, y: 256), at: now)
            _ = try session.settledFrame(at: now)
            let begin = DispatchTime.now()
            session.draw(session.frame(at: now + 0.5))
            times.append(Benchmark.milliseconds(since: begin))
        }
        times.sort()
        return (first, times[times.count / 2], session.map.labels.placedKeys.count)
    }
}
