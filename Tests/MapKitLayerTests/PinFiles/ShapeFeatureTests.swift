import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct ShapeFeatureTests {
    func document(_ features: String) throws(PinFileError) -> PinDocument {
        try PinDocument.parse(Array(#"{"type": "FeatureCollection", "features": [\#(features)]}"#.utf8), file: "shapes.geojson")
    }

    @Test func everyKindOfLineAndAreaIsRead() throws {
        let doc = try document("""
            {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[8, 47], [8.1, 47.1], [8.2, 47]]},
             "properties": {"name": "walk"}},
            {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]]}},
            {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [
               [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[4, 4], [6, 4], [6, 6], [4, 4]]]},
             "properties": {"title": "field", "description": "with a pond"}},
            {"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [
               [[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]]}},
            {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": [
               {"type": "Point", "coordinates": [0, 0]},
               {"type": "LineString", "coordinates": [[0, 0], [1, 0]]},
               {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}
            """)
        #expect(doc.features.count == 1 && doc.shapes.count == 5 && doc.warnings.isEmpty)
        let walk = doc.shapes[0]
        #expect(walk.lines.count == 1 && walk.lines[0].count == 3 && walk.title == "walk")
        #expect(doc.shapes[1].lines.count == 2, "segments stay apart")
        let field = doc.shapes[2]
        #expect(field.areas.count == 1 && field.areas[0].count == 2 && field.areas[0][0].count == 4, "rings open, hole kept")
        #expect(field.title == "field" && field.description == "with a pond")
        #expect(doc.shapes[3].areas.count == 2)
        #expect(doc.shapes[4].lines.count == 1 && doc.shapes[4].areas.count == 1)
        let overlays = doc.shapes[4].overlays()
        #expect(overlays.count == 2 && overlays[0] is Polygon && overlays[1] is Polyline, "areas under lines")
        #expect(doc.shapes[2].overlays().first?.title == "field")
    }

    @Test func simplestyleAndItsDefaults() throws {
        let doc = try document("""
            {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
             "properties": {"stroke": "#f00", "stroke-width": 5, "stroke-opacity": 0.5, "fill": "00ff00", "fill-opacity": 0.25}},
            {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {"stroke": "red"}}
            """)
        let styled = doc.shapes[0].style
        #expect(styled.stroke == Color(rgba: 255, 0, 0, 128))
        #expect(styled.strokeWidth == 5)
        #expect(styled.fill == Color(rgba: 0, 255, 0, 64))
        let plain = doc.shapes[1].style
        #expect(plain.stroke == Color(rgba: 0x55, 0x55, 0x55), "a colour name is not simplestyle: the default")
        #expect(plain.strokeWidth == 2 && plain.fill == Color(rgba: 0x55, 0x55, 0x55, 153))
        let renderer = doc.shapes[0].renderer(for: doc.shapes[0].overlays()[0])
        #expect(renderer.fillColor == styled.fill && renderer.strokeColor == styled.stroke && renderer.lineWidth == 5)
    }

    @Test(arguments: [
        (#"{"type": "LineString", "coordinates": [[0, 0]]}"#, "has 1 position; a line needs 2"),
        (#"{"type": "LineString", "coordinates": [[0, 0], [600, 0]]}"#, "[600, 0] is out of range (longitude -540 to 540"),
        (#"{"type": "LineString", "coordinates": [[0, 0], [0, 1e999]]}"#, "is not finite"),
        (#"{"type": "LineString", "coordinates": [[0, 0], ["a", 1]]}"#, "a string where numbers belong"),
        (#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#, "outer ring is open"),
        (#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#, "outer ring has 3 positions"),
        (#"{"type": "Polygon", "coordinates": [[[0, 0], [9, 0], [9, 9], [0, 0]], [[1, 1], [2, 1], [1, 1]]]}"#, "hole 1 has 3 positions"),
        (#"{"type": "MultiLineString", "coordinates": 5}"#, "coordinates are a number, not an array"),
        (#"{"type": "Polygon"}"#, "has no \"coordinates\""),
    ]) func aBadGeometryIsRefusedWithTheFileTheFeatureAndTheReason(geometry: String, reason: String) throws {
        let features = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}},"#
            + #"{"type": "Feature", "geometry": \#(geometry)}"#
        #expect {
            try document(features)
        } throws: { error in
            guard case .badCoordinates(let file, let index, _, let text) = error as? PinFileError else { return false }
            return file == "shapes.geojson" && index == 1 && text.contains(reason)
        }
    }

    @Test func savingAfterAPinMovedLeavesTheShapesBytesAsTheyWere() throws {
        let text = ##"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {"draggable": true}}, {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0.123456789, 0], [1, 1.00000]]}, "properties": {"stroke": "#abc"}}]}"##
        let doc = try PinDocument.parse(Array(text.utf8), file: "s.geojson")
        let pin = doc.makeAnnotations()[0]
        pin.coordinate = Coordinate(latitude: 3, longitude: 4)
        let saved = String(decoding: doc.encoded([pin]), as: UTF8.self)
        let shape = ##"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0.123456789, 0], [1, 1.00000]]}, "properties": {"stroke": "#abc"}}"##
        #expect(saved.contains(shape))
        #expect(!saved.contains("[1, 2]"))
    }
}

/// simplestyle numbers out of range and shapes with nothing to draw.
@Suite @MainActor struct ShapeFeatureHostileTests {
    @Test func strokeWidthsOutOfRangeAreClampedWithOneWarningEach() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {"stroke-width": 1e308}, "geometry": {"type": "LineString", "coordinates": [[8, 47], [8.1, 47.1]]}},
             {"type": "Feature", "properties": {"stroke-width": -3, "fill-opacity": 7}, "geometry": {"type": "LineString", "coordinates": [[8, 47], [8.1, 47.2]]}},
             {"type": "Feature", "properties": {}, "geometry": {"type": "GeometryCollection", "geometries": []}}]}
            """
        let document = try PinDocument.parse(Array(text.utf8), file: "s.geojson")
        #expect(document.shapes.map(\.style.strokeWidth) == [SimpleStyle.widestStroke, 0, 2])
        #expect(document.warnings == [
            "s.geojson: feature 0: \"stroke-width\": 1e+308 is more than 1024, the most pinmap draws; it is drawn as 1024",
            "s.geojson: feature 1: \"stroke-width\": -3 is less than 0, the least it can be; it is drawn as 0",
            "s.geojson: feature 1: \"fill-opacity\": 7 is more than 1, the most pinmap draws; it is drawn as 1",
            "s.geojson: feature 2: its geometry holds no line or area; nothing is drawn for it",
        ])
        // Drawing them ends in a drawing: no width becomes an impossible count.
        let paints = document.overlays().map { $0.renderer.paint() }
        let drawing = OverlayTileLayout.drawing(for: TileID(z: 8, x: 133, y: 90), overlays: paints, scale: 2)
        #expect(drawing.operations.allSatisfy { operation in
            if case .stroke(_, let stroke) = operation { return stroke.width <= SimpleStyle.widestStroke * 2 }
            return true
        })
    }
}

/// Real files write islands past the antimeridian beyond ±180.
@Suite @MainActor struct AntimeridianShapeTests {
    @Test func longitudesPastOneEightyAreTheSamePlacesSaidOncePerFile() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {}, "geometry": {"type": "MultiPolygon", "coordinates":
               [[[[-187.1, 52.99], [-187.0, 52.0], [-185.0, 52.0], [-187.1, 52.99]]], [[[-170, 60], [-160, 60], [-160, 65], [-170, 60]]]]}},
             {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[175, 50], [185, 52]]}},
             {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [190, 10]}}]}
            """
        let document = try PinDocument.parse(Array(text.utf8), file: "us.geojson")
        #expect(document.shapes.count == 2 && document.features.count == 1)
        #expect(abs(document.shapes[0].areas[0][0][0].longitude - 172.9) < 1e-9)
        #expect(document.shapes[1].lines[0][1].longitude == -175)
        #expect(abs(document.features[0].coordinate.longitude - -170) < 1e-9)
        #expect(document.warnings == ["us.geojson: feature 0: longitudes past ±180 (such as -187.1) are read as the same places across the antimeridian"])
        // Drawn the short way round: the line spans 10 degrees, not 350.
        let line = try #require(document.overlays().first { $0.overlay is Polyline }?.overlay)
        #expect(line.boundingMapRect.size.width < 0.05)
        // Past one turn of the world either way is refused, as latitudes past ±90 are.
        #expect(throws: PinFileError.self) {
            _ = try PinDocument.parse(Array(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [600, 0]]}}]}"#.utf8), file: "x.geojson")
        }
    }
}

