import Foundation
import MapEngine
import MapKitLayer
import FileAccess

/// Loading a pins file: `count` Point features over a box the size of
/// Europe (fixed seed), written to a temporary file, then read, parsed and
/// turned into annotations, as `--pins` does; and the same file opened by
/// `pinmap --headless --cluster` in a process of its own, timed from its
/// launch to its first drawn frame, with that process's peak memory.
@MainActor
struct GeoJSONBenchmark {
    var count = 100_000
    /// Names the figures: "100k" for 100,000 points.
    var label: String { count % 1000 == 0 ? "\(count / 1000)k" : String(count) }

    func run() throws -> [String: Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p\(label).geojson")
        let text = GeoJSONBenchmark.document(count: count)
        try Data(text.utf8).write(to: file)
        var times: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now()
            let document = try PinDocument.load(from: file, files: DiskFiles())
            _ = document.makeAnnotations()
            times.append(Benchmark.milliseconds(since: start))
        }
        let median = times.sorted()[1]
        var figures = ["geojson_load_\(label)_ms": median,
                       "geojson_mb_per_s": Double(text.utf8.count) / 1_000_000 / (median / 1000),
                       "geojson_file_mb": Double(text.utf8.count) / 1_000_000]
        let run = try firstFrame(of: file, screenshot: folder.appendingPathComponent("shot.png"))
        figures["geojson_first_frame_\(label)_ms"] = run.ms
        figures["geojson_first_frame_\(label)_rss_mb"] = run.firstFrameMB
        figures["geojson_run_\(label)_rss_mb"] = run.wholeRunMB
        return figures
    }

    /// Runs `pinmap --headless --cluster --pins file --verbose` and times it
    /// from launch to the log line saying its first frame is drawn; returns
    /// that, the peak resident memory (MB) the process reports in that line,
    /// and its peak over the whole run (writing the screenshot too).
    private func firstFrame(of file: URL, screenshot: URL) throws -> (ms: Double, firstFrameMB: Double, wholeRunMB: Double) {
        let run = try GeoJSONBenchmark.firstFrame(arguments: ["--headless", "--cluster", "--pins", file.path, "--screenshot", screenshot.path])
        return (run.ms, run.firstFrameMB, run.wholeRunMB)
    }

    /// Runs pinmap with `arguments` (and `--verbose`), timing it from launch
    /// to the log line saying its first frame is drawn; also how many cores
    /// it kept busy on average (its CPU time over its wall time).
    static func firstFrame(arguments: [String]) throws -> (ms: Double, firstFrameMB: Double, wholeRunMB: Double, cores: Double) {
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GeoJSONBenchmark.executablePath())
        process.arguments = arguments + ["--verbose"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let start = DispatchTime.now()
        try process.run()
        var seen = Data()
        var drawnAt: Double?
        while drawnAt == nil {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
            if String(decoding: seen, as: UTF8.self).contains("first frame drawn") {
                drawnAt = Benchmark.milliseconds(since: start)
            }
        }
        _ = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let log = String(decoding: seen, as: UTF8.self)
        guard let drawnAt, process.terminationStatus == 0,
              let line = log.split(separator: "\n").first(where: { $0.contains("first frame drawn") }),
              let words = Optional(line.split(separator: " ")), let mb = words.firstIndex(of: "MB"), mb > 0,
              let atFirstFrame = Double(words[mb - 1]) else {
            throw RunError("the first-frame run (pinmap \(arguments.joined(separator: " "))) failed: \(log)")
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        // CPU time over the run's wall time: how many cores the run kept busy on average.
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
        let wall = Benchmark.milliseconds(since: start) / 1000
        return (drawnAt, atFirstFrame, Double(usage.ru_maxrss) / 1024, wall > 0 ? cpu / wall : 0)
    }

    /// This program's own file, to run again.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
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
