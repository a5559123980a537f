import Foundation
@testable import MapEngine
import Testing

/// Labels on a turned or tilted map: points stay level, lines follow their
/// road and stay readable, `text-rotation-alignment` and
/// `text-pitch-alignment` are honoured, and labels turn with the map
/// between placements.
@Suite struct TurnedLabelTests {
    static let tile = LabelPlacementTests.tile

    func camera(heading: Double = 0, pitch: Double = 0) -> Camera {
        LabelPlacementTests.camera().turned(heading: heading, pitch: pitch)
    }

    /// A road running east-west through the tile's middle, labelled at its middle.
    func road(look: LabelLook = LabelLook(size: 16, padding: 0)) -> LabelCandidate {
        LabelCandidate(text: "Main Street", tile: Self.tile, styleZoom: 9,
                       placement: .line(path: [Point(x: 28, y: 128), Point(x: 228, y: 128)], anchorDistance: 100),
                       layer: "roads", look: look, priority: LabelPriority(layerIndex: 0, featureIndex: 0))
    }

    func place(_ candidates: [LabelCandidate], _ camera: Camera) -> [PlacedLabel] {
        var placer = LabelPlacer(camera: camera, scale: 1, metrics: FixedLabelMetrics())
        return placer.place(candidates)
    }

    @Test func pointLabelsStayLevelOnATurnedMap() throws {
        let c = camera(heading: 45)
        let label = try #require(place([LabelPlacementTests.point("Zurich", at: Point(x: 128, y: 128), priority: 0)], c).first)
        #expect(label.pieces.allSatisfy { $0.rotation == 0 })
        let middle = label.pieces[0].rect.center
        #expect((middle - Point(x: 400, y: 300)).length < 1, "centred on its place")
    }

    @Test func aRoadsNameFollowsItAndStaysReadable() throws {
        // Facing east or west, the east-west road runs up the screen: its letters stand at ±90°.
        for heading in [90.0, 270.0] {
            let label = try #require(place([road()], camera(heading: heading)).first)
            #expect(label.turnsWithMap)
            for piece in label.pieces { #expect(abs(abs(piece.rotation) - 90) < 1e-6, "\(heading): \(piece.rotation)") }
            let xs = label.pieces.map(\.rect.midX), ys = label.pieces.map(\.rect.midY)
            #expect(xs.allSatisfy { abs($0 - 400) < 1e-6 }, "along the road, which runs up the middle")
            // Running straight up the screen either way round is readable; from its west end it reads bottom up.
            if heading == 90 { #expect(ys.first! > ys.last!, "read from the bottom up") }
        }
        let level = try #require(place([road()], camera(heading: 180)).first)
        #expect(level.pieces.allSatisfy { abs($0.rotation) < 1e-6 }, "upside down it is turned to read left to right")
    }

    @Test func aRoadNumberKeptLevelByItsStyleIsPlacedLevelAtItsMiddle() throws {
        var look = LabelLook(size: 16, padding: 0)
        look.rotationAlignment = .viewport
        let label = try #require(place([road(look: look)], camera(heading: 60)).first)
        #expect(label.pieces.count == 1 && label.pieces[0].rotation == 0)
        #expect((label.pieces[0].rect.center - Point(x: 400, y: 300)).length < 1)
    }

    @Test func aPointLabelAlignedToTheMapTurnsWithIt() throws {
        var look = LabelLook(size: 16, padding: 0)
        look.rotationAlignment = .map
        let label = try #require(place([LabelPlacementTests.point("Zurich", at: Point(x: 128, y: 128), priority: 0, look: look)],
                                       camera(heading: 30)).first)
        #expect(label.pieces.allSatisfy { $0.rotation == -30 })
    }

    @Test func farLabelsOfATiltedMapAreSmallerNearOnesLarger() throws {
        let c = camera(pitch: 60)
        let candidates = [LabelPlacementTests.point("Far", at: Point(x: 128, y: 20), priority: 0),
                          LabelPlacementTests.point("Near", at: Point(x: 128, y: 200), priority: 1)]
        let placed = place(candidates, c)
        let far = try #require(placed.first { $0.key.text == "Far" }), near = try #require(placed.first { $0.key.text == "Near" })
        #expect(far.fontSize < 16 && near.fontSize > 16, "far \(far.fontSize), near \(near.fontSize)")
        // Facing the viewer, they shrink half as much as the ground: 0.5 + 0.5 s.
        let s = c.perspectiveScale(atWorld: c.worldPoint(at: c.screenPoint(forWorld: Point(x: (Double(Self.tile.x) + 0.5) / 1024,
                                                                                              y: (Double(Self.tile.y) + 20 / 256) / 1024))))
        #expect(abs(far.fontSize - 16 * ((0.5 + 0.5 * s) * 16).rounded() / 16) < 1e-6, "in steps of 1/16")
    }

    @Test func labelsTurnWithTheMapBetweenPlacements() throws {
        var layer = LabelLayer()
        layer.apply(TileOfferChanges(arrived: [(Self.tile, [road(), LabelPlacementTests.point("Zurich", at: Point(x: 128, y: 60), priority: 1)])]))
        let start = camera(heading: 10)
        layer.update(camera: start, levels: 10...10, scale: 1, metrics: FixedLabelMetrics(), now: 0, instant: true)
        let before = layer.commands()
        var turned = start
        turned.rotate(to: 14, about: start.viewportSize.center)
        layer.update(camera: turned, levels: 10...10, scale: 1, metrics: FixedLabelMetrics(), now: 0.02)
        let after = layer.commands()
        #expect(before.count == after.count, "the same labels: a turn of 4° within the placement's time places nothing anew")
        for (a, b) in zip(before, after) {
            guard case .text(let old) = a, case .text(let new) = b else { continue }
            if old.text == "Zurich" {
                #expect(new.rotation == 0, "a point label stays level")
                #expect((new.rect.center - turned.screenPoint(for: start.coordinate(at: old.rect.center))).length < 20)
            } else {
                #expect(abs(new.rotation - (old.rotation - 4)) < 1e-9, "a road's letters turn with the road")
            }
        }
    }
}
