import Foundation
import MapCore

/// Loading a pins file: 100,000 Point features over a box the size of
/// Europe (fixed seed), written to a temporary file, then read, parsed and
/// turned into annotations, as `--pins` does.
struct GeoJSONBenchmark {
    let count = 100_000

    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p100k.geojson")
        let text = GeoJSONBenchmark.document(count: count)
        try Data(text.utf8).write(to: file)
        var times: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now()
            let document = try PinDocument.load(from: file)
            _ = document.makeAnnotations()
            times.append(Benchmark.milliseconds(since: start))
        }
        let median = times.sorted()[1]
        return ["geojson_load_100k_ms": median,
                "geojson_mb_per_s": Double(text.utf8.count) / 1_000_000 / (median / 1000)]
    }

    /// `count` features with an id, a title, a subtitle and a colour, as
    /// people's files have them.
    static func document(count: Int) -> String {
        var random = SplitMix(seed: 7)
        let colours = ["red", "green", "purple"]
        var lines: [String] = []
        lines.reserveCapacity(count)
        for i in 0..<count {
            let lon = -10 + random.unit() * 50, lat = 35 + random.unit() * 25
            lines.append(#"{"type": "Feature", "id": "p\#(i)", "geometry": {"type": "Point", "coordinates": ["#
                + String(format: "%.6f, %.6f", lon, lat)
                + #"]}, "properties": {"title": "Pin \#(i)", "subtitle": "Somewhere \#(i)", "color": "\#(colours[i % 3])"}}"#)
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n  " + lines.joined(separator: ",\n  ") + "\n]}\n"
    }

    /// A small seeded generator, so every run measures the same file.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }
}
