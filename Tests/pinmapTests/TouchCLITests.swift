import Foundation
import Testing

/// Touch gestures replayed from scripts by the command line.
@Suite struct TouchCLITests {
    let cli = PinmapCLITests()

    func script(_ events: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("touch.json")
        try Data(("{\"events\":[" + events + "]}").utf8).write(to: url)
        return url
    }

    func run(_ script: URL, pins: URL? = nil) throws -> PinmapCLITests.Outcome {
        try cli.pinmap(["--headless", "--size", "400x300", "--center", "48.85,2.35", "--zoom", "5",
                        "--script", script.path] + (pins.map { ["--pins", $0.path] } ?? ["--no-pins"]))
    }

    @Test func aLongPressDragIsSavedLikeAMouseDrop() throws {
        let folder = try cli.temporaryFolder()
        let pins = folder.appendingPathComponent("trip.geojson")
        try Data(DragSaveCLITests.original.utf8).write(to: pins)
        // The Paris pin's head is at (200, 126); hold it 0.6 s, carry the finger to (280, 230), lift.
        let events = """
            {"at":0,"type":"touch-down","finger":7,"x":200,"y":126},
            {"at":0.8,"type":"touch-move","finger":7,"x":240,"y":180},
            {"at":1.0,"type":"touch-move","finger":7,"x":280,"y":230},
            {"at":1.1,"type":"touch-up","finger":7,"x":280,"y":230}
            """
        let outcome = try run(try script(events, in: folder), pins: pins)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Dropped at the lifted tip: 30 px (the coordinate above the finger) + 39 px (the lift) above it.
        let worldSize = 256.0 * 32
        let longitude = 2.35 + 80 / worldSize * 360
        let centerY = log(tan(.pi / 4 + 48.85 * .pi / 360))
        let y = centerY - (230 - 69 - 150) / worldSize * 2 * .pi
        let latitude = (2 * atan(exp(y)) - .pi / 2) * 180 / .pi
        let data = try JSONSerialization.jsonObject(with: Data(contentsOf: pins)) as? [String: Any]
        let features = data?["features"] as? [[String: Any]] ?? []
        let coordinates = (features.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
        #expect(coordinates.count == 2)
        #expect(abs(coordinates[0] - longitude) <= 360 / worldSize, "\(coordinates)")
        #expect(abs(coordinates[1] - latitude) <= 360 / worldSize, "\(coordinates)")
        #expect(FileManager.default.fileExists(atPath: pins.path + ".bak"))
    }

    @Test func aPinchAndATwoFingerTapReplayHeadless() throws {
        let folder = try cli.temporaryFolder()
        let events = """
            {"at":0.1,"type":"touch-down","finger":1,"x":150,"y":150},
            {"at":0.1,"type":"touch-down","finger":2,"x":250,"y":150},
            {"at":0.2,"type":"touch-move","finger":1,"x":100,"y":150},
            {"at":0.2,"type":"touch-move","finger":2,"x":300,"y":150},
            {"at":0.3,"type":"dump-scene","path":"\(folder.path)/pinched.json"},
            {"at":0.4,"type":"touch-cancel","finger":1,"x":100,"y":150},
            {"at":0.4,"type":"touch-cancel","finger":2,"x":300,"y":150},
            {"at":1.0,"type":"touch-down","finger":3,"x":150,"y":150},
            {"at":1.0,"type":"touch-down","finger":4,"x":250,"y":150},
            {"at":1.1,"type":"touch-up","finger":3,"x":150,"y":150},
            {"at":1.1,"type":"touch-up","finger":4,"x":250,"y":150},
            {"at":2.0,"type":"dump-scene","path":"\(folder.path)/tapped.json"}
            """
        let outcome = try run(try script(events, in: folder))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        func zoom(_ name: String) throws -> Double? {
            let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            return ((dump as? [String: Any])?["camera"] as? [String: Any])?["zoom"] as? Double
        }
        #expect(try zoom("pinched.json").map { abs($0 - 6) < 1e-6 } == true)
        #expect(try zoom("tapped.json").map { abs($0 - 5) < 1e-6 } == true)
    }

    @Test func aTouchEventWithoutAFingerIsRefused() throws {
        let folder = try cli.temporaryFolder()
        let outcome = try run(try script(#"{"at":0,"type":"touch-down","x":1,"y":2}"#, in: folder))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(#"event 0: field "finger": missing; expected a number"#), "\(outcome.stderr)")
    }
}
