import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Headless frames far past the embedded tiles' zoom 5: quick, opaque,
/// and the same map (the enlarged deepest tiles) at every zoom.
@Suite @MainActor struct DeepZoomRenderTests {
    let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    @Test func everyZoomToTwentyDrawsTheEnlargedMap() throws {
        var centres: [Double: Color] = [:]
        for zoom in [5.0, 8, 12, 13, 13.5, 17.25, 20] {
            let run = try TestMaps.run(center: paris, zoom: zoom, size: Size(width: 400, height: 300))
            let image = try run.renderImage()
            let centre = image.pixel(x: 200, y: 150)
            #expect(centre.alpha == 255, "zoom \(zoom): opaque")
            #expect(centre != TileLayer.backgroundColor && centre != TileLayer.placeholderFill, "zoom \(zoom): a map, not grey")
            centres[zoom] = centre
        }
        // Past zoom 12 the view is a small part of one source pixel: one colour.
        let deep = [13.0, 13.5, 17.25, 20].compactMap { centres[$0] }
        for colour in deep {
            #expect(abs(Int(colour.red) - Int(deep[0].red)) <= 3 && abs(Int(colour.green) - Int(deep[0].green)) <= 3)
        }
    }

    @Test func aLargeFrameAtZoomTwentyFinishes() throws {
        let run = try TestMaps.run(center: paris, zoom: 20, size: Size(width: 4096, height: 4096))
        let image = try run.renderImage()
        #expect(image.width == 4096 && image.pixel(x: 2048, y: 2048).alpha == 255)
    }
}
