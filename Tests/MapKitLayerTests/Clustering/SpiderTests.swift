import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Pins in one building never come apart by zooming: a click fans them out.
@Suite @MainActor struct SpiderTests {
    func setUp(count: Int) -> (MapController, [PointAnnotation]) {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48.2082, longitude: 16.3738), zoom: 12)
        let building = (0..<count).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 48.2082, longitude: 16.3738), title: "Flat \(i)",
                            identifier: "f\(i)", clusteringIdentifier: "building")
        }
        map.addAnnotations(building)
        _ = imageDraws(map)
        return (map, building)
    }

    @Test func aClickFansTheMembersOutOnACircleAndEscapeFoldsThem() throws {
        let (map, flats) = setUp(count: 6)
        let cluster = try #require(map.clusterAnnotations.first)
        #expect(cluster.memberCount == 6)
        click(map, at: map.convert(cluster.coordinate), time: 1)
        _ = imageDraws(map, at: 1.2)
        #expect(map.camera.zoom == 12, "no zoom: it cannot come apart")
        let heads = flats.compactMap { map.view(for: $0) }.map { map.annotationLayer.frame(of: $0, camera: map.camera, scale: 1) }
        #expect(heads.count == 6, "every member shows")
        let centres = heads.map(\.center)
        for (i, a) in centres.enumerated() {
            for b in centres[(i + 1)...] { #expect((a - b).length >= 20, "spread apart: \(a) \(b)") }
        }
        let scene = FrameComposer.scene(of: map, at: 1.3, tiles: NoTiles(), text: ZeroMetrics())
        let legs = scene.commands.filter {
            if case .line(_, _, let color, _) = $0 { color == ClusterAnnotationView.legColor } else { false }
        }
        #expect(legs.count == 6, "a leg to each")
        #expect(map.annotationLayer.view(for: cluster) == nil, "the cluster itself steps aside")
        map.handle(.key(KeyPress("escape")), at: 2)
        _ = imageDraws(map, at: 2.1)
        #expect(flats.allSatisfy { map.view(for: $0) == nil } && map.clusterAnnotations.count == 1, "folded")
    }

    @Test func aFannedOutMemberCanBeSelected() throws {
        let (map, flats) = setUp(count: 5)
        let cluster = try #require(map.clusterAnnotations.first)
        click(map, at: map.convert(cluster.coordinate), time: 1)
        _ = imageDraws(map, at: 1.2)
        let view = try #require(map.view(for: flats[2]))
        let frame = map.annotationLayer.frame(of: view, camera: map.camera, scale: 1)
        click(map, at: Point(x: frame.midX, y: frame.minY + 8), time: 2)
        #expect(map.selectedAnnotations.first === flats[2])
        #expect(map.clusters.spider.isOpen, "selecting a member keeps the others out")
    }

    final class Draggable: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            guard !(annotation is ClusterAnnotation) else { return nil }
            let view = PinAnnotationView(annotation: annotation)
            view.isDraggable = true
            return view
        }
    }

    /// Presses a fanned-out member's head and carries it `by` pixels.
    func carry(_ map: MapController, _ flat: PointAnnotation, by delta: Point, time: Double) throws -> Point {
        let view = try #require(map.view(for: flat))
        let head = map.annotationLayer.frame(of: view, camera: map.camera, scale: 1)
        let start = Point(x: head.midX, y: head.minY + 8)
        map.handle(.pointer(PointerEvent(phase: .down, location: start, button: .left)), at: time)
        for step in 1...4 {
            map.handle(.pointer(PointerEvent(phase: .move, location: start + delta * (Double(step) / 4))),
                       at: time + 0.05 * Double(step))
        }
        return start
    }

    @Test func aFannedOutMemberIsCarriedFromWhereItIsSeen() throws {
        let views = Draggable()
        let (map, flats) = setUp(count: 6)
        map.delegate = views
        let cluster = try #require(map.clusterAnnotations.first)
        let home = flats[1].coordinate
        click(map, at: map.convert(cluster.coordinate), time: 1)
        _ = imageDraws(map, at: 1.2)
        let tip = map.annotationLayer.displayedWorld(try #require(map.annotationLayer.store.slot(of: flats[1])))
        let seen = map.camera.screenPoint(forWorld: tip)
        #expect((seen - map.convert(home)).length > 20, "fanned away from its real place")
        let start = try carry(map, flats[1], by: Point(x: 40, y: 0), time: 2)
        map.handle(.pointer(PointerEvent(phase: .up, location: start + Point(x: 40, y: 0), button: .left)), at: 2.3)
        _ = imageDraws(map, at: 3)
        let landed = map.convert(flats[1].coordinate)
        // Dropped where its lifted tip pointed: 40 px right of where it was
        // seen, and up by as much as it had risen (less than the full lift).
        #expect(abs(landed.x - seen.x - 40) < 1.5, "\(landed - seen)")
        #expect(landed.y < seen.y && landed.y >= seen.y - PinMotion.liftHeight - 1, "\(landed - seen)")
    }

    @Test func aCancelledCarryOfAFannedOutMemberGoesBackToItsRealPlace() throws {
        let views = Draggable()
        let (map, flats) = setUp(count: 6)
        map.delegate = views
        let cluster = try #require(map.clusterAnnotations.first)
        let home = flats[3].coordinate
        click(map, at: map.convert(cluster.coordinate), time: 1)
        _ = imageDraws(map, at: 1.2)
        _ = try carry(map, flats[3], by: Point(x: 0, y: 50), time: 2)
        #expect(map.isDragging)
        map.handle(.key(KeyPress("escape")), at: 2.3)
        _ = imageDraws(map, at: 4)
        #expect(flats[3].coordinate == home, "the building is where it always was")
    }

    @Test func manyMembersFollowASpiral() {
        let offsets = SpiderLayout.offsets(count: 30)
        #expect(offsets.count == 30)
        for (i, a) in offsets.enumerated() {
            for b in offsets[(i + 1)...] { #expect((a - b).length >= 20) }
        }
        #expect(offsets.last!.length > offsets.first!.length, "winding outwards")
        #expect(SpiderLayout.offsets(count: 8).allSatisfy { abs($0.length - SpiderLayout.offsets(count: 8)[0].length) < 1e-9 },
                "fewer than 9 sit on one circle")
    }
}
