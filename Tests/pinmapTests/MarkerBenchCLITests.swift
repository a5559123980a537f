import Foundation
import Testing

/// `bench --markers` runs on the vector world by default, on the raster
/// world or a file when asked, so peers can be compared on the same tiles.
@Suite struct MarkerBenchCLITests {
    let cli = PinmapCLITests()

    func figures(_ arguments: [String]) throws -> [String: Double] {
        let outcome = try cli.pinmap(["bench", "--markers", "20", "--json"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Double] ?? [:]
    }

    @Test func theVectorWorldTheRasterWorldAndAFileAllRun() throws {
        for arguments in [[], ["--raster-world"], ["--tiles", VectorCLITests.fixtures.appendingPathComponent("swiss.mbtiles").path]] {
            let measured = try figures(arguments)
            #expect((measured["redraw_median_ms"] ?? 0) > 0, "\(arguments): \(measured)")
        }
    }

    /// The same points in a style's clustered GeoJSON source: clusters are
    /// shown (the run fails on a frame without their counts) and timed.
    @Test func aClusteredSourceRuns() throws {
        let outcome = try cli.pinmap(["bench", "--cluster-source", "3000", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let measured = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Double] ?? [:]
        #expect((measured["counts_shown"] ?? 0) >= 20, "\(measured)")
        #expect((measured["redraw_median_ms"] ?? 0) > 0 && (measured["cluster_index_ms"] ?? -1) >= 0, "\(measured)")
        let none = try cli.pinmap(["bench", "--cluster-source", "0"])
        #expect(none.status != 0 && none.stderr.contains("--cluster-source: must be at least 1"), "\(none.stderr)")
    }

    @Test func theMapFlagsGoWithMarkersOnly() throws {
        let alone = try cli.pinmap(["bench", "--raster-world"])
        #expect(alone.status != 0 && alone.stderr.contains("--tiles and --raster-world go with --markers N"), "\(alone.stderr)")
        let both = try cli.pinmap(["bench", "--markers", "5", "--raster-world", "--tiles", "x.mbtiles"])
        #expect(both.status != 0 && both.stderr.contains("without --tiles"), "\(both.stderr)")
    }
}
