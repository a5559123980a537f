import Testing
@testable import MapEngine
@testable import MapKitLayer

/// MapKit's region API: what is on screen, and the cameras that show a
/// region or a set of annotations.
@Suite @MainActor struct CameraRegionTests {
    let size = Size(width: 800, height: 600)

    @Test func theRegionOnScreenIsTheVisibleRectInDegrees() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, viewportSize: size)
        // 1024 px of world at zoom 2: 800 px are 281.25° of longitude.
        #expect(abs(camera.region.span.longitudeDelta - 281.25) < 1e-9)
        #expect(abs(camera.visibleMapRect.width - 800.0 / 1024) < 1e-12)
        #expect(abs(camera.region.center.latitude) < 1e-9)
    }

    @Test func settingARegionShowsItWhole() {
        let map = makeAnnotationMap(size: size)
        let alps = CoordinateRegion(center: Coordinate(latitude: 46.5, longitude: 10),
                                    span: CoordinateSpan(latitudeDelta: 4, longitudeDelta: 10))
        map.setRegion(alps, animated: false)
        let shown = map.region
        #expect(shown.span.longitudeDelta >= 10 - 1e-9 && shown.span.latitudeDelta >= 4 - 1e-9)
        // As large as fits: one of the two spans is filled.
        #expect(abs(shown.span.longitudeDelta - 10) < 1e-6 || abs(shown.span.latitudeDelta - 4) < 1e-3)
        #expect(abs(shown.center.longitude - 10) < 1e-9)
    }

    @Test func anAnimatedCameraChangeFliesThere() {
        let map = makeAnnotationMap(size: size)
        map.setCamera(Camera(center: Coordinate(latitude: 40, longitude: -74), zoom: 9, viewportSize: .zero), animated: true)
        _ = imageDraws(map, at: 0.1)
        #expect(map.camera.zoom != 9, "still on its way")
        _ = imageDraws(map, at: 1)
        #expect(abs(map.camera.zoom - 9) < 1e-9 && abs(map.camera.centerCoordinate.longitude + 74) < 1e-6)
        #expect(map.camera.viewportSize == size, "the map's viewport is kept")
    }

    @Test func showAnnotationsFitsThemWithTheirPinsAcrossTheAntimeridian() {
        let map = makeAnnotationMap(size: size)
        let fiji = PointAnnotation(coordinate: Coordinate(latitude: -17.7, longitude: 178.0), title: "Fiji")
        let samoa = PointAnnotation(coordinate: Coordinate(latitude: -13.8, longitude: -172.1), title: "Samoa")
        map.addAnnotations([fiji, samoa])
        map.showAnnotations([fiji, samoa], animated: false)
        for pin in [fiji, samoa] {
            let p = map.point(for: pin.coordinate)
            #expect(p.x > 40 && p.x < 760 && p.y > 60 && p.y < 560, "\(pin.title!) at \(p)")
        }
        #expect(map.camera.zoom > 4, "the short way round, not the whole world")
        _ = imageDraws(map)
        let frame = map.frame(of: fiji)
        #expect(frame.map { $0.minY >= 0 } == true, "the pin's head is on screen too")
    }

    @Test func pointsAndCoordinatesConvertInPointsOnAHighDensityScreen() {
        let map = makeAnnotationMap(size: size)
        map.displayScale = 2
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        map.setCamera(Camera(center: paris, zoom: 5, viewportSize: .zero), animated: false)
        let point = map.point(for: paris)
        #expect(abs(point.x - 200) < 1e-9 && abs(point.y - 150) < 1e-9, "the middle of 400x300 points")
        let back = map.coordinate(at: point)
        #expect(abs(back.latitude - paris.latitude) < 1e-9 && abs(back.longitude - paris.longitude) < 1e-9)
    }
}
