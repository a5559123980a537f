import Foundation
import MapEngine
import MapKitLayer
import MapSDL
import Testing

/// Touch gestures replayed from scripts, rendered headless with a grey disc
/// under each finger, and compared with goldens.
@Suite(.serialized) @MainActor struct TouchGoldenTests {
    let suite = "TouchGoldenTests"
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    /// A 240 x 200 view at zoom 6 with a red pin on Paris, fingers shown.
    func run() throws -> HeadlessRun {
        var options = try TestMaps.options(center: Coordinate(latitude: 48.9, longitude: 2.6), zoom: 6,
                                           size: Size(width: 240, height: 200),
                                           pins: TestMaps.pins([("paris", Self.paris.latitude, Self.paris.longitude,
                                                                 #""marker-color":"red""#)]))
        options.showsTouches = true
        return try HeadlessRun(options: options)
    }

    func play(_ run: HeadlessRun, _ events: String) throws {
        let json = "{\"events\":[" + events + "]}"
        try run.play(Script.parse(Data(json.utf8), file: "touch.json"))
    }

    @Test func midPinch() throws {
        let run = try run()
        // Two fingers 60 px apart spread to 120 px while sliding 20 px down.
        try play(run, """
            {"at":0.1,"type":"touch-down","finger":1,"x":90,"y":80},
            {"at":0.12,"type":"touch-down","finger":2,"x":150,"y":80},
            {"at":0.2,"type":"touch-move","finger":1,"x":75,"y":90},
            {"at":0.2,"type":"touch-move","finger":2,"x":165,"y":90},
            {"at":0.3,"type":"touch-move","finger":1,"x":60,"y":100},
            {"at":0.3,"type":"touch-move","finger":2,"x":180,"y":100}
            """)
        #expect(abs(run.session.map.camera.zoom - 7) < 1e-9)
        assertGolden(try run.renderImage(), named: "mid-pinch", suite: suite)
    }

    @Test func aLongPressLiftsThePinAboveTheFingerAndDropsIt() throws {
        let run = try run()
        let head = run.session.map.convert(Self.paris) + Point(x: 0, y: -24)
        let finger = head + Point(x: 40, y: 50)
        try play(run, """
            {"at":0.1,"type":"touch-down","finger":5,"x":\(head.x),"y":\(head.y)},
            {"at":0.9,"type":"touch-move","finger":5,"x":\(head.x + 20),"y":\(head.y + 25)},
            {"at":1.0,"type":"touch-move","finger":5,"x":\(finger.x),"y":\(finger.y)}
            """)
        #expect(run.session.map.isDragging)
        // The coordinate rides 30 px above the finger, the lifted pin higher still.
        let carried = run.session.map.convert(run.session.map.draggedCoordinate ?? run.session.pins[0].coordinate)
        #expect(abs(carried.x - finger.x) < 1e-6 && abs(carried.y - (finger.y - 30)) < 1e-6)
        assertGolden(try run.renderImage(), named: "lifted-above-finger", suite: suite)
        try play(run, #"{"at":1.1,"type":"touch-up","finger":5,"x":\#(finger.x),"y":\#(finger.y)},{"at":1.6,"type":"quit"}"#)
        // Dropped at the lifted tip: 30 + 39 px above where the finger lifted.
        let dropped = run.session.map.convert(run.session.pins[0].coordinate)
        #expect(abs(dropped.x - finger.x) < 1e-6 && abs(dropped.y - (finger.y - 69)) < 1e-6)
        assertGolden(try run.renderImage(), named: "after-drop", suite: suite)
    }
}
