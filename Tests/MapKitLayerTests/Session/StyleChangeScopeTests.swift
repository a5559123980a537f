import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Which tiles a style change reaches: only where a changed layer draws.
@Suite struct StyleChangeScopeTests {
    static let text = #"""
    {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}},
     "layers": [{"id": "page", "type": "background", "paint": {"background-color": "#ffffff"}},
                {"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#0000ff"}},
                {"id": "paths", "type": "line", "source": "v", "source-layer": "transportation", "minzoom": 14}]}
    """#

    func style(_ text: String) throws -> MapStyle { try MapStyle(bytes: Array(text.utf8), file: "s.json") }

    func edited(_ edit: (inout StyleDocument) throws(StyleChangeError) -> MapStyle) throws -> (MapStyle, MapStyle) {
        let old = try style(Self.text)
        var document = try StyleDocument(old)
        return (old, try edit(&document))
    }

    @Test func aPaintPropertyReachesOnlyWhereItsLayerDraws() throws {
        let (old, new) = try edited { document throws(StyleChangeError) in
            try document.setPaintProperty("line-color", to: .string("#ff0000"), layer: "paths")
        }
        let scope = StyleChangeScope(from: old, to: new)
        #expect(scope.layers?.map(\.id) == ["paths", "paths"], "the layer as it was and as it is")
        #expect(!scope.reaches(styleZoom: 10) { _, _ in true }, "the paths draw from zoom 14")
        #expect(scope.reaches(styleZoom: 15) { _, _ in true })
        #expect(!scope.reaches(styleZoom: 15) { _, layer in layer == "water" }, "a tile without transportation data is not reached")
        #expect(scope.reaches(styleZoom: 15) { _, _ in nil }, "one whose data is not at hand is")
    }

    @Test func theSameStyleWrittenAnotherWayReachesNothing() throws {
        let old = try style(Self.text)
        var document = try StyleDocument(old)
        // Setting a property to what it is rewrites the JSON but changes nothing.
        let same = try document.setPaintProperty("fill-color", to: .string("#0000ff"), layer: "water")
        #expect(StyleChangeScope(from: old, to: same).layers?.isEmpty == true)
    }

    @Test func movedAddedAndTakenLayersAreChanged() throws {
        let (old, moved) = try edited { document throws(StyleChangeError) in try document.moveLayer("paths", before: "water") }
        #expect(Set(StyleChangeScope(from: old, to: moved).layers?.map(\.id) ?? []) == ["water", "paths"])
        let (_, removed) = try edited { document throws(StyleChangeError) in try document.removeLayer("water") }
        #expect(StyleChangeScope(from: old, to: removed).layers?.map(\.id) == ["water"])
        #expect(StyleChangeScope(from: old, to: removed).reaches(styleZoom: 3) { _, _ in true }, "the water's old tiles")
    }

    @Test func aChangeBeyondTheLayersReachesEveryTile() throws {
        let (old, new) = try edited { document throws(StyleChangeError) in
            try document.addSource("extra", .object(["type": .string("geojson"), "data": .object(["type": .string("Point"),
                "coordinates": .array([.number(0), .number(0)])])]))
        }
        let scope = StyleChangeScope(from: old, to: new)
        #expect(scope.layers == nil && scope.reaches(styleZoom: 0) { _, _ in false })
    }
}
