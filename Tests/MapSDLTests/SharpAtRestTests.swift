import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import PinmapResources
import Testing
import TileSources

/// A vector map at rest between whole zooms is drawn sharp: its tiles are
/// painted again at the size they have on screen, not scaled.
@Suite @MainActor struct SharpAtRestTests {
    /// Black borders 2 points wide on white, nothing else: sharpness shows in how many pixels reach full black.
    static let style = """
    {"version": 8, "sources": {"ne": {"type": "vector", "url": "mbtiles://swiss.mbtiles"}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                {"id": "borders", "type": "line", "source": "ne", "source-layer": "boundary",
                 "paint": {"line-color": "#000000", "line-width": 2}}]}
    """

    /// The map at `zoom`: `sharpens` false takes a frame of the map while it
    /// moves (an animation to a view a little further on has just begun),
    /// drawn with its 256-pixel tiles, which are all a moving map asks for;
    /// true waits at rest for the sharp ones, as a capture does.
    static func picture(zoom: Double, sharpens: Bool) throws -> Surface {
        let source = try TileSourceOpener.open(VectorGoldenTests.folder.appendingPathComponent("swiss.mbtiles").path)
        let layout = VectorTileLayout(style: try MapStyle(bytes: Array(style.utf8), file: "style.json"), source: "ne",
                                      dataLevels: source.levels)
        var options = MapOptions(source: source, center: Coordinate(latitude: 47.2, longitude: 8.3), zoom: zoom,
                                 size: Size(width: 400, height: 300), attribution: nil,
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory, images: nil),
                                 tileCacheBytes: 64 << 20, pins: nil)
        options.showsControls = false
        options.vectorLayout = layout
        let run = try HeadlessRun(options: options)
        guard !sharpens else { return try run.renderImage() }
        let session = run.session
        #expect(session.frame(at: 0).tileRequests.contains { $0.pixels != nil }, "at rest, the tiles are asked for at their size on screen")
        var further = session.map.camera
        further.pan(by: Point(x: 40, y: 0))
        session.map.setCamera(further, animated: true)
        let plain = session.frame(at: 0).tileRequests
        #expect(session.map.cameraIsMoving && !plain.isEmpty && plain.allSatisfy(\.isPlainBase), "moving, only the plain tiles are asked for")
        #expect(session.settle(plain, timeout: 20))
        let scene = session.frame(at: 0)
        #expect(!scene.commands.contains { if case .tile(let draw) = $0 { draw.key.pixels != nil } else { false } })
        session.draw(scene)
        return try run.canvas.renderer.readPixels()
    }

    /// How many pixels the lines touch at all, and how many of those are near black (the lines' core).
    static func ink(_ image: Surface) -> (touched: Int, core: Int) {
        var core = 0, touched = 0
        for y in 0..<(image.height - 20) { for x in 0..<image.width {
            let gray = Int(image.pixel(x: x, y: y).green)
            if gray < 230 { touched += 1 }
            if gray < 40 { core += 1 }
        } }
        return (touched, core)
    }

    @Test func aMapAtRestBetweenWholeZoomsIsDrawnSharpNotScaled() throws {
        // Zoom 9.45: tiles of level 9 shown 1.37 times their size.
        let scaled = Self.ink(try Self.picture(zoom: 9.45, sharpens: false))
        let sharp = Self.ink(try Self.picture(zoom: 9.45, sharpens: true))
        let share = (scaled: Double(scaled.core) / Double(scaled.touched), sharp: Double(sharp.core) / Double(sharp.touched))
        #expect(share.sharp > share.scaled * 1.2, "more of each line is solid black: \(share)")
        // Scaled, the 2-point lines grow to 2.7 and blur; sharp they keep their width.
        #expect(Double(sharp.touched) < 0.85 * Double(scaled.touched), "\(sharp.touched) pixels touched, scaled \(scaled.touched)")
    }
}
