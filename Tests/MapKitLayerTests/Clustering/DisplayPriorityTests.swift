import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// MapKit's display priorities and collision modes: where views crowd, the
/// lower priority gives way (hides, or joins a cluster led by the higher);
/// `required` and `collisionMode = .none` views always show.
@Suite @MainActor struct DisplayPriorityTests {
    /// Three pins a hundredth of a degree apart: one spot at zoom 4, apart at zoom 14.
    func crowd(_ priorities: [DisplayPriority?], identifier: String? = nil,
               modes: [CollisionMode]? = nil) -> [PointAnnotation] {
        priorities.enumerated().map { i, priority in
            PointAnnotation(coordinate: Coordinate(latitude: 48, longitude: 2 + Double(i) * 0.01), title: "Pin \(i)",
                            clusteringIdentifier: identifier, displayPriority: priority,
                            collisionMode: modes?[i] ?? .rectangle)
        }
    }

    func shown(_ map: MapController, _ pins: [PointAnnotation], at now: Double) -> [Bool] {
        _ = imageDraws(map, at: now)
        return pins.map { map.view(for: $0) != nil }
    }

    @Test func whereViewsCollideTheLowerPriorityHides() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48, longitude: 2), zoom: 4)
        let pins = crowd([.defaultLow, .defaultHigh, DisplayPriority(500)])
        map.addAnnotations(pins)
        #expect(shown(map, pins, at: 0) == [false, true, false], "the high one shows for all three")
        #expect(map.clusterAnnotations.isEmpty, "no cluster is drawn for pins that only hide")
        map.camera = Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 14, viewportSize: map.camera.viewportSize)
        #expect(shown(map, pins, at: 1) == [true, true, true], "apart, every one shows")
    }

    @Test func requiredAndCollisionNoneAlwaysShow() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48, longitude: 2), zoom: 4)
        let pins = crowd([.defaultHigh, .required, .defaultLow, .defaultLow], modes: [.rectangle, .rectangle, .none, .rectangle])
        map.addAnnotations(pins)
        #expect(shown(map, pins, at: 0) == [true, true, true, false])
    }

    @Test func aPinWithoutIdentifierOrPriorityIsRequiredAsBefore() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48, longitude: 2), zoom: 4)
        let pins = crowd([nil, nil, nil])
        map.addAnnotations(pins)
        #expect(pins.allSatisfy { $0.displayPriority == .required })
        #expect(shown(map, pins, at: 0) == [true, true, true], "pins that do not cluster never hid, and still do not")
    }

    @Test func aClusterIsLedByItsHighestPriorityMemberAndRequiredStaysOut() throws {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48, longitude: 2), zoom: 4)
        let pins = crowd([.defaultLow, .required, DisplayPriority(900), .defaultLow], identifier: "shops")
        map.addAnnotations(pins)
        let visible = shown(map, pins, at: 0)
        let cluster = try #require(map.clusterAnnotations.first)
        #expect(map.clusterAnnotations.count == 1 && cluster.memberCount == 3, "the required pin stays out")
        #expect(cluster.title == "Pin 2", "named after its highest-priority member")
        #expect(visible == [false, true, false, false])
    }

    @Test func theIndexTakesHigherPrioritiesFirst() {
        // Two points on one spot: whichever has the higher priority leads.
        let points = [Point(x: 0.5, y: 0.5), Point(x: 0.5, y: 0.5)]
        for (priorities, leader) in [([Float(1), 2], Int32(1)), ([2, 1], 0)] {
            let index = ClusterIndex(points: points, priorities: priorities)
            #expect(index.leads(leader, atZoom: 3) && !index.leads(1 - leader, atZoom: 3))
            guard case .cluster(let id) = index.items(atZoom: 3, in: Rect(x: 0, y: 0, width: 1, height: 1)).first else {
                Issue.record("one cluster")
                continue
            }
            #expect(index.firstMember(of: id) == leader)
        }
    }

    @Test func aPinsFileNamesPrioritiesAndCollisionModes() throws {
        let text = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[2,48]},"properties":{"priority":"low","collision":"circle"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[2,48]},"properties":{"priority":600}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[2,48]},"properties":{"priority":"urgent","collision":"blob"}}
        ]}
        """
        let document = try PinDocument.parse(Array(text.utf8), file: "p.geojson")
        let pins = document.makeAnnotations()
        #expect(pins[0].displayPriority == .defaultLow && pins[0].collisionMode == .circle)
        #expect(pins[1].displayPriority == DisplayPriority(600))
        #expect(pins[2].displayPriority == .required && pins[2].collisionMode == .rectangle, "the defaults")
        #expect(document.warnings.count == 2)
        #expect(document.warnings.allSatisfy { $0.hasPrefix("p.geojson: feature 2: ") }, "\(document.warnings)")
    }
}
