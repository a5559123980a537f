import CSDL2
import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Real SDL finger events, with the mouse events SDL makes from them (and
/// the touches it makes from the mouse), pushed through SDL's queue and the
/// event translator into a map: each gesture must happen once.
@Suite(.serialized) @MainActor struct FingerEventTests {
    static let size = Size(width: 400, height: 300)
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    init() throws {
        #expect(SDL_InitSubSystem(UInt32(SDL_INIT_EVENTS)) == 0)
        SDL_FlushEvents(UInt32(SDL_FIRSTEVENT.rawValue), UInt32(SDL_LASTEVENT.rawValue))
    }

    func makeRun() throws -> HeadlessRun {
        try TestMaps.run(center: Coordinate(latitude: 48, longitude: 2), zoom: 4, size: Self.size,
                         pins: TestMaps.pins([("paris", Self.paris.latitude, Self.paris.longitude, "")]))
    }

    /// A finger event and the mouse event SDL adds for it, in SDL's order:
    /// SDL_SendTouch and SDL_SendTouchMotion post the mouse event first.
    func finger(_ type: SDL_EventType, id: SDL_FingerID, _ p: Point, synthesiseMouse: Bool = true) -> [SDL_Event] {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = 1
        event.tfinger.fingerId = id
        event.tfinger.x = Float(p.x / Self.size.width)
        event.tfinger.y = Float(p.y / Self.size.height)
        guard synthesiseMouse else { return [event] }
        var mouse = SDL_Event()
        switch type {
        case SDL_FINGERMOTION:
            mouse.type = SDL_MOUSEMOTION.rawValue
            mouse.motion.which = UInt32.max  // SDL_TOUCH_MOUSEID
            mouse.motion.x = Int32(p.x)
            mouse.motion.y = Int32(p.y)
        default:
            mouse.type = (type == SDL_FINGERDOWN ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            mouse.button.which = UInt32.max
            mouse.button.button = UInt8(SDL_BUTTON_LEFT)
            mouse.button.x = Int32(p.x)
            mouse.button.y = Int32(p.y)
        }
        return [mouse, event]
    }

    /// A real mouse button event and the touch SDL may add for it (touchId
    /// -1, with SDL_HINT_MOUSE_TOUCH_EVENTS), the touch first as SDL sends it.
    func click(_ type: SDL_EventType, _ p: Point) -> [SDL_Event] {
        var mouse = SDL_Event()
        mouse.type = type.rawValue
        mouse.button.which = 0
        mouse.button.button = UInt8(SDL_BUTTON_LEFT)
        mouse.button.x = Int32(p.x)
        mouse.button.y = Int32(p.y)
        var touch = SDL_Event()
        touch.type = (type == SDL_MOUSEBUTTONDOWN ? SDL_FINGERDOWN : SDL_FINGERUP).rawValue
        touch.tfinger.touchId = -1  // SDL_MOUSE_TOUCHID
        touch.tfinger.x = Float(p.x / Self.size.width)
        touch.tfinger.y = Float(p.y / Self.size.height)
        return [touch, mouse]
    }

    /// Pushes the events through SDL's queue at virtual time `t`, then
    /// hands whatever SDL gives back to the translator and the map.
    func deliver(_ events: [SDL_Event], to run: HeadlessRun, at t: Double, translator: inout EventTranslator) {
        run.advance(to: t)
        for var event in events { #expect(SDL_PushEvent(&event) == 1) }
        var out = SDL_Event()
        while SDL_PollEvent(&out) == 1 {
            for input in translator.translate(out) { run.send(input) }
        }
    }

    @Test func oneTapIsOneTapAndTwoAreADoubleTap() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        let p = Point(x: 300, y: 250)
        deliver(finger(SDL_FINGERDOWN, id: 10, p), to: run, at: 0.1, translator: &translator)
        deliver(finger(SDL_FINGERUP, id: 10, p), to: run, at: 0.15, translator: &translator)
        run.advance(to: 1)
        // A finger acting twice would have made this a double tap.
        #expect(run.session.map.camera.zoom == 4)
        deliver(finger(SDL_FINGERDOWN, id: 11, p), to: run, at: 1.0, translator: &translator)
        deliver(finger(SDL_FINGERUP, id: 11, p), to: run, at: 1.05, translator: &translator)
        deliver(finger(SDL_FINGERDOWN, id: 12, p), to: run, at: 1.2, translator: &translator)
        deliver(finger(SDL_FINGERUP, id: 12, p), to: run, at: 1.25, translator: &translator)
        run.advance(to: 2)
        #expect(abs(run.session.map.camera.zoom - 5) < 1e-9)
    }

    @Test func aPanMovesTheMapWithTheFingerOnce() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        let start = Point(x: 100, y: 200)
        let world = run.session.map.camera.worldPoint(at: start)
        deliver(finger(SDL_FINGERDOWN, id: 3, start), to: run, at: 0.1, translator: &translator)
        for step in 1...10 {
            // Slow enough (0.1 s apart at the end) that lifting does not fling.
            deliver(finger(SDL_FINGERMOTION, id: 3, start + Point(x: Double(step) * 10, y: 0)), to: run,
                    at: 0.1 + Double(step) * 0.05, translator: &translator)
        }
        deliver(finger(SDL_FINGERUP, id: 3, start + Point(x: 100, y: 0)), to: run, at: 0.8, translator: &translator)
        run.advance(to: 2)
        let shown = run.session.map.camera.screenPoint(forWorld: world)
        #expect(abs(shown.x - 200) < 0.5 && abs(shown.y - 200) < 0.5, "\(shown)")
    }

    @Test func aPinchOfTwoRealFingersZoomsOneLevel() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        // SDL makes mouse events only for the first finger.
        deliver(finger(SDL_FINGERDOWN, id: 1, Point(x: 150, y: 150)), to: run, at: 0.1, translator: &translator)
        deliver(finger(SDL_FINGERDOWN, id: 2, Point(x: 250, y: 150), synthesiseMouse: false), to: run, at: 0.12,
                translator: &translator)
        deliver(finger(SDL_FINGERMOTION, id: 1, Point(x: 100, y: 150)), to: run, at: 0.2, translator: &translator)
        deliver(finger(SDL_FINGERMOTION, id: 2, Point(x: 300, y: 150), synthesiseMouse: false), to: run, at: 0.2,
                translator: &translator)
        #expect(abs(run.session.map.camera.zoom - 5) < 1e-6)
        deliver(finger(SDL_FINGERUP, id: 2, Point(x: 300, y: 150), synthesiseMouse: false), to: run, at: 0.3,
                translator: &translator)
        deliver(finger(SDL_FINGERUP, id: 1, Point(x: 100, y: 150)), to: run, at: 0.32, translator: &translator)
        run.advance(to: 1)
        #expect(abs(run.session.map.camera.zoom - 5) < 1e-6)
        #expect(run.session.map.annotationSummaries().allSatisfy { !$0.selected })
    }

    @Test func aLongPressLiftsThePinAndAFlingCoasts() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        let head = run.session.map.convert(Self.paris) + Point(x: 0, y: -24)
        deliver(finger(SDL_FINGERDOWN, id: 4, head), to: run, at: 0.1, translator: &translator)
        run.advance(to: 0.7)
        // Had the mouse events SDL made been taken, this would be a mouse press: no lift.
        #expect(run.session.map.isDragging)
        deliver(finger(SDL_FINGERUP, id: 4, head), to: run, at: 0.8, translator: &translator)
        run.advance(to: 1.5)
        // A quick swipe on the map flings it: it moves on after the finger lifts.
        let start = Point(x: 100, y: 250)
        deliver(finger(SDL_FINGERDOWN, id: 5, start), to: run, at: 1.5, translator: &translator)
        for step in 1...6 {
            deliver(finger(SDL_FINGERMOTION, id: 5, start + Point(x: Double(step) * 20, y: 0)), to: run,
                    at: 1.5 + Double(step) / 60, translator: &translator)
        }
        deliver(finger(SDL_FINGERUP, id: 5, start + Point(x: 120, y: 0)), to: run, at: 1.6, translator: &translator)
        let lifted = run.session.map.camera.center
        run.advance(to: 2)
        #expect(run.session.map.camera.center.x < lifted.x - 1e-4, "the map coasts on to the east")
    }

    @Test func aTapOnAPinSelectsIt() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        let head = run.session.map.convert(Self.paris) + Point(x: 0, y: -24)
        deliver(finger(SDL_FINGERDOWN, id: 9, head), to: run, at: 0.1, translator: &translator)
        deliver(finger(SDL_FINGERUP, id: 9, head), to: run, at: 0.15, translator: &translator)
        #expect(run.session.map.annotationSummaries().map(\.selected) == [true])
    }

    @Test func aMouseDoubleClickWithTheTouchesSDLMakesZoomsOnce() throws {
        let run = try makeRun()
        var translator = EventTranslator(windowSize: Self.size)
        let p = Point(x: 300, y: 250)
        deliver(click(SDL_MOUSEBUTTONDOWN, p), to: run, at: 0.1, translator: &translator)
        deliver(click(SDL_MOUSEBUTTONUP, p), to: run, at: 0.15, translator: &translator)
        run.advance(to: 1)
        #expect(run.session.map.camera.zoom == 4)
        deliver(click(SDL_MOUSEBUTTONDOWN, p), to: run, at: 1.0, translator: &translator)
        deliver(click(SDL_MOUSEBUTTONUP, p), to: run, at: 1.05, translator: &translator)
        deliver(click(SDL_MOUSEBUTTONDOWN, p), to: run, at: 1.2, translator: &translator)
        deliver(click(SDL_MOUSEBUTTONUP, p), to: run, at: 1.25, translator: &translator)
        run.advance(to: 2)
        #expect(abs(run.session.map.camera.zoom - 5) < 1e-9)
        // A mouse held still on a pin is no long press: it does not lift.
        let head = run.session.map.convert(Self.paris) + Point(x: 0, y: -24)
        deliver(click(SDL_MOUSEBUTTONDOWN, head), to: run, at: 3, translator: &translator)
        run.advance(to: 3.8)
        #expect(!run.session.map.isDragging)
        deliver(click(SDL_MOUSEBUTTONUP, head), to: run, at: 3.9, translator: &translator)
        #expect(run.session.map.annotationSummaries().map(\.selected) == [true])
    }
}
