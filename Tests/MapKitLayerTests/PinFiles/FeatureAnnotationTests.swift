@testable import MapEngine
@testable import MapKitLayer
import Testing

/// A feature's annotation reads its text and look from the feature and
/// takes a new title, subtitle or coordinate as a `PointAnnotation` does,
/// telling the maps showing it.
@Suite @MainActor struct FeatureAnnotationTests {
    static func annotation(_ properties: String, clusterAll: Bool = false) throws -> FeatureAnnotation {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"n","#
            + #""geometry":{"type":"Point","coordinates":[36.8219,-1.2921]},"properties":{\#(properties)}}]}"#
        return try PinDocument.parse(Array(text.utf8), file: "t.geojson").makeAnnotations(clusterAll: clusterAll)[0]
    }

    @Test func readsItsFeature() throws {
        let pin = try Self.annotation(#""title":"Nairobi","subtitle":"Kenya","cluster":"cities","priority":"low","collision":"circle""#)
        #expect(pin.identifier == "n")
        #expect(pin.title == "Nairobi" && pin.subtitle == "Kenya")
        #expect(pin.coordinate == Coordinate(latitude: -1.2921, longitude: 36.8219))
        #expect(pin.clusteringIdentifier == "cities")
        #expect(pin.displayPriority == .defaultLow)
        #expect(pin.collisionMode == .circle)
    }

    @Test func clustersAsTheDefaultOnlyWhenEveryPinDoes() throws {
        let alone = try Self.annotation(#""title":"A""#)
        #expect(alone.clusteringIdentifier == nil && alone.displayPriority == .required)
        let all = try Self.annotation(#""title":"A""#, clusterAll: true)
        #expect(all.clusteringIdentifier == PinFeature.defaultCluster && all.displayPriority == .defaultHigh)
    }

    @Test func aNewTitleOrSubtitleIsToldOnceAndKeptApartFromTheFeature() throws {
        let pin = try Self.annotation(#""title":"Nairobi""#)
        var heard: [AnnotationChange] = []
        _ = pin.changes.observe { heard.append($0) }
        pin.title = "Nairobi"  // the same text: nothing to tell
        #expect(heard.isEmpty)
        pin.subtitle = "Westlands"
        pin.title = "Nairobi CBD"
        #expect(heard == [.calloutInfo, .calloutInfo])
        #expect(pin.title == "Nairobi CBD" && pin.subtitle == "Westlands")
        #expect(pin.feature.title == "Nairobi" && pin.feature.subtitle == nil)
        pin.subtitle = nil
        #expect(pin.subtitle == nil && pin.title == "Nairobi CBD")
    }

    @Test func movingIsToldOnlyWhenTheCoordinateChanges() throws {
        let pin = try Self.annotation(#""title":"Nairobi""#)
        var heard: [AnnotationChange] = []
        _ = pin.changes.observe { heard.append($0) }
        let unmoved = pin.coordinate
        pin.coordinate = unmoved
        pin.coordinate = Coordinate(latitude: -1.3, longitude: 36.8)
        #expect(heard == [.coordinate])
        #expect(pin.feature.coordinate == Coordinate(latitude: -1.2921, longitude: 36.8219))
        // A move and a new title keep each other.
        pin.title = "Kibera"
        #expect(pin.coordinate == Coordinate(latitude: -1.3, longitude: 36.8) && pin.title == "Kibera")
        pin.coordinate = Coordinate(latitude: -1.31, longitude: 36.79)
        #expect(pin.title == "Kibera" && heard == [.coordinate, .calloutInfo, .coordinate])
    }
}
