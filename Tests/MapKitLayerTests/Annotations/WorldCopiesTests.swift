import Testing
@testable import MapEngine
@testable import MapKitLayer

/// Where the world repeats across the screen (zoom 0–1), every copy shows
/// its pins, and a pin can be picked on any copy.
@Suite @MainActor struct WorldCopiesTests {
    let nairobi = PointAnnotation(coordinate: Coordinate(latitude: -1.29, longitude: 36.82), title: "Nairobi")

    func setUp() -> MapController {
        // The world is 362 px wide in an 1100 px window: three copies show.
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 0), zoom: 0.5,
                                    size: Size(width: 1100, height: 400))
        map.addAnnotation(nairobi)
        return map
    }

    @Test func everyCopyOfTheWorldShowsThePin() {
        let map = setUp()
        let draws = imageDraws(map).filter { $0.role == "annotation" }
        let worldSize = map.camera.worldSize
        let xs = draws.map(\.rect.minX).sorted()
        #expect(xs.count == 3, "\(xs)")
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(abs(b - a - worldSize) <= 1, "one world apart") }
    }

    @Test func aPinIsPickedOnAnyCopy() throws {
        let map = setUp()
        _ = imageDraws(map)
        let near = map.convert(nairobi.coordinate)
        for copy in [-1.0, 0, 1] {
            map.deselectAnnotation(nairobi)
            let head = near + Point(x: copy * map.camera.worldSize, y: -24)
            click(map, at: head, time: 10 * (copy + 2))
            #expect(map.selectedAnnotations.first === nairobi, "copy \(copy)")
        }
    }

    @Test func deeperZoomsDrawOneCopy() {
        let map = makeAnnotationMap(center: Coordinate(latitude: 0, longitude: 0), zoom: 3,
                                    size: Size(width: 1100, height: 400))
        map.addAnnotation(nairobi)
        #expect(imageDraws(map).filter { $0.role == "annotation" }.count == 1)
    }
}
