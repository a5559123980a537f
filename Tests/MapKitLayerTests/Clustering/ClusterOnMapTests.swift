import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Clusters on a map 800 x 600: 200 pins crowded around Vienna that
/// cluster, and one in Rome that does not.
@Suite @MainActor struct ClusterOnMapTests {
    func setUp(zoom: Double = 3) -> (MapController, [PointAnnotation], PointAnnotation) {
        let map = makeAnnotationMap(center: Coordinate(latitude: 46, longitude: 14), zoom: zoom)
        var random = SeededGenerator(seed: 5)
        let crowd = (0..<200).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 48.2 + Double.random(in: -0.5...0.5, using: &random),
                                                   longitude: 16.37 + Double.random(in: -0.5...0.5, using: &random)),
                            title: "Pin \(i)", identifier: "p\(i)", clusteringIdentifier: "crowd")
        }
        let rome = PointAnnotation(coordinate: Coordinate(latitude: 41.9, longitude: 12.5), title: "Rome")
        map.addAnnotations(crowd + [rome])
        _ = imageDraws(map)
        return (map, crowd, rome)
    }

    @Test func crowdedPinsBecomeClustersThatCountThemAll() throws {
        let (map, crowd, rome) = setUp()
        let clusters = map.clusterAnnotations
        #expect(!clusters.isEmpty)
        let alone = crowd.filter { map.view(for: $0) != nil }
        #expect(clusters.reduce(0) { $0 + $1.memberCount } + alone.count == crowd.count)
        #expect(map.view(for: rome) != nil, "a pin that does not cluster always shows")
        #expect(map.annotationCount == 201 && map.annotations.count == 201, "clusters are not the user's annotations")
        let first = try #require(clusters.first)
        #expect(first.subtitle == "\(first.memberCount - 1) more")
        #expect(Set(first.memberAnnotations.map { ObjectIdentifier($0) }).count == first.memberCount)
    }

    @Test func aClickOnAClusterZoomsToWhereItSplits() throws {
        let (map, _, _) = setUp()
        let cluster = try #require(map.clusterAnnotations.max { $0.memberCount < $1.memberCount })
        click(map, at: map.convert(cluster.coordinate), time: 1)
        #expect(map.selectedAnnotations.isEmpty, "a cluster zooms rather than selects")
        _ = imageDraws(map, at: 3)
        #expect(map.camera.zoom >= 4, "zoomed in: \(map.camera.zoom)")
    }

    @Test func deepEnoughEveryPinStandsAlone() {
        let (map, crowd, _) = setUp(zoom: 17)
        map.setCenter(Coordinate(latitude: 48.2, longitude: 16.37), animated: false)
        _ = imageDraws(map)
        #expect(map.clusterAnnotations.isEmpty)
        #expect(crowd.allSatisfy { !map.clusters.isHidden(map.annotationLayer.store.slot(of: $0)!) })
    }

    @Test func aSelectedPinNeverHidesInACluster() throws {
        let (map, crowd, _) = setUp(zoom: 14)
        map.setCenter(crowd[0].coordinate, animated: false)
        _ = imageDraws(map)
        map.selectAnnotation(crowd[0])
        #expect(map.selectedAnnotations.first === crowd[0])
        map.camera = Camera(center: Coordinate(latitude: 46, longitude: 14), zoom: 3,
                            viewportSize: Size(width: 800, height: 600))
        _ = imageDraws(map, at: 1)
        #expect(map.view(for: crowd[0]) != nil, "still drawn, over its cluster")
    }

    @Test func aPinDroppedAmongOthersJoinsTheirClusterAfterTheDrop() {
        let (map, crowd, _) = setUp()
        let before = map.clusterAnnotations.reduce(0) { $0 + $1.memberCount }
        let far = PointAnnotation(coordinate: Coordinate(latitude: 60, longitude: 30), title: "Far",
                                  clusteringIdentifier: "crowd")
        map.addAnnotation(far)
        _ = imageDraws(map, at: 1)
        far.coordinate = crowd[0].coordinate
        _ = imageDraws(map, at: 2)
        #expect(map.clusterAnnotations.reduce(0) { $0 + $1.memberCount } == before + 1)
    }

    @Test func inAWindowTheIndexIsBuiltAsideAndNoFrameWaitsForIt() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 46, longitude: 14), zoom: 3)
        map.buildsClustersInBackground = true
        var random = SeededGenerator(seed: 8)
        let crowd = (0..<3000).map { _ in
            PointAnnotation(coordinate: Coordinate(latitude: 48 + Double.random(in: -3...3, using: &random),
                                                   longitude: 16 + Double.random(in: -3...3, using: &random)),
                            clusteringIdentifier: "crowd")
        }
        map.addAnnotations(crowd)
        _ = imageDraws(map)
        #expect(map.clusters.isBuilding && map.isAnimating, "the first frame did not wait, and asks for more")
        #expect(crowd.allSatisfy { map.view(for: $0) == nil }, "pins that will cluster wait unseen")
        let deadline = ContinuousClock.now + .seconds(10)
        var t = 0.0
        while map.clusters.isBuilding && ContinuousClock.now < deadline {
            t += 0.016
            _ = imageDraws(map, at: t)
        }
        #expect(!map.clusters.isBuilding)
        #expect(map.clusterAnnotations.reduce(0) { $0 + $1.memberCount } + crowd.filter { map.view(for: $0) != nil }.count
                == crowd.count)
    }

    @Test func zoomingInMembersFlyOutOfTheirClusterCentre() throws {
        let (map, crowd, _) = setUp(zoom: 5)
        map.setCenter(Coordinate(latitude: 48.2, longitude: 16.37), animated: false)
        _ = imageDraws(map, at: 1)
        let before = Dictionary(uniqueKeysWithValues: map.clusterAnnotations.flatMap { cluster in
            cluster.memberAnnotations.map { (ObjectIdentifier($0), cluster.coordinate) }
        })
        map.camera = Camera(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 9,
                            viewportSize: Size(width: 800, height: 600))
        _ = imageDraws(map, at: 2)
        let flyer = try #require(crowd.first { map.view(for: $0) != nil && before[ObjectIdentifier($0)] != nil })
        let view = try #require(map.view(for: flyer))
        let origin = try #require(before[ObjectIdentifier(flyer)])
        func anchor() -> Point {
            map.annotationLayer.frame(of: view, camera: map.camera, scale: 1).origin - view.frameAroundAnchor.origin
        }
        #expect((anchor() - map.convert(origin)).length < 2, "it starts where its cluster stood")
        _ = imageDraws(map, at: 2.1)
        let midway = anchor()
        #expect((midway - map.convert(origin)).length > 1 && (midway - map.convert(flyer.coordinate)).length > 1)
        _ = imageDraws(map, at: 2.3)
        #expect((anchor() - map.convert(flyer.coordinate)).length < 2, "and lands on its own place")
        #expect(!map.annotationLayer.hasAnimations)
    }

    @Test func aFingerTapOnAClusterZoomsIn() throws {
        let (map, _, _) = setUp()
        let cluster = try #require(map.clusterAnnotations.max { $0.memberCount < $1.memberCount })
        // A finger lands a little off the disc's edge: its 44-point target still takes it.
        let p = map.convert(cluster.coordinate) + Point(x: 19, y: 0)
        map.handle(.pointer(PointerEvent(phase: .down, location: p, kind: .touch, id: 1)), at: 1)
        map.handle(.pointer(PointerEvent(phase: .up, location: p, kind: .touch, id: 1)), at: 1.05)
        _ = imageDraws(map, at: 2)
        #expect(map.camera.zoom >= 4)
    }

    @Test func everyCopyOfTheWorldShowsItsClustersWithTheirCounts() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 20, longitude: 0), zoom: 0.5,
                                    size: Size(width: 1100, height: 400))
        let crowd = (0..<30).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 48 + Double(i % 5) * 0.1, longitude: 16 + Double(i / 5) * 0.1),
                            clusteringIdentifier: "crowd")
        }
        map.addAnnotations(crowd)
        let scene = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        let counts = scene.commands.filter { if case .text(let t) = $0 { t.text == "30" } else { false } }
        let discs = imageDraws(map).filter { $0.role == "cluster" }
        #expect(counts.count == 3 && discs.count == 3, "three copies of the world, three clusters: \(counts.count) \(discs.count)")
    }

    @Test func zoomingOutPinsFlyIntoTheirNewClusterThenLeave() throws {
        let (map, crowd, _) = setUp(zoom: 9)
        map.setCenter(Coordinate(latitude: 48.2, longitude: 16.37), animated: false)
        _ = imageDraws(map, at: 1)
        let alone = crowd.filter { map.view(for: $0) != nil }
        map.camera = Camera(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 5,
                            viewportSize: Size(width: 800, height: 600))
        _ = imageDraws(map, at: 2)
        let merged = Dictionary(uniqueKeysWithValues: map.clusterAnnotations.flatMap { cluster in
            cluster.memberAnnotations.map { (ObjectIdentifier($0), cluster.coordinate) }
        })
        let flyer = try #require(alone.first { merged[ObjectIdentifier($0)] != nil })
        let view = try #require(map.view(for: flyer), "it still shows while it flies in")
        func anchor() -> Point {
            map.annotationLayer.frame(of: view, camera: map.camera, scale: 1).origin - view.frameAroundAnchor.origin
        }
        #expect((anchor() - map.convert(flyer.coordinate)).length < 2, "it sets off from its own place")
        _ = imageDraws(map, at: 2.1)
        let target = map.convert(try #require(merged[ObjectIdentifier(flyer)]))
        #expect((anchor() - target).length > 1 && (anchor() - map.convert(flyer.coordinate)).length > 1)
        _ = imageDraws(map, at: 2.3)
        #expect(map.view(for: flyer) == nil, "and is gone into its cluster")
    }

    /// A delegate that names its clusters and draws them its own way.
    final class OwnClusters: MapViewDelegate {
        func mapView(_ map: MapController, clusterAnnotationForMemberAnnotations members: ClusterMembers)
            -> ClusterAnnotation? {
            let cluster = ClusterAnnotation(memberAnnotations: members)
            cluster.title = "\(members.count) cafés"
            return cluster
        }

        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            guard annotation is ClusterAnnotation else { return nil }
            let view = AnnotationView(annotation: annotation, reuseIdentifier: "cafe-cluster")
            view.image = AnnotationImage(name: "cup", size: Size(width: 24, height: 24))
            return view
        }
    }

    @Test func aDelegateMakesItsOwnClustersAndTheirViews() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 46, longitude: 14), zoom: 3)
        let own = OwnClusters()
        map.delegate = own
        let crowd = (0..<12).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 48 + Double(i) * 0.01, longitude: 16),
                            clusteringIdentifier: "cafes")
        }
        map.addAnnotations(crowd)
        _ = imageDraws(map)
        let cluster = try #require(map.clusterAnnotations.first)
        #expect(cluster.title == "12 cafés" && cluster.memberCount == 12)
        #expect(map.view(for: cluster)?.reuseIdentifier == "cafe-cluster")
        #expect(imageDraws(map, at: 1).contains { $0.name == "cup" })
    }
}

