import Foundation
import MapEngine
import MapKitLayer
import Testing

/// With SDL's OpenGL renderer the pins that stay put are kept on a layer of
/// their own, laid over the map's picture each frame (see `SpritePlane`);
/// the software renderer keeps them on a copy of the map's picture. Both
/// must show the same map: many pins panned with the mouse look the same,
/// to a unit of rounding, whichever renderer draws them.
@Suite(.serialized) struct PinsLayerWindowTests {
    @Test func manyPinsPannedLookTheSameWithOpenGLAsWithTheSoftwareRenderer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pins-layer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 300 pins crowded about the view's middle, overlapping each other.
        var generator = SeededGenerator(seed: 11)
        let features = (0..<300).map { i in
            let lon = 8 + Double(generator.next() % 4000) / 1000, lat = 47 + Double(generator.next() % 2000) / 1000
            return "{\"type\":\"Feature\",\"id\":\"p\(i)\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},\"properties\":{\"title\":\"Pin \(i)\"}}"
        }
        let pins = folder.appendingPathComponent("pins.geojson")
        try Data("{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}".utf8).write(to: pins)
        var shots: [[UInt8]] = []
        for renderer in ["opengl", "software"] {
            let window = try XvfbWindow(arguments: ["--pins", pins.path, "--center", "48,10", "--zoom", "6", "--size", "640x480",
                                                    "--renderer", renderer, "--no-controls"], dataHome: folder.appendingPathComponent(renderer))
            // Panned from an empty spot, so the map's picture is made again under pins that stay put. (The controls are
            // left out: their discs are antialiased a little differently by the two renderers.)
            try window.press(at: (600, 450))
            for step in 1...20 {
                try window.moveMouse(to: (600 - step * 3, 450 - step))
                Thread.sleep(forTimeInterval: 0.02)
            }
            try window.release()
            Thread.sleep(forTimeInterval: 1.5)
            let shot = try window.pixels()
            #expect(shot.rgb.count == shot.width * shot.height * 3 && shot.width == 640, "\(renderer): \(shot.width)x\(shot.height)")
            shots.append(shot.rgb)
            try window.quit()
        }
        try #require(shots.count == 2 && shots[0].count == shots[1].count && !shots[0].isEmpty)
        var differing = 0, pinRed = 0
        for pixel in stride(from: 0, to: shots[0].count, by: 3) {
            let (r, g, b) = (shots[0][pixel], shots[0][pixel + 1], shots[0][pixel + 2])
            if r > 150 && g < 80 && b < 80 { pinRed += 1 }
            if (0..<3).contains(where: { abs(Int(shots[0][pixel + $0]) - Int(shots[1][pixel + $0])) > 6 }) { differing += 1 }
        }
        #expect(pinRed > 5_000, "the pins are drawn (\(pinRed) red pixels)")
        #expect(differing < shots[0].count / 3 / 500, "\(differing) pixels differ")
    }
}
