import CSDL2
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// A map inside an app's own SDL renderer: drawn into its rectangle only,
/// taking the events that belong to it and leaving the app's alone.
@MainActor @Suite(.serialized) struct MapViewEmbeddingTests {
    /// The app's own drawing target: a 400x300 software renderer, as a
    /// window's would be, with a red sidebar it drew itself.
    final class App {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        init() throws {
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 400, 300, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }
        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
        func drawSidebar() {
            SDL_SetRenderDrawColor(renderer, 255, 0, 0, 255)
            SDL_RenderClear(renderer)
        }
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            SDL_RenderFlush(renderer)
            let row = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch))
            let value = row.assumingMemoryBound(to: UInt32.self)[x]
            return (UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255))
        }
    }

    let frame = Rect(x: 100, y: 50, width: 280, height: 200)

    func mouse(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            event.motion.x = x
            event.motion.y = y
        } else {
            event.button.x = x
            event.button.y = y
            event.button.button = UInt8(SDL_BUTTON_LEFT)
        }
        return event
    }

    func wheel(x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.mouseX = x
        event.wheel.mouseY = y
        event.wheel.preciseY = 1
        event.wheel.y = 1
        return event
    }

    func key(_ code: SDL_KeyCode) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
        return event
    }

    @Test func theMapDrawsInsideItsFrameOnlyAndLeavesThePresentToTheApp() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: frame)
        #expect(view.map.camera.viewportSize == Size(width: 280, height: 200))
        #expect(view.needsDisplay)
        app.drawSidebar()
        view.draw(at: 0)
        #expect(app.pixel(50, 150) == (255, 0, 0), "the sidebar is the app's")
        #expect(app.pixel(390, 150) == (255, 0, 0), "right of the frame")
        #expect(app.pixel(200, 20) == (255, 0, 0), "above the frame")
        #expect(app.pixel(200, 150) != (255, 0, 0), "the map inside")
        #expect(app.pixel(101, 51) != (255, 0, 0))
        // The app's viewport and clip are as it left them.
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(app.renderer, &viewport)
        #expect(viewport.w == 400 && viewport.h == 300 && SDL_RenderIsClipEnabled(app.renderer) == SDL_FALSE)
    }

    @Test func eventsOverTheMapAreUsedAndOthersAreTheApps() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: frame)
        view.draw(at: 0)
        let zoom = view.map.camera.zoom
        #expect(!view.handle(wheel(x: 50, y: 100), at: 0.1), "over the sidebar")
        #expect(view.map.camera.zoom == zoom)
        #expect(view.handle(wheel(x: 240, y: 150), at: 0.2))
        view.draw(at: 1)
        #expect(view.map.camera.zoom > zoom)
        // A press on the map drags it, and its release outside still belongs to it.
        let center = view.map.camera.center
        #expect(view.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 240, y: 150), at: 2))
        #expect(view.handle(mouse(SDL_MOUSEMOTION, x: 200, y: 150), at: 2.05))
        #expect(view.handle(mouse(SDL_MOUSEMOTION, x: 60, y: 150), at: 2.1), "captured while pressed")
        #expect(view.handle(mouse(SDL_MOUSEBUTTONUP, x: 60, y: 150), at: 2.15))
        #expect(view.map.camera.center != center)
        #expect(!view.handle(mouse(SDL_MOUSEMOTION, x: 60, y: 150), at: 2.2), "not captured after the release")
        // Keys go to the map while it has the keyboard; a click on the sidebar takes it away.
        #expect(view.isFocused)
        #expect(view.handle(key(SDLK_MINUS), at: 3))
        #expect(!view.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 50, y: 150), at: 4))
        #expect(!view.handle(mouse(SDL_MOUSEBUTTONUP, x: 50, y: 150), at: 4.05))
        #expect(!view.isFocused)
        #expect(!view.handle(key(SDLK_MINUS), at: 5))
    }

    @Test func pointsAndCoordinatesConvertInWindowUnits() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: frame)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        view.map.setCamera(Camera(center: paris, zoom: 5, viewportSize: .zero), animated: false)
        let point = view.point(for: paris)
        #expect(abs(point.x - frame.midX) < 1e-6 && abs(point.y - frame.midY) < 1e-6)
        let back = view.coordinate(at: point)
        #expect(abs(back.latitude - paris.latitude) < 1e-9 && abs(back.longitude - paris.longitude) < 1e-9)
    }

    @Test func resizingTheFrameResizesTheMap() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: frame)
        view.draw(at: 0)
        view.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(view.map.camera.viewportSize == Size(width: 400, height: 300))
        #expect(view.needsDisplay)
        app.drawSidebar()
        view.draw(at: 1)
        #expect(app.pixel(50, 150) != (255, 0, 0))
    }

    func finger(_ type: SDL_EventType, x: Float, y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = 7
        event.tfinger.fingerId = 1
        // Fingers come as fractions of the window: the software target stands in at 400x300.
        event.tfinger.x = x / 400
        event.tfinger.y = y / 300
        return event
    }

    @Test func aFingerOnTheMapPansItAndOneOnTheSidebarIsTheApps() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: Rect(x: 0, y: 0, width: 400, height: 300))
        view.frame = frame  // as an app lays out after making it
        view.draw(at: 0)
        #expect(!view.handle(finger(SDL_FINGERDOWN, x: 50, y: 150), at: 0.1), "on the sidebar")
        #expect(!view.handle(finger(SDL_FINGERUP, x: 50, y: 150), at: 0.15))
        let center = view.map.camera.center
        #expect(view.handle(finger(SDL_FINGERDOWN, x: 240, y: 150), at: 1))
        #expect(view.handle(finger(SDL_FINGERMOTION, x: 200, y: 150), at: 1.05))
        #expect(view.handle(finger(SDL_FINGERMOTION, x: 160, y: 140), at: 1.1))
        // Dragged 80 points left: the map's centre moved 80 pixels east (the world is 512 wide at zoom 1).
        let moved = WebMercator.shortWay(view.map.camera.center.x - center.x) * view.map.camera.worldSize
        #expect(abs(moved - 80) < 1, "moved \(moved)")
        #expect(view.handle(finger(SDL_FINGERUP, x: 160, y: 140), at: 1.15))
    }
}

extension MapViewEmbeddingTests {
    /// Without a compositor (Xfce, i3, a VNC session) an uncovered or moved
    /// window has lost its pixels: the map draws again though nothing of its own changed.
    @Test func anUncoveredOrMovedWindowIsDrawnAgain() throws {
        let app = try App()
        let view = try MapView(renderer: app.renderer, frame: frame)
        for kind in [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED] {
            // At rest: drawn until nothing of its own is left to come (on a loaded machine a tile may still be on its way).
            var frames = 0
            repeat {
                try view.drawWhenLoaded(at: 0)
                frames += 1
                if view.needsDisplay { Thread.sleep(forTimeInterval: 0.05) }
            } while view.needsDisplay && frames < 100
            try #require(!view.needsDisplay, "the map at rest")
            var event = SDL_Event()
            event.type = SDL_WINDOWEVENT.rawValue
            event.window.event = UInt8(kind.rawValue)
            #expect(!view.handle(event, at: 0.5), "the event is the app's too")
            #expect(view.needsDisplay, "\(kind) asks for a frame")
        }
    }
}
