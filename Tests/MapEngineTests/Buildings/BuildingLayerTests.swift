import Foundation
@testable import MapEngine
import Testing

/// Buildings of a `fill-extrusion` layer: read from a tile with their
/// heights, then raised through the camera, walls that face the eye only,
/// back to front.
@Suite struct BuildingLayerTests {
    /// The zoom-16 tile under Monte Carlo, and an 800 x 600 view of its middle.
    static let tile = TileID(z: 16, x: 34167, y: 23892)

    func camera(heading: Double = 0, pitch: Double = 0) -> Camera {
        let middle = Point(x: (Double(Self.tile.x) + 0.5) / 65536, y: (Double(Self.tile.y) + 0.5) / 65536)
        return Camera(center: WebMercator.unproject(middle), zoom: 16, viewportSize: Size(width: 800, height: 600),
                      heading: heading, pitch: pitch)
    }

    /// A square block of `side` tile pixels centred `offset` from the tile's middle, `height` metres tall.
    func block(_ offset: Point = .zero, side: Double = 20, height: Double = 30, layer: Int = 0) -> Extrusion {
        let c = Point(x: 128, y: 128) + offset, h = side / 2
        let ring = [Point(x: c.x - h, y: c.y - h), Point(x: c.x + h, y: c.y - h), Point(x: c.x + h, y: c.y + h), Point(x: c.x - h, y: c.y + h)]
        return Extrusion(rings: [ring], roof: Triangulation.triangles(rings: [ring]), height: height, base: 0,
                         color: Color(hex: 0xC0B0A0), layer: layer, opacity: 0.8, translate: .zero, verticalGradient: true)
    }

    func layer(_ extrusions: [Extrusion]) -> BuildingLayer {
        var layer = BuildingLayer()
        layer.apply(TileOfferChanges(raised: [(Self.tile, extrusions)]))
        return layer
    }

    func triangles(_ layer: BuildingLayer, _ camera: Camera) throws -> TriangleDraw {
        let commands = layer.commands(camera: camera, levels: 0...16)
        #expect(commands.count == 1)
        guard case .triangles(let draw)? = commands.first else { throw Failure() }
        return draw
    }

    struct Failure: Error {}

    @Test func seenFromAboveARoofIsDrawnLargerThanItsFootprint() throws {
        let draw = try triangles(layer([block()]), camera())
        // At the centre of a flat map every wall faces away from the eye above: only the roof, 2 triangles.
        #expect(draw.indices.count == 6)
        #expect(draw.opacity == 0.8 && draw.role == "buildings")
        let bounds = draw.bounds
        // 20 tile pixels a side at its own zoom is 20 screen pixels; 30 m up is nearer the eye, so larger.
        #expect(bounds.width > 20 && bounds.width < 21, "\(bounds.width)")
        #expect(abs(bounds.midX - 400) < 1e-6 && abs(bounds.midY - 300) < 1e-6)
    }

    /// A city's buildings shared out among the cores are drawn exactly as
    /// one core draws them: the same faces, in the same order.
    @Test func buildingsSharedAmongCoresAreDrawnAsOneCoreDrawsThem() throws {
        var blocks: [Extrusion] = []
        for row in 0..<40 {
            for column in 0..<40 {
                blocks.append(block(Point(x: Double(column) * 6 - 117, y: Double(row) * 6 - 117), side: 4,
                                    height: Double(10 + (row * 7 + column * 3) % 40)))
            }
        }
        let city = layer(blocks)
        for camera in [camera(), camera(heading: 37, pitch: 60), camera(heading: 200, pitch: 45)] {
            let shared = city.commands(camera: camera, levels: 0...16, perRun: 64)
            let alone = city.commands(camera: camera, levels: 0...16, perRun: .max)
            #expect(shared == alone)
            guard case .triangles(let draw)? = shared.first else { throw Failure() }
            #expect(draw.indices.count >= 1600 * 6, "every roof, at least: \(draw.indices.count / 3) triangles")
        }
    }

