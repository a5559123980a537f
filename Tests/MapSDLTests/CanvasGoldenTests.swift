import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// Annotation views that draw themselves with shapes and text on their
/// canvas, painted by Cairo and the map's fonts, compared with goldens.
@Suite(.serialized) @MainActor struct CanvasGoldenTests {
    let suite = "CanvasGoldenTests"

    static let blue = Color(hex: 0x1A73E8)

    /// A price tag: a blue capsule with the price in white, a white ring
    /// round a dot under it, a dashed flag pole beside it.
    final class PriceTagView: AnnotationView {
        let price: String

        init(annotation: any Annotation, price: String) {
            self.price = price
            super.init(annotation: annotation, reuseIdentifier: "price")
            size = Size(width: 56, height: 40)
            centerOffset = Point(x: 0, y: -14)
        }

        override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
            // As wide as the price needs, centred over the dot.
            let font = FontSpec(size: 13, weight: .bold)
            let width = max(40, canvas.size(of: price, font: font).width + 20)
            let tag = Rect(x: 28 - width / 2, y: 0, width: width, height: 24)
            canvas.fill(.roundedRect(tag, cornerRadius: 12), color: CanvasGoldenTests.blue)
            canvas.stroke(.roundedRect(tag.insetBy(1), cornerRadius: 11), color: Color(hex: 0xFFFFFF), lineWidth: 2)
            canvas.draw(price, font: font, color: Color(hex: 0xFFFFFF), centeredIn: tag)
            canvas.fill(.circle(center: Point(x: 28, y: 34), radius: 6), color: Color(hex: 0xFFFFFF))
            canvas.fill(.circle(center: Point(x: 28, y: 34), radius: 3.5), color: CanvasGoldenTests.blue)
            var pole = CanvasPath()
            pole.move(to: Point(x: 50, y: 40))
            pole.addLine(to: Point(x: 50, y: 26))
            pole.addQuadCurve(to: Point(x: 56, y: 30), control: Point(x: 56, y: 24))
            canvas.stroke(pole, color: Color(hex: 0x202124), lineWidth: 1.5, cap: .round, join: .round, dashes: [3, 2])
        }
    }

    final class Views: MapViewDelegate {
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            PriceTagView(annotation: annotation, price: (annotation.title ?? nil) ?? "?")
        }
    }

    func run(scale: Double) throws -> (HeadlessRun, Views) {
        let run = try TestMaps.run(center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 5,
                                   size: Size(width: 240 * scale, height: 140 * scale), scale: scale)
        let views = Views()
        run.session.map.delegate = views
        run.session.map.addAnnotations([
            PointAnnotation(coordinate: Coordinate(latitude: 47.37, longitude: 5.0), title: "€12"),
            PointAnnotation(coordinate: Coordinate(latitude: 47.37, longitude: 11.5), title: "€1,250"),
        ])
        return (run, views)
    }

    @Test func shapesAndTextPaintedSmoothAtOneAndTwoTimes() throws {
        for scale in [1.0, 2.0] {
            let (run, views) = try run(scale: scale)
            let image = try run.renderImage()
            withExtendedLifetime(views) {}
            let map = run.session.map
            let tag = try #require(map.annotations.first { $0.title == "€12" })
            let frame = try #require(map.frame(of: tag))  // in points
            func pixel(_ x: Double, _ y: Double) -> Color {
                image.pixel(x: Int(((frame.minX + x) * scale).rounded(.down)), y: Int(((frame.minY + y) * scale).rounded(.down)))
            }
            // Inside the capsule, left of the text: the blue fill; on its ring: white.
            let textWidth = run.session.fonts.size(of: "€12", font: FontSpec(size: 13 * scale, weight: .bold)).width / scale
            let left = 28 - max(40, textWidth + 20) / 2
            #expect(pixel(left + 4, 12) == CanvasGoldenTests.blue, "at \(scale)x")
            #expect(pixel(28, 1).red > 230, "the white ring at \(scale)x: \(pixel(28, 1))")
            // The capsule's corner is cut round: the map's light ground shows there.
            #expect(pixel(left + 0.5, 0.5).red > 150, "at \(scale)x: \(pixel(left + 0.5, 0.5))")
            // The price is drawn in white inside the blue.
            let row = (Int(frame.minY * scale) + Int(6 * scale)...Int(frame.minY * scale) + Int(18 * scale))
            let columns = Int((frame.minX + 20) * scale)...Int((frame.minX + 36) * scale)
            let white = row.flatMap { y in columns.map { image.pixel(x: $0, y: y) } }.filter { $0.red > 200 && $0.blue > 200 }
            #expect(white.count > Int(12 * scale * scale), "the text's white pixels at \(scale)x: \(white.count)")
            // The dot's centre is blue inside its white ring.
            #expect(pixel(28, 34) == CanvasGoldenTests.blue)
            #expect(pixel(28, 29).red > 230)
            assertGolden(image, named: scale == 1 ? "price-tags" : "price-tags-2x", suite: suite)
        }
    }

    @Test func viewsDrawingTheSamePictureShareOneTexture() throws {
        let run = try TestMaps.run(center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 5,
                                   size: Size(width: 240, height: 140))
        let views = Views()
        run.session.map.delegate = views
        let same = (0..<20).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 46 + Double(i % 4), longitude: 5 + Double(i / 4)), title: "€5")
        }
        run.session.map.addAnnotations(same + [PointAnnotation(coordinate: Coordinate(latitude: 47, longitude: 8), title: "€6")])
        _ = try run.renderImage()
        withExtendedLifetime(views) {}
        #expect(run.session.sceneRenderer.pictures.count == 2)
    }
}