/// A cluster of file pins takes the colour most of its members have,
/// counted from the index without listing the members.
@Suite @MainActor struct ClusterTintTests {
    @Test func aClusterTakesItsMembersMajorityColour() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 46, longitude: 14), zoom: 3)
        let colours = ["green", "purple", "green", "red", "green", "purple"]
        let features = colours.enumerated().map { i, colour in
            #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(16.3 + Double(i) * 0.01), 48.2]}, "#
                + #""properties": {"marker-color": "\#(colour)", "cluster": "c"}}"#
        }
        let text = #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"
        let document = try PinDocument.parse(Array(text.utf8), file: "t")
        map.addAnnotations(document.makeAnnotations())
        _ = imageDraws(map)
        let cluster = try #require(map.clusterAnnotations.first)
        #expect(cluster.memberCount == 6)
        #expect(cluster.tint == PinColor.green.displayColor)
        #expect(ClusterAnnotation(memberAnnotations: cluster.memberAnnotations).tint == PinColor.green.displayColor,
                "listing the members gives the same colour")
    }
}

/// A delegate is handed a cluster's members without their being listed:
/// only reading them lists them, once.
@Suite @MainActor struct ClusterMembersTests {
    @Test func membersAreListedOnlyWhenReadAndOnce() {
        final class Counter { var lists = 0 }
        let counter = Counter()
        let pins = (0..<5).map { PointAnnotation(coordinate: Coordinate(latitude: Double($0), longitude: 0)) }
        let members = ClusterMembers {
            counter.lists += 1
            return pins
        }
        #expect(counter.lists == 0, "handing them over does not list them")
        #expect(members.map { $0.coordinate.latitude } == [0, 1, 2, 3, 4])
        #expect(members[2] === pins[2])
        #expect(counter.lists == 1)
    }
}

@MainActor
extension ClusterMembersTests {
    /// A member removed from the map after its cluster was made is not
    /// listed, and walking the others never reads past the end.
    @Test func aMemberRemovedSinceIsNotListed() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 46, longitude: 14), zoom: 3)
        let crowd = (0..<6).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 48 + Double(i) * 0.01, longitude: 16), clusteringIdentifier: "c")
        }
        map.addAnnotations(crowd)
        _ = imageDraws(map)
        let cluster = try #require(map.clusterAnnotations.first)
        map.removeAnnotation(crowd[2])
        #expect(cluster.memberAnnotations.count == 5)
        #expect(!cluster.memberAnnotations.contains { $0 === crowd[2] })
    }
}