    @Test func wallsRisingLessThanHalfAPixelAreLeftOut() throws {
        // Half a metre tall, ahead on a tilted map: its wall would rise a third of a pixel.
        let low = try triangles(layer([block(Point(x: 0, y: -100), height: 0.5)]), camera(pitch: 60))
        #expect(low.indices.count == 6, "the roof only: \(low.indices.count / 3) triangles")
        let tall = try triangles(layer([block(Point(x: 0, y: -100), height: 30)]), camera(pitch: 60))
        #expect(tall.indices.count == 12, "its wall and its roof: \(tall.indices.count / 3) triangles")
    }

    @Test func aTiltedMapShowsTheWallFacingTheEyeAndHidesTheOthers() throws {
        let ahead = block(Point(x: 0, y: -60), height: 200)
        let draw = try triangles(layer([ahead]), camera(pitch: 60))
        #expect(draw.indices.count == 12, "its south wall and its roof: \(draw.indices.count / 3) triangles")
        // A tall wall's foot is darker than its top (the vertical gradient), and the roof is the lightest.
        #expect(draw.colors[0].red < draw.colors[2].red)
        #expect(draw.colors.last!.red > draw.colors[2].red)
        let turned = try triangles(layer([ahead]), camera(heading: 45, pitch: 60))
        #expect(turned.indices.count == 18, "turned 45°, two walls face the eye")
    }

    @Test func fartherBuildingsAreDrawnFirst() throws {
        let near = block(Point(x: 0, y: 60), height: 50), far = block(Point(x: 0, y: -60), height: 10)
        let draw = try triangles(layer([near, far]), camera(pitch: 50))
        // The first corner drawn belongs to the far one: it lies higher up the screen.
        let nearY = camera(pitch: 50).screenPoint(forWorld: camera().worldPoint(at: Point(x: 400, y: 360))).y
        #expect(draw.points[0].y < nearY - 60)
    }

    @Test func aBuildingCutAtTheTileEdgeRaisesNoWallThere() throws {
        let ring = [Point(x: 236, y: 100), Point(x: 256, y: 100), Point(x: 256, y: 120), Point(x: 236, y: 120)]
        let cut = Extrusion(rings: [ring], roof: Triangulation.triangles(rings: [ring]), height: 30, base: 0, color: Color(hex: 0x999999),
                            layer: 0, opacity: 1, translate: .zero, verticalGradient: false)
        // Seen from the west, tilted: the east wall would face away anyway; from the east (heading 270) it would face the eye.
        let draw = try triangles(layer([cut]), camera(heading: 270, pitch: 60))
        let wallCount = (draw.indices.count - 6) / 6
        #expect(wallCount <= 1, "the cut edge at x = 256 raises nothing: \(wallCount) walls")
    }

    @Test func theLayoutReadsHeightsFromTheFeatures() throws {
        var tileLayer = VectorTileWriter.Layer(name: "building", extent: 4096)
        let square = [[Point(x: 1000, y: 1000), Point(x: 2000, y: 1000), Point(x: 2000, y: 2000), Point(x: 1000, y: 2000)]]
        tileLayer.add(.polygon, geometry: square, properties: ["render_height": .number(42), "render_min_height": .number(6)])
        let data = try VectorTile(bytes: VectorTileWriter.encode([tileLayer]))
        let style = try MapStyle(bytes: Array("""
            {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["x/{z}/{x}/{y}"]}}, "layers": [
              {"id": "b", "type": "fill-extrusion", "source": "v", "source-layer": "building",
               "paint": {"fill-extrusion-color": "#808080", "fill-extrusion-height": ["get", "render_height"],
                         "fill-extrusion-base": ["get", "render_min_height"], "fill-extrusion-opacity": 0.5}}]}
            """.utf8), file: "b.json")
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...16)
        let drawing = layout.drawing(for: Self.tile, data: data, dataTile: Self.tile, scale: 1)
        let raised = try #require(drawing.extrusions.first)
        #expect(raised.height == 42 && raised.base == 6 && raised.opacity == 0.5)
        #expect(raised.rings[0].count == 4 && raised.roof.count == 6)
        #expect(drawing.drawnOperations.isEmpty, "nothing painted flat into the tile but the page")
    }
}
