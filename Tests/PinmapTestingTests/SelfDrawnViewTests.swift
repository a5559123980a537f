import Foundation
import PinmapKit
import PinmapTesting
import Testing

/// A view that draws itself, as the getting-started article writes one:
/// it sets no size, takes the size of what it draws, stands centred on
/// its coordinate and can be tapped; one that draws nothing says so.
@Suite @MainActor struct SelfDrawnViewTests {
    final class Shop: Annotation {
        let coordinate: Coordinate
        let title: String?
        let subtitle: String? = nil
        let identifier: String? = nil
        let changes = AnnotationChanges()
        init(_ title: String, _ coordinate: Coordinate) {
            self.title = title
            self.coordinate = coordinate
        }
    }

    /// The article's `PriceTagView`, word for word.
    final class PriceTagView: AnnotationView {
        var price = ""

        override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
            let font = FontSpec(size: 13, weight: .bold)
            let width = canvas.size(of: price, font: font).width + 20
            let tag = Rect(x: 0, y: 0, width: width, height: 24)
            canvas.fill(.roundedRect(tag, cornerRadius: 12), color: Color(hex: 0x1A73E8))
            canvas.draw(price, font: font, color: Color(hex: 0xFFFFFF), centeredIn: tag)
        }
    }

    final class Views: MapViewDelegate {
        let drawsNothing: Bool
        init(drawsNothing: Bool = false) { self.drawsNothing = drawsNothing }
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            guard !drawsNothing else { return AnnotationView(annotation: annotation, reuseIdentifier: nil) }
            let view = PriceTagView(annotation: annotation, reuseIdentifier: "price")
            view.price = "€12"
            view.canShowCallout = true
            return view
        }
    }

    let place = Coordinate(latitude: 47.3769, longitude: 8.5417)

    @Test func aViewWithNoSizeTakesTheSizeOfWhatItDrawsAndCanBeTapped() throws {
        let views = Views()
        let tester = try MapTester(size: Size(width: 400, height: 300), center: place, zoom: 12, delegate: views)
        let shop = Shop("Café", place)
        tester.map.addAnnotation(shop)
        tester.advance(by: 0.1)
        let frame = try #require(tester.map.frame(of: shop))
        #expect((24...25).contains(frame.height) && frame.width > 30 && frame.width < 80, "the tag and its antialiased edge: \(frame)")
        #expect(abs(frame.midX - 200) <= 1 && abs(frame.midY - 150) <= 1, "centred on its coordinate: \(frame)")
        try tester.tap(shop)
        #expect(tester.map.selectedAnnotations.first === shop)
    }

    @Test func aViewThatDrawsNothingAndHasNoSizeSaysSo() throws {
        let tester = try MapTester(size: Size(width: 400, height: 300), center: place, zoom: 12, delegate: Views(drawsNothing: true))
        let shop = Shop("Café", place)
        tester.map.addAnnotation(shop)
        #expect(throws: MapTesterError.zeroSize("Café")) { try tester.tap(shop) }
        #expect(MapTesterError.zeroSize("Café").description.contains("zero size"))
    }
}
