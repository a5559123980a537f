import Foundation
import MapEngine
import MapKitLayer
import Testing

/// Seeded hostile XDG state, as the campaign tried it: `last-session.json`,
/// `settings.json` and the user's `pins.geojson` of random kinds (FIFOs,
/// devices, folders, dangling links, read-only files) and random contents
/// (wrong types, huge and non-finite numbers, paths to devices and FIFOs,
/// bad languages, garbage, bytes that are not UTF-8). The real binary reads
/// them as a window would; without a display it stops just before opening
/// one. Each run ends at once with "no display" as its only error, every
/// other line a warning naming the file at fault, and nothing of the
/// user's replaced. `make fuzz` runs many more seeds
/// (`PINMAP_FUZZ_SEEDS`, `PINMAP_FUZZ_FIRST_SEED` replay one).
@Suite struct HostileStateFuzzTests {
    let cli = PinmapCLITests()

    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 12) }


    static let paths = ["/dev/zero", "/dev/full", "/nonexistent/style.json", "/", "FIFO", "light", "dark", "../../etc", "",
                        String(repeating: "a/", count: 3000), "http://127.0.0.1:9/style.json", "mbtiles:///etc/passwd"]
    static let numbers = ["1e308", "-1e308", "0", "-1", "91", "1e999", "\"12\"", "null", "[]", "{}", "true", "85.06", "20.5"]
    static let texts = [#""../../etc""#, #""de""#, #""local""#, #""xx-""#, "null", "7", #""\u0000""#, #""\ud800""#,
                        "\"" + String(repeating: "é", count: 5000) + "\""]

    static func session(_ random: inout SeededGenerator, fifo: String) -> String {
        func path() -> String {
            let chosen = random.pick(paths)
            return chosen == "FIFO" ? "\"\(fifo)\"" : "\"\(chosen)\""
        }
        var fields: [String] = []
        for name in ["latitude", "longitude", "zoom", "heading", "pitch"] where !random.chance(10) {
            fields.append("\"\(name)\": \(random.chance(70) ? String(Double(random.next() % 100)) : random.pick(numbers))")
        }
        if random.chance(60) { fields.append("\"style\": \(random.chance(80) ? path() : random.pick(numbers))") }
        if random.chance(60) { fields.append("\"tiles\": \(random.chance(80) ? path() : random.pick(numbers))") }
        if random.chance(60) { fields.append("\"language\": \(random.pick(texts))") }
        if random.chance(70) {
            fields.append("\"files\": [\((0..<Int(random.next() % 4)).map { _ in path() }.joined(separator: ", "))]")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func settings(_ random: inout SeededGenerator, fifo: String) -> String {
        var fields: [String] = []
        for name in ["style", "language", "units", "appearance", "location", "tileCacheMB", "streetTiles", "colour"] where random.chance(40) {
            let value: String
            switch random.next() % 3 {
            case 0: value = random.pick(numbers)
            case 1: value = random.pick(texts)
            default:
                let chosen = random.pick(paths)
                value = chosen == "FIFO" ? "\"\(fifo)\"" : "\"\(chosen)\""
            }
            fields.append("\"\(name)\": \(value)")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Puts `text` at `file` as one of the hostile kinds of entry, or as a plain file.
    static func place(_ text: String, at file: URL, _ random: inout SeededGenerator, folder: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch random.next() % 10 {
        case 0: _ = mkfifo(file.path, 0o644)
        case 1: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        case 2: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: folder.appendingPathComponent("gone/x").path)
        case 3: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case 4: try Data([0xFF, 0xFE, 0x00, 0x7B] + Array(text.utf8)).write(to: file)
        case 5:
            try Data(text.utf8).write(to: file)
            chmod(file.path, 0o444)
        case 6: try Data(text.utf8.prefix(Int(random.next() % UInt64(max(text.utf8.count, 1))))).write(to: file)
        default: try Data(text.utf8).write(to: file)
        }
    }

    @Test func hostileStateNeverStopsTheStartNorIsReplaced() throws {
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let home = try cli.temporaryFolder()
            let fifo = home.appendingPathComponent("a.fifo")
            _ = mkfifo(fifo.path, 0o644)
            let state = home.appendingPathComponent("state/pinmap/last-session.json")
            let config = home.appendingPathComponent("config/pinmap/settings.json")
            let pins = home.appendingPathComponent("data/pinmap/pins.geojson")
            if random.chance(85) { try Self.place(Self.session(&random, fifo: fifo.path), at: state, &random, folder: home) }
            if random.chance(70) { try Self.place(Self.settings(&random, fifo: fifo.path), at: config, &random, folder: home) }
            if random.chance(60) {
                let text = random.chance(50) ? #"{"type": "FeatureCollection", "features": []}"# : random.pick(Self.texts)
                try Self.place(text, at: pins, &random, folder: home)
            }
            let before = Self.listing(home)
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
            environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
            environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
            environment["DISPLAY"] = nil
            environment["WAYLAND_DISPLAY"] = nil
            let start = Date()
            let outcome = try cli.pinmap([], environment: environment, timeout: 30)
            let lines = outcome.stderr.split(separator: "\n").map(String.init)
            #expect(Date().timeIntervalSince(start) < 20, "seed \(seed): no hang")
            #expect(outcome.status == 2 && lines.last?.contains("no display to open a window on") == true,
                    "seed \(seed): only the display stops it: \(outcome.stderr.prefix(1000))")
            for line in lines.dropLast() {
                #expect(line.hasPrefix("pinmap: warning: ") && (line.contains(home.path) || line.contains("/dev/") || line.contains("/nonexistent")),
                        "seed \(seed): a warning naming the file: \(line.prefix(300))")
            }
            // Nothing that was there is replaced (the seed pins file may be made where none was).
            let after = Self.listing(home)
            for (path, kind) in before { #expect(after[path] == kind, "seed \(seed): \(path) was \(kind), now \(after[path] ?? "gone")") }
            try? FileManager.default.removeItem(at: home)
        }
    }

    /// Every entry under `folder` with its kind and, for files, its inode and bytes.
    static func listing(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var kind = "\(info.st_mode & S_IFMT) \(info.st_ino)"
            if info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) { kind += " \(data.hashValue)" }
            result[relative] = kind
        }
        return result
    }
}

extension SeededGenerator {
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}
