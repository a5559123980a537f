import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A pin renamed and given a note is written into its own element of its
/// file, in the member or child it was read from, or a new one where the
/// format puts it; every other byte stays.
@Suite @MainActor struct PinDocumentNameTests {
    func saved(_ text: String, file: String = "pins.geojson", edit: ([FeatureAnnotation]) -> Void) throws -> (String, PinDocument) {
        let document = try PinDocument.parse(Array(text.utf8), file: file)
        let pins = document.makeAnnotations()
        edit(pins)
        let saved = String(decoding: document.encoded(pins), as: UTF8.self)
        return (saved, try PinDocument.parse(Array(saved.utf8), file: file))
    }

    static let geojson = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.5, 47.4]}, "properties": {"name": "Zurich", "marker-color": "red"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.35, 48.86]}, "properties": {"title": "Paris", "subtitle": "Capital"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.4, 52.5]}, "properties": null},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [12.5, 41.9]}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [9.2, 45.5]}, "properties": {"title": "Milan", "placemark": true}}
        ]}
        """

    @Test func aNameIsWrittenWhereItWasRead() throws {
        let (saved, reread) = try saved(Self.geojson) { pins in
            pins[0].title = "Zürich \"HB\""
            pins[1].title = "Париж"
        }
        #expect(saved == Self.geojson.replacingOccurrences(of: #""name": "Zurich""#, with: #""name": "Zürich \"HB\"""#)
                    .replacingOccurrences(of: #""title": "Paris""#, with: #""title": "Париж""#))
        #expect(reread.features.map(\.title).prefix(2) == ["Zürich \"HB\"", "Париж"])
    }

    @Test func aNoteIsTheSubtitleOrANewDescription() throws {
        let (saved, reread) = try saved(Self.geojson) { pins in
            pins[0].note = "عشاء"
            pins[1].note = "Ville lumière"
        }
        #expect(saved.contains(#""properties": {"description": "عشاء", "name": "Zurich", "marker-color": "red"}"#))
        #expect(saved.contains(#""title": "Paris", "subtitle": "Ville lumière""#))
        #expect(reread.features[0].subtitle == "عشاء" && reread.features[1].subtitle == "Ville lumière")
    }

    @Test func featuresWithNullOrNoPropertiesGainThem() throws {
        let (saved, reread) = try saved(Self.geojson) { pins in
            pins[2].title = "Berlin"
            pins[2].note = "Spree"
            pins[3].title = "Rome"
        }
        #expect(saved.contains(#""properties": {"title": "Berlin", "description": "Spree"}}"#))
        #expect(saved.contains(#"{"properties": {"title": "Rome"}, "type": "Feature""#))
        #expect(reread.features[2].title == "Berlin" && reread.features[2].subtitle == "Spree" && reread.features[3].title == "Rome")
    }

    @Test func aPlacemarksNoteIsItsDescriptionApartFromItsPlaceName() throws {
        let (saved, reread) = try saved(Self.geojson) { pins in
            pins[4].subtitle = "Piazza del Duomo, Milano"  // looked up by the map: not the person's note
            pins[4].note = "Gelato"
        }
        #expect(saved.contains(#""properties": {"description": "Gelato", "title": "Milan", "placemark": true}"#))
        #expect(reread.makeAnnotations()[4].note == "Gelato")
        #expect(pinsUnchanged(saved))
    }

    @Test func anUnchangedNameWritesNothing() throws {
        let (saved, _) = try saved(Self.geojson) { pins in
            pins[1].title = "Paris"
            pins[0].note = nil
        }
        #expect(saved == Self.geojson)
    }

    @Test func aClearedNoteEmptiesItsMember() throws {
        let (saved, reread) = try saved(Self.geojson) { pins in pins[1].note = "" }
        #expect(saved.contains(#""title": "Paris", "subtitle": """#))
        #expect(reread.makeAnnotations()[1].calloutSubtitle?.isEmpty != false)
    }

    @Test func aGPXWaypointsNameAndDescAreRewrittenInPlace() throws {
        let text = GPXDocumentTests.garmin
        let (saved, reread) = try saved(text, file: "ride.gpx") { pins in
            pins[0].title = "Zürich & See"
            pins[0].note = "Start <hier>"
            pins[1].note = "Kaffee"
        }
        #expect(saved.contains(#"<wpt lat="47.3769" lon="8.5417"><ele>408</ele><name>Zürich &amp; See</name><desc>Start &lt;hier&gt;</desc><sym>Flag, Blue</sym></wpt>"#))
        #expect(saved.contains("<wpt lon='8.7241' lat='47.4988'><name>Winterthur</name><cmt>Coffee</cmt><desc>Kaffee</desc></wpt>"))
        #expect(reread.features.map(\.title) == ["Zürich & See", "Winterthur"])
        #expect(reread.features.map(\.subtitle) == ["Start <hier>", "Kaffee"])
        #expect(reread.gpx?.tracks == (try PinDocument.parse(Array(text.utf8), file: "ride.gpx")).gpx?.tracks)
    }

    @Test func aGPXWaypointGainsNameAndDescInGPXOrder() throws {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="1" lon="2">
                <ele>3</ele>
                <!-- <name>not this</name> -->
                <sym>Flag, Red</sym>
              </wpt>
              <wpt lat="4" lon="5"/>
            </gpx>
            """
        let (saved, reread) = try saved(text, file: "w.gpx") { pins in
            pins[0].title = "東京"
            pins[0].note = "Ramen"
            pins[1].title = "Empty"
        }
        #expect(saved.contains("""
                <ele>3</ele>
                <!-- <name>not this</name> -->
                <name>東京</name>
                <desc>Ramen</desc>
                <sym>Flag, Red</sym>
            """))
        #expect(saved.contains(#"<wpt lat="4" lon="5"><name>Empty</name></wpt>"#))
        #expect(reread.features.map(\.title) == ["東京", "Empty"])
        #expect(reread.features[0].subtitle == "Ramen")
    }

    @Test func aDroppedPinsNoteIsSaved() throws {
        let document = try PinDocument.parse(Array(Self.geojson.utf8), file: "pins.geojson")
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "Lunch", isPlacemark: true)
        pin.subtitle = "Somewhere"
        pin.note = "Noodles"
        #expect(pin.calloutSubtitle == "Noodles" && pin.subtitle == "Somewhere")
        let saved = try PinDocument.parse(document.encoded(document.makeAnnotations(), added: [pin]), file: "pins.geojson")
        let reread = saved.makeAnnotations().last!
        #expect(reread.title == "Lunch" && reread.note == "Noodles")

        let gpx = try PinDocument.parse(Array(GPXDocumentTests.garmin.utf8), file: "ride.gpx")
        let written = try PinDocument.parse(gpx.encoded(gpx.makeAnnotations(), added: [pin]), file: "ride.gpx")
        #expect(written.features.last?.title == "Lunch" && written.features.last?.subtitle == "Noodles")
    }

    private func pinsUnchanged(_ saved: String) -> Bool {
        saved.contains(#""coordinates": [9.2, 45.5]"#)
    }
}
