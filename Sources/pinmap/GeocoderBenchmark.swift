import Foundation
import MapEngine
import MapKitLayer
import PinmapResources
import FileAccess

/// The geocoder figures of `pinmap bench`: how long the embedded gazetteer
/// takes to load and index (the median of five loads), and how long one
/// lookup with its text takes, over 20,000 random points on the globe
/// (uniform on the sphere, so the oceans and poles get their share). Then
/// the forward search: building its name index (median of five), and one
/// keystroke's search, for every prefix of 2,000 random place names as
/// typed letter by letter.
@MainActor
struct GeocoderBenchmark {
    let lookups = 20_000

    func run() throws -> [String: Double] {
        var loads: [Double] = []
        var gazetteer: Gazetteer?
        for _ in 0..<5 {
            let start = DispatchTime.now()
            gazetteer = try Gazetteer.load(from: PinmapResources.gazetteer, files: DiskFiles())
            loads.append(Benchmark.milliseconds(since: start))
        }
        guard let gazetteer else { return [:] }
        var random = SeededRandom(seed: 11)
        let points = (0..<lookups).map { _ in
            Coordinate(latitude: asin(random.next(in: -1...1)) * 180 / .pi, longitude: random.next(in: -180...180))
        }
        var times: [Double] = []
        times.reserveCapacity(lookups)
        var characters = 0
        for point in points {
            let start = DispatchTime.now()
            let text = gazetteer.describe(point)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1000)
            characters += text?.utf8.count ?? 0
        }
        precondition(characters > 0)  // keeps the lookups from being optimised away
        var builds: [Double] = []
        var search: PlaceSearch?
        for _ in 0..<5 {
            let start = DispatchTime.now()
            search = PlaceSearch(gazetteer)
            builds.append(Benchmark.milliseconds(since: start))
        }
        guard let search else { return [:] }
        var keystrokes: [Double] = []
        var found = 0
        for _ in 0..<2_000 {
            let name = gazetteer.place(at: Int(random.next(in: 0...Double(gazetteer.count - 1)))).name
            for length in 1...min(name.count, 12) {
                let query = String(name.prefix(length))
                let start = DispatchTime.now()
                found += search.matches(for: query).count
                keystrokes.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1000)
            }
        }
        precondition(found > 0)
        keystrokes.sort()
        return ["geocoder_load_ms": loads.sorted()[loads.count / 2],
                "geocode_us_median": times.sorted()[times.count / 2],
                "geocode_us_p95": times.sorted()[times.count * 95 / 100],
                "search_index_ms": builds.sorted()[builds.count / 2],
                "search_us_median": keystrokes[keystrokes.count / 2],
                "search_us_p95": keystrokes[keystrokes.count * 95 / 100],
                "search_us_max": keystrokes[keystrokes.count - 1]]
    }
}
