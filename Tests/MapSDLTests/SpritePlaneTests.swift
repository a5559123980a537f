import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// Many pins panned are drawn from the base plane's picture with the pins
/// that stay put on it: the frame is the frame drawn command by command,
/// and only what changed is drawn over the picture.
@Suite(.serialized) @MainActor struct SpritePlaneTests {
    static func run(pins count: Int) throws -> (HeadlessRun, [PointAnnotation]) {
        let run = try HeadlessRun(options: try TestMaps.worldOptions(center: Coordinate(latitude: 30, longitude: 10), zoom: 3,
                                                                     size: Size(width: 500, height: 400)))
        var random = SystemRandomNumberGenerator()
        let pins = (0..<count).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: Double.random(in: 5...55, using: &random),
                                                   longitude: Double.random(in: -30...50, using: &random)), title: "Pin \(i)")
        }
        run.session.map.addAnnotations(pins)
        return (run, pins)
    }

    @Test func pinsPannedAreDrawnFromTheKeptPictureAsTheyWouldBeOneByOne() throws {
        let (run, pins) = try Self.run(pins: 300)
        _ = try run.renderImage()
        var scene = try BasePlaneTests.pan(run, from: Point(x: 250, y: 200), to: Point(x: 231, y: 209))
        #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(scene, run) == 0)
        // Drawn again from the picture (the plane and its pins unchanged), then panned further.
        run.session.draw(scene)
        #expect(run.session.sceneRenderer.spritePlane.heldGroups == pins.count, "every pin is in the picture")
        scene = try BasePlaneTests.pan(run, from: Point(x: 250, y: 200), to: Point(x: 262, y: 190))
        #expect(scene.base != nil)
        #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(scene, run) == 0)
        // A pin moved: the picture is made again, and the frame is still the frame drawn whole.
        pins[120].coordinate = Coordinate(latitude: 30, longitude: 10)
        scene = try run.session.settledFrame(at: run.now)
        #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(scene, run) == 0)
    }

    /// A pin carried by the mouse is drawn over the picture of the others,
    /// and the frame is the frame drawn whole at every step.
    @Test func aCarriedPinIsDrawnOverThePictureOfTheOthers() throws {
        let (run, pins) = try Self.run(pins: 300)
        _ = try run.renderImage()
        let map = run.session.map
        // The pin nearest the middle, taken by its head.
        let pin = try #require(pins.min { (map.point(for: $0.coordinate) - Point(x: 250, y: 200)).length
                                          < (map.point(for: $1.coordinate) - Point(x: 250, y: 200)).length })
        let head = map.point(for: pin.coordinate) - Point(x: 0, y: 24)
        map.handle(.pointer(PointerEvent(phase: .down, location: head, button: .left)), at: 0)
        for step in 1...4 {
            map.handle(.pointer(PointerEvent(phase: .move, location: head + Point(x: Double(step) * 9, y: Double(step) * 5))),
                       at: Double(step) / 60)
            let scene = run.session.frame(at: Double(step) / 60)
            if scene.base != nil {
                #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(scene, run) == 0, "step \(step)")
            }
        }
        map.handle(.pointer(PointerEvent(phase: .up, location: head + Point(x: 36, y: 20), button: .left)), at: 0.1)
        // Dropped, it bounces back into its place among the others (drawn over the picture from its place on).
        for time in [0.12, 0.18, 0.25, 0.35] {
            let scene = run.session.frame(at: time)
            if scene.base != nil {
                #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(scene, run) == 0, "at \(time) s")
            }
        }
        let landed = try run.session.settledFrame(at: 2)
        #expect(try BasePlaneTests.pixelsDifferingWithoutThePlane(landed, run) == 0)
        #expect(map.point(for: pin.coordinate).x > head.x + 20, "the pin was carried")
    }

    @Test func aFewPinsAreDrawnAsTheyAre() throws {
        let (run, _) = try Self.run(pins: SpritePlane.fewestGroups - 1)
        _ = try run.renderImage()
        let scene = try BasePlaneTests.pan(run, from: Point(x: 250, y: 200), to: Point(x: 231, y: 209))
        run.session.draw(scene)
        #expect(run.session.sceneRenderer.spritePlane.heldGroups == nil)
    }
}
