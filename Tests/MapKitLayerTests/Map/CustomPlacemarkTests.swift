import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Placemarks are asked of the `Annotation` protocol, not of one class: an
/// annotation of the app's own that lets the map set its subtitle is named
/// like a `PointAnnotation`.
@Suite @MainActor struct CustomPlacemarkTests {
    final class Shop: NameableAnnotation {
        let coordinate = Coordinate(latitude: 50.1, longitude: 10)
        let title: String? = "Shop"
        var subtitle: String? {
            didSet { changes.post(.calloutInfo) }
        }
        let changes = AnnotationChanges()
        let isPlacemark = true
    }

    @Test func anAnnotationOfTheAppsOwnIsNamed() {
        let map = PlacemarkTests().makeMap()
        let shop = Shop()
        map.addAnnotation(shop)
        #expect(map.placemarks.waitForNames(timeout: 5, at: 0.1, on: map))
        #expect(shop.subtitle == "11 km N of Northtown, Upland, XA")
        #expect(map.placemarks.takeNamed().map { $0 === shop } == [true])
    }
}
