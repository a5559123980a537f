// The app's own window and loop: SDL is the app's, the map one part of it.
import CSDL2
import Foundation
import StopsApp

guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
    FileHandle.standardError.write(Data("stops-app: SDL: \(String(cString: SDL_GetError()))\n".utf8))
    exit(1)
}
let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
guard let window = SDL_CreateWindow("Stops", centered, centered, 960, 600, SDL_WINDOW_RESIZABLE.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, 0) else {
    FileHandle.standardError.write(Data("stops-app: no window: \(String(cString: SDL_GetError()))\n".utf8))
    exit(1)
}
let app = try StopsApp(renderer: renderer, size: .init(width: 960, height: 600))
let start = SDL_GetTicks64()
func seconds() -> Double { Double(SDL_GetTicks64() - start) / 1000 }

var event = SDL_Event()
var running = true
while running {
    // Sleep until an event when nothing moves; otherwise take what came and draw.
    if !app.needsDisplay, SDL_WaitEventTimeout(&event, 100) == 1 {
        if event.type == SDL_QUIT.rawValue { break }
        app.handle(event, at: seconds())
    }
    while SDL_PollEvent(&event) == 1 {
        if event.type == SDL_QUIT.rawValue { running = false }
        if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
            app.resize(to: .init(width: Double(event.window.data1), height: Double(event.window.data2)))
        }
        app.handle(event, at: seconds())
    }
    if app.mapView.quitRequested { break }
    if app.needsDisplay {
        try app.draw(at: seconds())
        SDL_RenderPresent(renderer)
    } else {
        SDL_Delay(1)
    }
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
