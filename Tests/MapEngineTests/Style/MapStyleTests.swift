import Testing
@testable import MapEngine

@Suite struct MapStyleTests {
    static let good = """
    {
      "version": 8,
      "name": "Test",
      "sprite": "sprites/test",
      "sources": {"world": {"type": "vector", "url": "mbtiles://world.mbtiles", "attribution": "© Natural Earth"}},
      "layers": [
        {"id": "bg", "type": "background", "paint": {"background-color": "#f8f4f0"}},
        {"id": "water", "type": "fill", "source": "world", "source-layer": "water",
         "paint": {"fill-color": "hsl(205, 56%, 73%)", "fill-sheen": 3}},
        {"id": "roads", "type": "line", "source": "world", "source-layer": "roads", "minzoom": 5,
         "filter": ["==", "class", "primary"],
         "layout": {"line-cap": "round", "visibility": "visible"},
         "paint": {"line-width": {"base": 1.4, "stops": [[5, 1], [12, 4]]}}},
        {"id": "labels", "type": "symbol", "source": "world", "source-layer": "places",
         "layout": {"text-field": "{name}\\n{ref}", "visibility": "none"}},
        {"id": "relief", "type": "hillshade", "source": "world"}
      ]
    }
    """

    /// A source's `scheme`: rows from the south when it says `tms`, from the north otherwise.
    @Test func readsASourcesScheme() throws {
        let style = try MapStyle(bytes: Array("""
        {"version": 8, "sources": {"t": {"type": "raster", "tiles": ["https://t.example.org/{z}/{x}/{y}.png"], "scheme": "tms"},
                                   "x": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": []}
        """.utf8), file: "s.json")
        #expect(style.sources["t"]?.scheme == .tms)
        #expect(style.sources["x"]?.scheme == .xyz)
    }

