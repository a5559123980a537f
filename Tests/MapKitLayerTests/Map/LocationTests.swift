@testable import MapEngine
@testable import MapKitLayer
import Testing

/// The blue dot, the locate button, key L and `dropsPinAtFirstFix`, on a map
/// 800 x 600 at zoom 4 over western Europe.
@Suite @MainActor struct LocationTests {
    final class Views: MapViewDelegate {
        var asked: [String] = []
        func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
            asked.append(annotation.title ?? "?")
            return nil
        }
    }

    let views = Views()
    let here = LocationFix(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), accuracy: 4000)

    func makeMap(feed: LocationFeed? = LocationFeed(), zoom: Double = 4) -> MapController {
        let map = makeAnnotationMap(center: Coordinate(latitude: 48.7, longitude: 2.2), zoom: zoom)
        map.delegate = views
        map.userLocation.feed = feed
        return map
    }

    func frame(_ map: MapController, at now: Double) -> [DrawCommand] {
        FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: HalfSizeMetrics()).commands
    }

    func roles(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap { command in
            switch command {
            case .shape(let shape): return shape.role
            case .sprites: return "sprites"
            case .text(let text): return "text:" + text.text
            default: return nil
            }
        }
    }

    func shape(_ commands: [DrawCommand], _ role: String) -> ShapeDraw? {
        commands.lazy.compactMap { if case .shape(let s) = $0, s.role == role { return s } else { return nil } }.first
    }

    @Test func showsABlueDotBelowThePins() throws {
        let feed = LocationFeed()
        let map = makeMap(feed: feed, zoom: 10)
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 48.86, longitude: 2.35), title: "Pin"))
        #expect(!roles(frame(map, at: 0)).contains("user-location"))
        feed.post(.fix(here))
        #expect(map.isAnimating)  // a report waits: the window must draw a frame
        let commands = frame(map, at: 0.1)
        let order = roles(commands)
        let dot = try #require(order.firstIndex(of: "user-location"))
        #expect(try #require(order.firstIndex(of: "user-location-accuracy")) < dot, "\(order)")
        #expect(try dot < #require(order.firstIndex(of: "sprites")), "\(order)")
        let drawn = try #require(shape(commands, "user-location"))
        let center = map.convert(here.coordinate)
        #expect(abs(drawn.center.x - center.x) < 1e-9 && abs(drawn.center.y - center.y) < 1e-9)
        #expect(drawn.rect.width == 12)
        // 4 km at 48.86° N and zoom 10: 4000 / (cos φ · 40,075 km / 262,144 px) ≈ 39.8 px.
        let accuracy = try #require(shape(commands, "user-location-accuracy"))
        #expect(abs(accuracy.rect.width / 2 - 39.8) < 0.1, "\(accuracy.rect)")
        // It is not an annotation: the delegate was never asked about it.
        #expect(views.asked == ["Pin"])
        #expect(map.annotationCount == 1)
    }

    @Test func aSmallAccuracyDrawsNoDisc() {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        feed.post(.fix(here))  // 4 km is 0.6 px at zoom 4
        let order = roles(frame(map, at: 0))
        #expect(order.contains("user-location") && !order.contains("user-location-accuracy"))
    }

    @Test func theDotCannotBeSelectedOrDragged() {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        feed.post(.fix(here))
        _ = frame(map, at: 0)
        let dot = map.convert(here.coordinate)
        let before = map.camera
        map.handle(.pointer(PointerEvent(phase: .down, location: dot, button: .left)), at: 1)
        map.handle(.pointer(PointerEvent(phase: .move, location: dot + Point(x: 40, y: 0))), at: 1.1)
        map.handle(.pointer(PointerEvent(phase: .up, location: dot + Point(x: 40, y: 0), button: .left)), at: 1.2)
        // The press panned the map (the dot moved with it); nothing was selected or carried.
        #expect(map.selectedAnnotations.isEmpty)
        #expect(map.camera.center != before.center)
        #expect(map.userLocation.fix == here)
    }

    @Test func keyLDropsAPlacemarkPinThereAndCentresTheMap() throws {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        feed.post(.fix(here))
        _ = frame(map, at: 0)
        map.handle(.key(KeyPress("l")), at: 1)
        let pin = try #require(map.annotations.first as? PointAnnotation)
        #expect(pin.coordinate == here.coordinate && pin.isPlacemark && pin.title == "Dropped Pin")
        #expect(map.identifier(of: pin) == "dropped-1")
        _ = frame(map, at: 3)
        let center = map.convert(pin.coordinate)
        #expect(abs(center.x - 400) < 0.5 && abs(center.y - 300) < 0.5)
        #expect(pin.subtitle == "48.8566° N, 2.3522° E")  // no geocoder here
        // Again at an unchanged location: the pin there is selected, no other is hidden under it.
        map.handle(.key(KeyPress("l")), at: 4)
        #expect(map.annotations.compactMap { map.identifier(of: $0) } == ["dropped-1"])
        #expect(map.selectedAnnotations.first === pin)
        // Moved on: a new pin.
        feed.post(.fix(LocationFix(coordinate: Coordinate(latitude: 48.86, longitude: 2.36))))
        _ = frame(map, at: 5)
        map.handle(.key(KeyPress("l")), at: 6)
        #expect(map.annotations.compactMap { map.identifier(of: $0) } == ["dropped-1", "dropped-2"])
    }

    @Test func keyLWithoutAFixSaysWhy() {
        let none = makeMap(feed: nil)
        none.handle(.key(KeyPress("l")), at: 0)
        #expect(roles(frame(none, at: 0)).contains("text:No location source: start pinmap with --location LAT,LON or --gpsd"))
        #expect(none.annotationCount == 0)
        let waiting = makeMap()
        waiting.handle(.key(KeyPress("l")), at: 0)
        #expect(roles(frame(waiting, at: 0)).contains("text:Waiting for a location fix…"))
        #expect(waiting.annotationCount == 0)
        // A best-effort source (a window's own GeoClue) that is not there: not said at once, said when asked.
        let feed = LocationFeed()
        let absent = makeMap(feed: feed)
        absent.userLocation.announcesProblems = false
        feed.post(.unavailable("GeoClue: no system bus"))
        #expect(!roles(frame(absent, at: 0.5)).contains { $0.hasPrefix("text:No location") }, "quiet at first")
        absent.handle(.key(KeyPress("l")), at: 1)
        #expect(roles(frame(absent, at: 1)).contains("text:No location service: start GeoClue or gpsd, or use --location LAT,LON"))
        // A source the user asked for says its reason at once, and again when asked.
        let asked = LocationFeed()
        let told = makeMap(feed: asked)
        asked.post(.unavailable("gpsd: connection refused"))
        #expect(roles(frame(told, at: 0.5)).contains("text:No location: gpsd: connection refused"))
    }

    @Test func theLocateButtonDropsAPinOnRelease() throws {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        let waiting = try #require(shape(frame(map, at: 0), "locate-arrow"))
        #expect(waiting.color == LocateButton.arrowWaiting)
        feed.post(.fix(here))
        let button = try #require(shape(frame(map, at: 0.1), "locate-button"))
        #expect(button.action == "locate" && button.rect.width == 44)
        #expect(shape(frame(map, at: 0.1), "locate-arrow")?.color == LocateButton.arrowReady)
        // A press that slides off does nothing.
        let middle = button.rect.center
        map.handle(.pointer(PointerEvent(phase: .down, location: middle, button: .left)), at: 1)
        #expect(shape(frame(map, at: 1), "locate-button")?.color == LocateButton.pressedFace)
        map.handle(.pointer(PointerEvent(phase: .move, location: middle - Point(x: 100, y: 0))), at: 1.1)
        map.handle(.pointer(PointerEvent(phase: .up, location: middle - Point(x: 100, y: 0), button: .left)), at: 1.2)
        #expect(map.annotationCount == 0)
        // A finger tap drops one.
        map.handle(.pointer(PointerEvent(phase: .down, location: middle, kind: .touch, id: 3)), at: 2)
        map.handle(.pointer(PointerEvent(phase: .up, location: middle, kind: .touch, id: 3)), at: 2.05)
        #expect(map.annotationCount == 1)
        // Without a location source there is no button.
        #expect(shape(frame(makeMap(feed: nil), at: 0), "locate-button") == nil)
    }

    @Test func dropsAtTheFirstFixThenStopsListening() throws {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        map.userLocation.dropsPinAtFirstFix = true
        feed.post(.noFix)
        _ = frame(map, at: 0)
        #expect(map.annotationCount == 0 && map.userLocation.isListening)
        feed.post(.fix(here))
        feed.post(.fix(LocationFix(coordinate: Coordinate(latitude: 10, longitude: 10))))
        _ = frame(map, at: 0.5)
        #expect(map.annotations.map(\.coordinate) == [here.coordinate])
        #expect(!map.userLocation.isListening)
        feed.post(.fix(LocationFix(coordinate: Coordinate(latitude: 20, longitude: 20))))
        _ = frame(map, at: 1)
        #expect(map.userLocation.fix == here && map.annotationCount == 1)
    }

    @Test func saysOnceThatTheSourceIsUnavailable() {
        let feed = LocationFeed()
        let map = makeMap(feed: feed)
        feed.post(.unavailable("gpsd at localhost:2947: connection refused; trying again in 0.5 s"))
        #expect(roles(frame(map, at: 0)).contains("text:No location: gpsd at localhost:2947: connection refused; trying again in 0.5 s"))
        feed.post(.unavailable("gpsd at localhost:2947: connection refused; trying again in 1 s"))
        #expect(!roles(frame(map, at: 0.1)).contains("text:No location: gpsd at localhost:2947: connection refused; trying again in 1 s"))
        feed.post(.fix(here))
        feed.post(.unavailable("gpsd at localhost:2947 closed the connection; trying again in 0.5 s"))
        #expect(roles(frame(map, at: 0.2)).contains("text:No location: gpsd at localhost:2947 closed the connection; trying again in 0.5 s"))
    }
}
