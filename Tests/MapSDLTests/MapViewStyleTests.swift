import CSDL2
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapKit
import Testing

/// The style changed while the map is open, after MapLibre's map API: a
/// paint property, a filter, layers added, moved and taken away, a GeoJSON
/// source's data. The old picture stands until the new tiles come (no
/// flash), and a change the spec refuses changes nothing.
@MainActor @Suite(.serialized) struct MapViewStyleTests {
    let app: MapViewEmbeddingTests.App
    let view: MapView
    let folder: URL

    /// A 280 x 200 map of a white page with a square of land (a GeoJSON
    /// polygon around 0° 0°, in `land`) and a dot east of it (`dots`).
    init() throws {
        app = try MapViewEmbeddingTests.App()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("restyle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let style = folder.appendingPathComponent("style.json")
        try Data(#"""
        {"version": 8, "center": [0, 0], "zoom": 4,
         "sources": {"shapes": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
             {"type": "Feature", "id": 7, "properties": {"kind": "land"},
              "geometry": {"type": "Polygon", "coordinates": [[[-3, -3], [3, -3], [3, 3], [-3, 3], [-3, -3]]]}}]}},
                     "dots": {"type": "geojson", "data": {"type": "Point", "coordinates": [6, 0]}}},
         "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "land", "type": "fill", "source": "shapes", "paint": {"fill-color": "#00aa00"}},
                    {"id": "dot", "type": "circle", "source": "dots", "paint": {"circle-radius": 10, "circle-color": "#0000ff"}}]}
        """#.utf8).write(to: style)
        var options = try MapOptions(style: style)
        options.showsControls = false
        options.attribution = nil
        options.pins = nil
        view = try MapView(renderer: app.renderer, frame: Rect(x: 0, y: 0, width: 280, height: 200), options: options)
    }

    /// The map drawn once its tiles are in.
    func settled(at time: Double) throws -> (Int, Int) -> UInt32 {
        try view.drawWhenLoaded(at: time)
        return { x, y in
            let (r, g, b) = self.app.pixel(x, y)
            return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    @Test func aPaintPropertyRepaintsTheMapWithoutAFlash() throws {
        let before = try settled(at: 0)
        #expect(before(140, 100) == 0x00AA00, "the land in the middle")
        try view.setPaintProperty("fill-color", to: "#e04030", layer: "land")
        #expect(view.needsDisplay)
        // The frame right after the change shows the old tiles, not an empty map.
        view.draw(at: 1)
        let (r, g, b) = app.pixel(140, 100)
        #expect((r, g, b) == (0, 0xAA, 0) || (r, g, b) == (0xE0, 0x40, 0x30), "old or new land, never nothing: \(r) \(g) \(b)")
        let after = try settled(at: 2)
        #expect(after(140, 100) == 0xE04030)
        #expect(after(10, 10) == 0xFFFFFF, "the page is as it was")
    }

    @Test func filtersLayersAndDataChange() throws {
        let dot = try #require(Optional(Int(view.point(for: Coordinate(latitude: 0, longitude: 6)).x.rounded())))
        #expect(try settled(at: 0)(dot, 100) == 0x0000FF)
        try view.setFilter(["==", ["get", "kind"], "sea"], layer: "land")
        #expect(try settled(at: 1)(140, 100) == 0xFFFFFF, "no feature is sea: the land goes")
        try view.setFilter(nil, layer: "land")
        try view.addLayer(StyleJSON(json: ##"{"id": "cover", "type": "fill", "source": "shapes", "paint": {"fill-color": "#333333"}}"##),
                          before: "dot")
        var pixel = try settled(at: 2)
        #expect(pixel(140, 100) == 0x333333 && pixel(dot, 100) == 0x0000FF, "the new layer over the land, under the dot")
        try view.moveLayer("cover", before: "land")
        #expect(try settled(at: 3)(140, 100) == 0x00AA00, "moved under the land")
        try view.removeLayer("cover")
        // The dot moves: the source's data replaced, as an app moves its vehicles.
        try view.setData(Data(#"{"type": "Point", "coordinates": [-6, 0]}"#.utf8), source: "dots")
        pixel = try settled(at: 4)
        let west = Int(view.point(for: Coordinate(latitude: 0, longitude: -6)).x.rounded())
        #expect(pixel(west, 100) == 0x0000FF && pixel(dot, 100) == 0xFFFFFF)
    }

    @Test func aRefusedChangeSaysWhyAndChangesNothing() throws {
        #expect(try settled(at: 0)(140, 100) == 0x00AA00)
        do {
            try view.setPaintProperty("fill-color", to: .string("not a colour"), layer: "land")
            Issue.record("a colour that is not one was taken")
        } catch {
            #expect(error.description.contains("layer \"land\"") && error.description.contains("fill-color"), "\(error)")
        }
        #expect(throws: StyleChangeError("there is no layer \"rivers\"")) { try view.removeLayer("rivers") }
        #expect(throws: StyleChangeError.self) { try view.removeSource("shapes") }
        #expect(try settled(at: 1)(140, 100) == 0x00AA00, "as it was")
        // The next good change starts from the style as it was, not from a refused one.
        try view.setPaintProperty("fill-opacity", to: .number(0), layer: "land")
        #expect(try settled(at: 2)(140, 100) == 0xFFFFFF)
    }

    @Test func aFeaturesStateColoursIt() throws {
        try view.setPaintProperty("fill-color", to: StyleJSON(json: ##"["case", ["boolean", ["feature-state", "hover"], false], "#ff0000", "#00aa00"]"##),
                                  layer: "land")
        #expect(try settled(at: 0)(140, 100) == 0x00AA00)
        try view.setFeatureState(["hover": .bool(true)], id: 7, source: "shapes")
        #expect(try settled(at: 1)(140, 100) == 0xFF0000, "the hovered feature")
        try view.setFeatureState(["selected": .bool(true)], id: 8, source: "shapes")
        #expect(try settled(at: 2)(140, 100) == 0xFF0000, "another feature's state leaves it as it is; states merge")
        try view.removeFeatureState(id: 7, source: "shapes")
        #expect(try settled(at: 3)(140, 100) == 0x00AA00)
        #expect(throws: StyleChangeError("there is no source \"roads\"")) { try view.setFeatureState([:], id: 1, source: "roads") }
    }

    @Test func aTapFindsTheFeaturesDrawnThereTopmostFirst() throws {
        try view.addLayer(StyleJSON(json: #"{"id": "names", "type": "symbol", "source": "dots", "layout": {"text-field": "Dot"}}"#))
        try view.setData(Data(#"{"type": "Feature", "id": 3, "properties": {"name": "Dot"}, "geometry": {"type": "Point", "coordinates": [6, 0]}}"#.utf8),
                         source: "dots")
        _ = try settled(at: 0)
        let land = view.queryRenderedFeatures(at: Point(x: 140, y: 100))
        #expect(land == [RenderedFeature(layer: "land", source: "shapes", sourceLayer: nil, id: 7, properties: ["kind": .string("land")])],
                "\(land)")
        let dot = view.point(for: Coordinate(latitude: 0, longitude: 6))
        let there = view.queryRenderedFeatures(at: dot)
        #expect(there.map(\.layer) == ["names", "dot"], "the label over its circle: \(there)")
        #expect(there.first?.id == 3 && there.first?.properties["name"] == .string("Dot"))
        #expect(view.queryRenderedFeatures(at: dot, layers: ["dot"]).map(\.layer) == ["dot"])
        #expect(view.queryRenderedFeatures(at: Point(x: 5, y: 5)).isEmpty, "the page is not a feature")
    }

    @Test func aNewStyleReplacesTheOldWithoutAFlash() throws {
        #expect(try settled(at: 0)(140, 100) == 0x00AA00)
        try view.setStyle(StyleJSON(json: ##"""
        {"version": 8, "sources": {"shapes": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-3, -3], [3, -3], [3, 3], [-3, 3], [-3, -3]]]}}},
         "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#000000"}},
                    {"id": "area", "type": "fill", "source": "shapes", "paint": {"fill-color": "#ffff00"}}]}
        """##))
        view.draw(at: 1)
        let (r, g, b) = app.pixel(140, 100)
        #expect((r, g, b) == (0, 0xAA, 0) || (r, g, b) == (0xFF, 0xFF, 0), "old or new, never nothing: \(r) \(g) \(b)")
        let pixel = try settled(at: 2)
        #expect(pixel(140, 100) == 0xFFFF00 && pixel(10, 10) == 0x000000)
    }
}