/// Rings round a pole, refusals that name the feature, and positions of too many numbers.
@Suite @MainActor struct ShapeFeatureEdgeTests {
    @Test func aRingRoundTheSouthPoleIsClosedAlongTheMapsBottomEdge() {
        let coast = stride(from: -180.0, through: 180, by: 10).map { Coordinate(latitude: -70 + 3 * sin($0 / 20), longitude: $0) }
        let ring = coast + [Coordinate(latitude: -85.6, longitude: 180), Coordinate(latitude: -85.6, longitude: -180)]
        let path = OverlayPath(ring: ring)
        #expect(path.points.count == ring.count + 2)
        #expect(path.points.suffix(2).allSatisfy { $0.y == 1 }, "closed along the bottom of the map")
        // The inside is the continent: a point near the pole is in, one in the Southern Ocean's north is not.
        let polygon = Polygon(coordinates: ring)
        let inside = WebMercator.project(Coordinate(latitude: -80, longitude: 40))
        let outside = WebMercator.project(Coordinate(latitude: -50, longitude: 40))
        #expect(Ring.contains(path.points, inside) && !Ring.contains(path.points, outside))
        #expect(polygon.boundingMapRect.size.width >= 0.99)
        // An ordinary ring is left as it is.
        let square = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1), Coordinate(latitude: 1, longitude: 1)]
        #expect(OverlayPath(ring: square).points == OverlayPath(square).points)
    }

    @Test func refusalsNameTheFeatureByItsIDAsWell() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
             {"type": "Feature", "id": "AK", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 95]]}}]}
            """
        #expect {
            _ = try PinDocument.parse(Array(text.utf8), file: "ids.geojson")
        } throws: { error in
            "\(error)" == "ids.geojson: feature 1 (id \"AK\"): bad coordinates: its LineString: position [0, 95] is out of range (longitude -540 to 540, latitude -90 to 90)"
        }
        let point = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 7, "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 99]}}]}"#
        #expect {
            _ = try PinDocument.parse(Array(point.utf8), file: "ids.geojson")
        } throws: { error in
            "\(error)".hasPrefix("ids.geojson: feature 0 (id \"7\"): bad coordinates: latitude 99")
        }
    }

    @Test func positionsOfMoreThanFourNumbersAreRefused() throws {
        let numbers = Array(repeating: "1", count: 1000).joined(separator: ", ")
        let text = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [\#(numbers)]]}}]}"#
        #expect {
            _ = try PinDocument.parse(Array(text.utf8), file: "wide.geojson")
        } throws: { error in
            "\(error)".contains("its LineString: a position holds more than 4 numbers")
        }
        let xyzm = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0, 10, 3], [1, 1, 12, 4]]}}]}"#
        #expect(try PinDocument.parse(Array(xyzm.utf8), file: "xyzm.geojson").shapes[0].lines[0].count == 2)
    }
}
