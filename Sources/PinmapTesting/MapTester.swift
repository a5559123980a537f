import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import PinmapKit

/// A map drawn offscreen on a virtual clock, driven as a person would drive
/// it, for tests of maps and annotation views with Swift Testing or XCTest.
/// Every frame is the same pixels on every machine: the software renderer,
/// pinmap's fonts, and a clock that moves only when told.
///
///     @Test func theBusStopShowsItsCallout() throws {
///         let tester = try MapTester(size: Size(width: 400, height: 300),
///                                    center: Coordinate(latitude: 47.37, longitude: 8.54), zoom: 12,
///                                    delegate: StopViews())
///         tester.map.addAnnotation(stop)
///         try tester.tap(stop)
///         try tester.assertMatchesGolden(named: "bus-stop-callout")
///     }
///
/// Positions are points of the map's view, from its top left corner.
///
/// Maps may be tested in parallel: each tester's drawing takes turns with
/// the others' (SDL's font engine is shared by the process), while its
/// tiles load on their own threads.
@MainActor public final class MapTester {
    /// The map under test: add annotations and overlays, set the camera, select.
    public var map: MapController { run.session.map }
    /// The virtual clock, in seconds since the tester was made.
    public var time: Double { run.now }
    /// The delegate given at construction, kept as long as the tester.
    private let delegate: MapViewDelegate?
    private let run: HeadlessRun
    /// A frame at 60 per second: what one step of the clock is.
    public static let frameDuration = 1.0 / 60

    /// A map opened with `options` (their `size` is the picture's, in
    /// points, times their `displayScale`), with `delegate` from the start.
    public init(options: MapOptions, delegate: MapViewDelegate? = nil) throws(MapTesterError) {
        var options = options
        options.size = Size(width: options.size.width * options.displayScale,
                            height: options.size.height * options.displayScale)
        do {
            run = try MapTester.drawing { () throws(SDLError) -> HeadlessRun in try HeadlessRun(options: options) }
        } catch {
            throw .cannotOpen(error.description)
        }
        self.delegate = delegate
        if let delegate { run.session.map.delegate = delegate }
    }

    /// The embedded vector world, `size` points at `scale` pixels a point,
    /// looking at `center` from `zoom`, with no zoom buttons or scale bar
    /// (pictures of what you draw, not of pinmap's controls).
    public convenience init(size: Size = Size(width: 400, height: 300), scale: Double = 1,
                            center: Coordinate = Coordinate(latitude: 20, longitude: 0), zoom: Double = 1,
                            style: WorldStyle = .light, delegate: MapViewDelegate? = nil) throws(MapTesterError) {
        var options: MapOptions
        do {
            options = try MapOptions.world(style: style)
        } catch {
            throw .cannotOpen(error.description)
        }
        options.size = size
        options.displayScale = scale
        options.center = center
        options.zoom = zoom
        options.showsControls = false
        try self.init(options: options, delegate: delegate)
    }

    // MARK: The clock

    /// Moves the clock on by `seconds`, a frame every 60th of a second, so
    /// animations (a pin's bounce, a callout's pop, a glide) run as in a window.
    public func advance(by seconds: Double) {
        MapTester.drawing { run.advance(to: run.now + max(0, seconds)) }
    }

    /// Moves the clock on until nothing moves on its own (at most `limit`
    /// seconds), a frame at least: what an event started (a callout's pop)
    /// begins with the next frame.
    public func settle(limit: Double = 5) {
        let end = run.now + limit
        repeat { advance(by: MapTester.frameDuration) } while map.isAnimating && run.now < end
    }

    // MARK: A person's hands

    /// A click of the mouse (or, with `finger`, a tap) at a point, then the
    /// animations it starts played out.
    public func tap(at point: Point, finger: Bool = false) {
        let pixels = point * scale
        if finger {
            send(.pointer(PointerEvent(phase: .down, location: pixels, kind: .touch, id: 1)))
            advance(by: 0.05)
            send(.pointer(PointerEvent(phase: .up, location: pixels, kind: .touch, id: 1)))
        } else {
            send(.pointer(PointerEvent(phase: .down, location: pixels, button: .left)))
            advance(by: 0.05)
            send(.pointer(PointerEvent(phase: .up, location: pixels, button: .left)))
        }
        settle()
    }

    /// Taps the middle of an annotation's view (it opens its callout when it has one).
    public func tap(_ annotation: any Annotation) throws(MapTesterError) {
        tap(at: try centre(of: annotation))
    }

