import Foundation
import MapSDL
import Testing

/// `--scale 2` as a HiDPI screen: --size and --zoom count points, so the
/// picture has twice the pixels of the same map, not a map further out.
@Suite struct ScaleCLITests {
    let cli = PinmapCLITests()

    @Test func aTwoTimesPictureShowsTheSameMapInTwiceThePixels() throws {
        let dir = try cli.temporaryFolder()
        var shots: [Surface] = []
        for scale in ["1", "2"] {
            let shot = dir.appendingPathComponent("x\(scale).png")
            let outcome = try cli.pinmap(["--headless", "--no-pins", "--no-controls", "--attribution", "", "--size", "160x120",
                                          "--center", "47.4,8.5", "--zoom", "7", "--scale", scale, "--screenshot", shot.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            shots.append(try Surface.load(path: shot.path))
        }
        #expect(shots[0].width == 160 && shots[0].height == 120)
        #expect(shots[1].width == 320 && shots[1].height == 240, "--size counts points: twice the pixels at 2x")
        // The same map: each pixel of the 1x picture is about the average of its four in the 2x one.
        var alike = 0
        for y in stride(from: 2, to: 118, by: 4) {
            for x in stride(from: 2, to: 158, by: 4) {
                let one = shots[0].pixel(x: x, y: y)
                let quad = [(0, 0), (1, 0), (0, 1), (1, 1)].map { shots[1].pixel(x: 2 * x + $0.0, y: 2 * y + $0.1) }
                let mean = quad.reduce(0) { $0 + Int($1.green) } / 4
                if abs(mean - Int(one.green)) <= 24 { alike += 1 }
            }
        }
        #expect(Double(alike) / (29.0 * 39.0) > 0.9, "\(alike) of \(29 * 39) samples alike")
    }
}