    /// A GeoJSON source's `data`, written in the style or named, its levels and margin; its layers read its one layer.
    @Test func readsGeoJSONSources() throws {
        let text = """
        {"version": 8, "sources": {"file": {"type": "geojson", "data": "shapes.geojson", "maxzoom": 14, "buffer": 64},
                                   "here": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}},
         "layers": [{"id": "a", "type": "circle", "source": "here"},
                    {"id": "b", "type": "line", "source": "file", "source-layer": "ignored"}]}
        """
        let style = try MapStyle(bytes: Array(text.utf8), file: "s.json")
        let file = try #require(style.sources["file"]), here = try #require(style.sources["here"])
        #expect(file.kind == .geojson && file.url == "shapes.geojson" && file.maxZoom == 14 && file.buffer == 64)
        #expect(here.kind == .geojson && here.maxZoom == 18 && here.buffer == 128)
        #expect(here.inlineData.map { String(decoding: $0, as: UTF8.self) } == #"{"type": "Point", "coordinates": [1, 2]}"#)
        #expect(style.layers.map(\.sourceLayer) == [GeoJSONTiler.layerName, "ignored"])
        #expect(style.vectorSource == nil, "a GeoJSON source is not the style's vector source")
        #expect(throws: StyleError.self) {
            try MapStyle(bytes: Array(#"{"version": 8, "sources": {"g": {"type": "geojson"}}, "layers": []}"#.utf8), file: "s.json")
        }
        do {
            _ = try MapStyle(bytes: Array(#"{"version": 8, "sources": {"g": {"type": "geojson", "data": 3}}, "layers": []}"#.utf8), file: "s.json")
        } catch {
            #expect(error.description == #"s.json:1:61: the "data" of GeoJSON source "g" is GeoJSON or the address of a GeoJSON file"#)
        }
    }

    @Test func readsImageSourcesAndRefusesCornersThatAreNotFourPlaces() throws {
        let text = #"{"version": 8, "sources": {"photo": {"type": "image", "url": "beach.png", "coordinates": [[-122.52, 37.56], [-122.51, 37.57], [-122.50, 37.56], [-122.51, 37.55]]}}, "layers": [{"id": "p", "type": "raster", "source": "photo"}]}"#
        let style = try MapStyle(bytes: Array(text.utf8), file: "s.json")
        let photo = try #require(style.sources["photo"])
        #expect(photo.kind == .image && photo.url == "beach.png")
        #expect(photo.coordinates.map(\.longitude) == [-122.52, -122.51, -122.50, -122.51])
        #expect(photo.coordinates.map(\.latitude) == [37.56, 37.57, 37.56, 37.55])
        for (corners, column) in [("[[0, 0], [1, 0], [1, 1]]", 82), ("[[0, 0], [1, 0], [1, 1], [0, 95]]", 107), ("[[0, 0], [1, 0], [1, 1], [0, \"a\"]]", 107)] {
            let bad = #"{"version": 8, "sources": {"p": {"type": "image", "url": "b.png", "coordinates": "# + corners + "}}, \"layers\": []}"
            do {
                _ = try MapStyle(bytes: Array(bad.utf8), file: "s.json")
                Issue.record("\(corners) accepted")
            } catch {
                #expect(error.description == #"s.json:1:\#(column): the "coordinates" of image source "p" are four [longitude, latitude] pairs"#, "\(corners)")
            }
        }
    }

    @Test func aSpriteSaysWhichIconsAreDistanceFields() throws {
        let sheet = try SpriteSheet(bytes: Array(#"{"a": {"x": 0, "y": 0, "width": 4, "height": 4, "sdf": true}, "b": {"x": 4, "y": 0, "width": 4, "height": 4}}"#.utf8),
                                    file: "sprite.json")
        #expect(sheet.icons["a"]?.isSDF == true && sheet.icons["b"]?.isSDF == false)
    }

    @Test func readsSourcesLayersAndProperties() throws {
        let style = try MapStyle(bytes: Array(Self.good.utf8), file: "test.json")
        #expect(style.name == "Test")
        #expect(style.sprite == "sprites/test")
        #expect(style.vectorSource?.name == "world")
        #expect(style.vectorSource?.source.url == "mbtiles://world.mbtiles")
        #expect(style.layers.map(\.id) == ["bg", "water", "roads", "labels"])
        let water = style.layers[1]
        #expect(water.color("fill-color", StyleContext(zoom: 3)).color() == Color(hex: 0x94C1E1))
        #expect(water.number("fill-opacity", StyleContext(zoom: 3)) == 1)
        let roads = style.layers[2]
        #expect(!roads.isShown(at: 4.9) && roads.isShown(at: 5))
        // A world smaller than one 512-point tile (pinmap's zoom 0) still draws the layers shown from 0.
        #expect(water.isShown(at: -1) && !roads.isShown(at: -1))
        #expect(roads.string("line-cap", StyleContext(zoom: 6)) == "round")
        #expect(roads.number("line-width", StyleContext(zoom: 12)) == 4)
        #expect(!style.layers[3].isShown(at: 10))
        let feature = StyleTestSupport.feature([("name", .string("Zürich")), ("ref", .int(8))], type: 1)
        #expect(style.layers[3].string("text-field", StyleContext(zoom: 5, feature: feature)) == "Zürich\n8")
    }

    @Test func unknownPropertiesAndLayerTypesAreOneWarningEach() throws {
        let style = try MapStyle(bytes: Array(Self.good.utf8), file: "test.json")
        #expect(style.warnings == [
            #"test.json: layer "water": "fill-sheen" is not a fill paint property pinmap knows"#,
            #"test.json: layer "relief": a hillshade layer draws from a raster-dem source, which "world" is not; it is not drawn"#,
        ])
        #expect(style.notes.isEmpty, "\(style.notes)")
        // A property pinmap reads but does not draw is noted, not warned.
        let circles = try MapStyle(bytes: Array(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
         "layers": [{"id": "dots", "type": "circle", "source": "v", "source-layer": "poi", "paint": {"circle-pitch-alignment": "map"}}]}
        """#.utf8), file: "test.json")
        #expect(circles.warnings.isEmpty && circles.notes == [#"test.json: layer "dots": "circle-pitch-alignment" is not drawn yet"#])
    }

    @Test(arguments: [
        ("{\"version\": 8, \"layers\": [\n  {\"id\": \"x\", \"type\": \"fill\"}]}", #"s.json:2:3: layer "x": no "source""#),
        ("{\"version\": 7, \"layers\": []}", #"s.json:1:13: style version 7 is not supported (only 8)"#),
        ("{\"version\": 8, \"sources\": {\"a\": {\"type\": \"vector\"}},\n \"layers\": [{\"id\": \"l\", \"type\": \"line\", \"source\": \"a\",\n \"paint\": {\"line-width\": [\"interpolate\", [\"linear\"], [\"zoom\"], 5, 1, 2, 2]}}]}",
         #"s.json:3:70: layer "l": "line-width": stop inputs must be in ascending order"#),
        ("{\"version\": 8, \"layers\": [{\"id\": \"b\", \"type\": \"background\", \"paint\": {\"background-color\": \"mauvish\"}}]}",
         #"s.json:1:91: layer "b": "background-color": "mauvish" is not a colour"#),
        ("{\"version\": 8, \"layers\": [", #"s.json:1:27: unexpected end of file, expected a value"#),
    ])
    func brokenStylesNameTheFileLineAndColumn(_ json: String, _ message: String) {
        #expect {
            _ = try MapStyle(bytes: Array(json.utf8), file: "s.json")
        } throws: { error in
            (error as? StyleError)?.description == message
        }
    }
}

extension MapStyleTests {
    /// A style's pitch past what a map tilts is held to the map's range, with a warning, as MapLibre holds it.
    @Test func aPitchPastTheMapsRangeIsHeldWithAWarning() throws {
        let style = try MapStyle(bytes: Array(#"{"version": 8, "pitch": 90, "sources": {}, "layers": []}"#.utf8), file: "p.json")
        #expect(style.pitch == Camera.pitchLimits.upperBound)
        #expect(style.warnings.contains { $0.contains("p.json") && $0.contains("\"pitch\" is 90") }, "\(style.warnings)")
    }
}