    /// Taps a control of the open callout: an accessory's identifier or a
    /// layout button's action.
    public func tapCalloutAccessory(_ action: String) throws(MapTesterError) {
        drawFrame()
        guard let frame = map.calloutControlFrames[action] else {
            throw .noCalloutControl(action, shown: map.calloutControlFrames.keys.sorted())
        }
        tap(at: Point(x: frame.midX, y: frame.midY))
    }

    /// Presses an annotation's view, carries it so that its coordinate comes
    /// to rest at `coordinate`, and lets go: its view lifts, follows and
    /// drops as under a mouse, and the delegate hears every drag state.
    /// Near an edge, where the map pans under a carried view, it follows the
    /// target; it lands within half a point of it or throws `missedTarget`.
    public func drag(_ annotation: any Annotation, to coordinate: Coordinate) throws(MapTesterError) {
        drawFrame()
        guard let view = map.view(for: annotation) else { throw .notOnScreen(MapTester.name(of: annotation)) }
        guard view.isDraggable else { throw .notDraggable(MapTester.name(of: annotation)) }
        let start = try centre(of: annotation) * scale
        let grab = start - map.convert(annotation.coordinate)
        // Pressed and moved past the click slop, the view lifts; once up, its
        // drop point (a pin's lifted tip) is known.
        send(.pointer(PointerEvent(phase: .down, location: start, button: .left)))
        // The lift waits with the pointer moved toward the target, out of the band along the
        // edges where a carried view pans the map (so the target does not pan away meanwhile).
        let toward = map.convert(coordinate) - map.convert(annotation.coordinate)
        let reach = min(max(toward.length, 8 * scale), 60 * scale)
        let nudge = toward.length > 1 ? start + toward * (reach / toward.length) : start + Point(x: 0, y: 8 * scale)
        advance(by: MapTester.frameDuration)
        send(.pointer(PointerEvent(phase: .move, location: nudge)))
        advance(by: 0.4)
        // The pointer keeps its grab; the view lands its drop point where the pointer's anchor is.
        // Near an edge the map pans under the pointer, so the target's place is found anew each
        // frame (as a person's eye follows it), and the pointer lets go where it is in that frame.
        // Never past the map's edge, where letting go cancels the drag.
        let viewport = map.camera.viewportSize
        func end() -> Point {
            let point = map.convert(coordinate) + grab - view.dropPointOffset * scale
            return Point(x: min(max(point.x, 0), viewport.width - 1), y: min(max(point.y, 0), viewport.height - 1))
        }
        let steps = 20
        for step in 1...steps {
            advance(by: MapTester.frameDuration)
            let t = Double(step) / Double(steps)
            send(.pointer(PointerEvent(phase: .move, location: nudge + (end() - nudge) * t)))
        }
        send(.pointer(PointerEvent(phase: .up, location: end(), button: .left)))
        settle()
        // Landed on the coordinate, or an error that says how far off.
        let off = (map.convert(annotation.coordinate) - map.convert(coordinate)).length / scale
        guard off <= 0.5 else { throw .missedTarget(MapTester.name(of: annotation), points: off) }
    }

    /// Two fingers pinch about `center`: apart to zoom in (`scale` above
    /// 1), together to zoom out, over a third of a second.
    public func pinch(at center: Point, scale factor: Double) {
        let c = center * scale, start = 60.0 * scale
        let steps = 20
        func fingers(_ phase: PointerEvent.Phase, _ half: Double) {
            send(.pointer(PointerEvent(phase: phase, location: c - Point(x: half, y: 0), kind: .touch, id: 1)))
            send(.pointer(PointerEvent(phase: phase, location: c + Point(x: half, y: 0), kind: .touch, id: 2)))
        }
        fingers(.down, start)
        for step in 1...steps {
            advance(by: MapTester.frameDuration)
            fingers(.move, start * pow(max(0.05, factor), Double(step) / Double(steps)))
        }
        fingers(.up, start * max(0.05, factor))
        settle()
    }

    /// Types text, as a keyboard or an input method does (the search field
    /// takes it while open).
    public func type(_ text: String) {
        send(.text(text))
    }

    /// Presses a key by its name ("escape", "return", "tab", "left", "z",
    /// "slash"…) with modifiers.
    public func press(_ key: String, modifiers: KeyModifiers = []) {
        send(.key(KeyPress(key, modifiers: modifiers.keyPress)))
        settle()
    }

