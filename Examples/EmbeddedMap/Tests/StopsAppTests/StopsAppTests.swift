import CSDL2
import Foundation
import PinmapKit
import PinmapTesting
import StopsApp
import Testing

/// The app offscreen: a software renderer stands in for its window's.
@MainActor @Suite(.serialized) struct StopsAppTests {
    func click(_ app: StopsApp, at point: Point, time: Double) {
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
            var event = SDL_Event()
            event.type = type.rawValue
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.x = Int32(point.x)
            event.button.y = Int32(point.y)
            app.handle(event, at: time)
        }
    }

    @Test func theButtonAddsAStopAtTheMiddleOfTheMapBesideTheSidebar() throws {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 640, 400, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let app = try StopsApp(renderer: renderer, size: Size(width: 640, height: 400))
        #expect(app.mapView.frame == Rect(x: 200, y: 0, width: 440, height: 400))
        // A click on the map is the map's: it does not press the button.
        click(app, at: Point(x: 500, y: 300), time: 0.1)
        #expect(app.stops.isEmpty)
        click(app, at: Point(x: app.addButton.midX, y: app.addButton.midY), time: 1)
        #expect(app.stops.count == 1)
        #expect(app.mapView.map.contains(app.stops[0]))
        #expect(app.mapView.map.selectedAnnotations.first === app.stops[0])
        let middle = app.mapView.point(for: app.stops[0].coordinate)
        #expect(abs(middle.x - 420) < 1 && abs(middle.y - 200) < 1, "\(middle)")
        // Let the pin land and the callout pop, then compare the window with its golden.
        for frame in 0...60 { try app.draw(at: 1.5 + Double(frame) / 60) }
        try app.draw(at: 2.6, waitingForTiles: true)
        try GoldenImage(named: "stops-app").assertMatches(renderer: renderer)
    }
}
