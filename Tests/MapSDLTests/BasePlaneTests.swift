import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// A frame drawn from the base plane's picture is the frame drawn command
/// by command, and the picture is drawn again only when what it holds changed.
@Suite(.serialized) @MainActor struct BasePlaneTests {
    /// The map dragged by the mouse by whole pixels, and the settled frame after.
    static func pan(_ run: HeadlessRun, from: Point, to: Point) throws -> Scene {
        let map = run.session.map
        map.handle(.pointer(PointerEvent(phase: .down, location: from, button: .left)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .move, location: to)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .up, location: to, button: .left)), at: 0)
        return try run.session.settledFrame(at: run.now)
    }

    /// How many pixels differ between the scene drawn from its base plane's picture and drawn whole.
    static func pixelsDifferingWithoutThePlane(_ scene: Scene, _ run: HeadlessRun) throws -> Int {
        run.session.draw(scene)
        let fromPicture = try run.canvas.renderer.readPixels()
        var whole = scene
        whole.base = nil
        run.session.draw(whole)
        let drawnWhole = try run.canvas.renderer.readPixels()
        return try #require(ImageComparison(actual: fromPicture, expected: drawnWhole, channelTolerance: 0)).differingPixels
    }

    @Test func aPannedFrameFromThePictureIsTheFrameDrawnWhole() throws {
        let run = try HeadlessRun(options: try TestMaps.worldOptions(center: Coordinate(latitude: 30, longitude: 10), zoom: 3, size: Size(width: 500, height: 400)))
        _ = try run.renderImage()
        let scene = try Self.pan(run, from: Point(x: 250, y: 200), to: Point(x: 213, y: 212))
        let base = try #require(scene.base, "a pan by whole pixels keeps the plane")
        #expect(base.origin == Point(x: -128 - 37, y: -128 + 12))
        #expect(scene.commands.prefix(base.count).contains { if case .text(let t) = $0 { t.role == "label" } else { false } },
                "the labels at rest are in the picture")
        let differing = try Self.pixelsDifferingWithoutThePlane(scene, run)
        #expect(differing == 0, "\(differing) pixels differ")
    }

    @Test func theLabelsStayWhileTheMapPansWithinThePlane() throws {
        let run = try HeadlessRun(options: try TestMaps.worldOptions(center: Coordinate(latitude: 30, longitude: 10), zoom: 3, size: Size(width: 500, height: 400)))
        let first = try run.session.settledFrame(at: 0)
        let map = run.session.map
        let before = map.labels.placedKeys
        #expect(!before.isEmpty)
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 250, y: 200), button: .left)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 150, y: 200))), at: 0)
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 150, y: 200), button: .left)), at: 0)
        let later = run.session.frame(at: 1)
        #expect(map.labels.placedKeys == before, "placed for the plane, which stayed")
        #expect(later.base?.commands == first.base?.commands, "the same picture")
        #expect(!map.labels.isBehind)
    }

    /// While the map pans within the plane and nothing under it changes,
    /// a frame takes the plane's commands as the last one built them (the
    /// same array: a renderer comparing them finds them equal at once);
    /// an overlay added, or tiles that come in, make them anew.
    @Test func thePlanesCommandsAreKeptWhileNothingUnderThemChanges() throws {
        let run = try HeadlessRun(options: try TestMaps.worldOptions(center: Coordinate(latitude: 30, longitude: 10), zoom: 3,
                                                                     size: Size(width: 500, height: 400)))
        let first = try run.session.settledFrame(at: 0)
        let map = run.session.map
        map.handle(.pointer(PointerEvent(phase: .down, location: Point(x: 250, y: 200), button: .left)), at: 0)
        map.handle(.pointer(PointerEvent(phase: .move, location: Point(x: 245, y: 203))), at: 0)
        let panned = run.session.frame(at: 0.02)
        let (kept, again) = (try #require(first.base?.commands), try #require(panned.base?.commands))
        #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == again.withUnsafeBufferPointer { $0.baseAddress },
                "the very array, not commands laid out again")
        map.handle(.pointer(PointerEvent(phase: .up, location: Point(x: 245, y: 203), button: .left)), at: 0.02)
        // An overlay under the labels changes the picture: its commands are made anew and hold its tiles.
        map.addOverlay(Polyline(coordinates: [Coordinate(latitude: 20, longitude: 0), Coordinate(latitude: 40, longitude: 20)]))
        let withOverlay = try run.session.settledFrame(at: 0.1)
        let plane = try #require(withOverlay.base?.commands)
        #expect(plane.contains { if case .tile(let draw) = $0 { draw.key.layer != .base } else { false } }, "the overlay's tiles are in it")
        let differing = try Self.pixelsDifferingWithoutThePlane(withOverlay, run)
        #expect(differing == 0, "\(differing) pixels differ")
    }

    @Test func underBuildingsThePlaneHoldsTheGroundAndTheBuildingsAreDrawnOverIt() throws {
        // A turned city with 3D buildings, panned by whole pixels (at a whole zoom, where tiles are drawn pixel for pixel).
        let run = try TurnedMapGoldenTests.cityRun(heading: 0, pitch: 0, zoom: 16)
        _ = try run.renderImage()
        let scene = try Self.pan(run, from: Point(x: 240, y: 180), to: Point(x: 211, y: 190))
        let base = try #require(scene.base, "buildings in view keep the plane")
        let held = scene.commands.prefix(base.count)
        #expect(!held.contains { if case .triangles = $0 { true } else { false } }, "the buildings are not in the picture")
        #expect(!held.contains { if case .text(let t) = $0 { t.role == "label" } else { false } }, "nor the labels over them")
        #expect(scene.commands.dropFirst(base.count).contains { if case .triangles = $0 { true } else { false } })
        let differing = try Self.pixelsDifferingWithoutThePlane(scene, run)
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