    // MARK: Pictures

    /// The frame at the present time, once its tiles are in.
    package func image() throws(MapTesterError) -> Surface {
        do {
            return try MapTester.drawing { () throws(HeadlessError) -> Surface in try run.renderImage() }
        } catch {
            throw .cannotDraw(error.description)
        }
    }

    /// Compares the frame with the golden PNG `__Snapshots__/<test file>/<name>.png`
    /// beside the test file (see `GoldenImage`), throwing when they differ.
    public func assertMatchesGolden(named name: String, tolerance: GoldenImage.Tolerance = .init(),
                                    filePath: String = #filePath) throws {
        try GoldenImage(named: name, testFile: filePath).assertMatches(try image(), tolerance: tolerance)
    }

    // MARK: Helpers

    private var scale: Double { map.displayScale }

    private func send(_ input: InputEvent) {
        MapTester.drawing { _ = run.send(input) }
    }

    /// Builds the frame at the present time, so views and callouts are laid out.
    private func drawFrame() {
        MapTester.drawing { _ = run.session.frame(at: run.now) }
    }

    /// A point of the annotation's view that a press finds (points): the
    /// middle of its frame, else the nearest point of a grid over it that
    /// hits (a pin's needle is thin, its head round).
    private func centre(of annotation: any Annotation) throws(MapTesterError) -> Point {
        drawFrame()
        let screen = Rect(x: 0, y: 0, width: map.camera.viewportSize.width / scale,
                          height: map.camera.viewportSize.height / scale)
        guard let frame = map.frame(of: annotation) else { throw .notOnScreen(MapTester.name(of: annotation)) }
        guard frame.width > 0, frame.height > 0 else { throw .zeroSize(MapTester.name(of: annotation)) }
        let middle = Point(x: frame.midX, y: frame.midY)
        var candidates: [Point] = [middle]
        for row in 0...8 {
            for column in 0...8 {
                candidates.append(Point(x: frame.minX + frame.width * Double(column) / 8,
                                        y: frame.minY + frame.height * Double(row) / 8))
            }
        }
        candidates.sort { ($0 - middle).length < ($1 - middle).length }
        guard let hit = candidates.first(where: { screen.contains($0) && map.annotation(at: $0) === annotation }) else {
            throw .notOnScreen(MapTester.name(of: annotation))
        }
        return hit
    }

    private static func name(of annotation: any Annotation) -> String {
        annotation.title.flatMap { $0 } ?? annotation.identifier ?? "\(Swift.type(of: annotation))"
    }

    /// Serialises the SDL work of every tester (and snapshotter) in the process.
    private static func drawing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try OffscreenDrawing.serially(body)
    }
}

/// Why a tester could not do what a test asked.
///
///     do { try tester.tap(cafe) } catch { print(error) }   // "Odeon: its view is not on screen"
public enum MapTesterError: Error, CustomStringConvertible, Equatable {
    /// The map could not be opened (its tiles, fonts or style).
    case cannotOpen(String)
    /// The frame could not be drawn.
    case cannotDraw(String)
    /// The annotation has no view on screen to press.
    case notOnScreen(String)
    /// The annotation's view has zero size (it set none and drew nothing): nothing to press.
    case zeroSize(String)
    /// The annotation's view is not draggable (`isDraggable`).
    case notDraggable(String)
    /// No open callout has this control; the ones shown are listed.
    case noCalloutControl(String, shown: [String])
    /// A drag let go of the annotation this many points from where it was asked to land.
    case missedTarget(String, points: Double)

    /// The problem in words.
    public var description: String {
        switch self {
        case .cannotOpen(let reason): return "the map cannot be opened: \(reason)"
        case .cannotDraw(let reason): return "the frame cannot be drawn: \(reason)"
        case .notOnScreen(let name): return "\(name): its view is not on screen (off the map, or in a cluster)"
        case .notDraggable(let name): return "\(name): its view is not draggable (set isDraggable)"
        case .zeroSize(let name): return "\(name): its view has zero size: set its size, or draw something in draw(into:at:)"
        case .missedTarget(let name, let points):
            return "\(name): the drag let go of it \((points * 10).rounded() / 10) points from the coordinate asked for"
        case .noCalloutControl(let action, let shown):
            return shown.isEmpty ? "no callout is open to tap \(action) in"
                : "the open callout has no control \(action); it has \(shown.joined(separator: ", "))"
        }
    }
}
