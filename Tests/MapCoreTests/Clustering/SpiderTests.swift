import Testing
@testable import MapCore

/// Pins in one building never come apart by zooming: a click fans them out.
@Suite struct SpiderTests {
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
        let scene = map.scene(at: 1.3, tiles: NoTiles(), text: ZeroMetrics())
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
