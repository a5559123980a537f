// A program as an app writes one: MapWindow.run() from its main code, with
// work on the main queue, a Timer and a main-actor task, each printing a
// line when it runs, and a file dropped on the window (an SDL_DROPFILE event,
// as a file manager's drop makes). With --async, `await runAsync()` (an async main; Swift keeps
// Timers out of async code, so no timer then). MapWindowLoopTests runs it on Xvfb.
import CSDL2
import Foundation
import MapEngine
import MapKitLayer
import MapSDL

var options = MapOptions()
options.size = Size(width: 320, height: 240)
let window = try MapWindow(options: options, title: "loop check")
let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris")
var ran: Set<String> = []
@MainActor func note(_ line: String) {
    ran.insert(line)
    print(line)
}

DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
    MainActor.assumeIsolated {
        note("asyncAfter")
        window.map.addAnnotation(paris)
    }
}
let async = CommandLine.arguments.contains("--async")
func scheduleTimer() {
    _ = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in
        MainActor.assumeIsolated { note("timer") }
    }
}
if !async { scheduleTimer() }
Task { @MainActor in
    try? await Task.sleep(nanoseconds: 100_000_000)
    note("task")
}
DispatchQueue.global().async {
    DispatchQueue.main.async { MainActor.assumeIsolated { note("from another thread") } }
}
window.onDropFile = { _, path in note("dropped \(path)") }
DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
    var event = SDL_Event()
    event.type = SDL_DROPFILE.rawValue
    event.drop.file = SDL_strdup("/tmp/dropped walk.gpx")  // the window frees it, as SDL's own drops
    SDL_PushEvent(&event)
}
var passes = 0
window.onFrame = { window, time in
    passes += 1
    if ran.count == (async ? 4 : 5) || passes > 3000 { window.stop() }
}
/// The blocking loop, from synchronous code (this file's top level is async, for the other).
@MainActor func runBlocking() { window.run() }
if async { await window.runAsync() } else { runBlocking() }
if window.map.contains(paris) { print("annotation on the map") }
print("stopped")
