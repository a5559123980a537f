import Foundation
import Testing

/// The real window under Xvfb, driven with xdotool as a person's mouse: a
/// pin carried out of the window and let go there goes home unsaved; one
/// let go inside is saved. (`make test` installs xvfb and xdotool.)
@Suite(.serialized) struct WindowDragTests {
    let cli = PinmapCLITests()

    /// Opens pinmap on `pins` centred on the pin, carries it from its head
    /// along `path` (window pixels), lets go, quits; the file afterwards.
    func drag(along path: [(Int, Int)], pins: URL) throws -> String {
        let window = try XvfbWindow(arguments: ["--pins", pins.path, "--center", "48.8566,2.3522", "--zoom", "5",
                                                "--size", "800x600"])
        #expect(try window.title() == "\(pins.lastPathComponent) — pinmap", "the title names what is open")
        // In UTF-8 where window managers read it: the dash is not "â€”" in the title bar.
        #expect(try window.netWMName() == "_NET_WM_NAME(UTF8_STRING) = \"\(pins.lastPathComponent) — pinmap\"\n")
        // The pin's tip is at the window's centre, its head 24 px above.
        try window.press(at: (400, 276))
        for point in path {
            try window.moveMouse(to: point)
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)
        try window.release()
        Thread.sleep(forTimeInterval: 1)
        try window.moveMouse(to: (400, 300))
        try window.quit()
        return try String(contentsOf: pins, encoding: .utf8)
    }

    static let pinsText = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}, "properties": {"title": "Paris"}}
    ]}

    """

    @Test func aPinLetGoOutsideTheWindowGoesHomeUnsaved() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(WindowDragTests.pinsText.utf8).write(to: pins)
        // Down through the bottom edge and 200 px past it, where auto-pan
        // would have run to the pole before.
        let after = try drag(along: [(400, 290), (400, 320), (400, 400), (400, 500), (400, 600), (400, 700), (400, 800)],
                             pins: pins)
        #expect(after == WindowDragTests.pinsText)
        #expect(!FileManager.default.fileExists(atPath: pins.path + ".bak"), "nothing was saved")
    }

    @Test func aPinLetGoInsideTheWindowIsSaved() throws {
        let dir = try cli.temporaryFolder()
        let pins = dir.appendingPathComponent("pins.geojson")
        try Data(WindowDragTests.pinsText.utf8).write(to: pins)
        let after = try drag(along: [(410, 280), (450, 300), (500, 330)], pins: pins)
        #expect(after != WindowDragTests.pinsText && after.contains("\"paris\""))
    }
}

/// Without --pins a window keeps the pins dropped on it in the user's own
/// file (`$XDG_DATA_HOME/pinmap/pins.geojson`): nothing is lost at quit,
/// and they are there the next time.
@Suite(.serialized) struct UserPinsWindowTests {
    @Test func aPinDroppedWithoutAPinsFileIsKeptForNextTime() throws {
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-own-pins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let file = dataHome.appendingPathComponent("pinmap/pins.geojson")
        let arguments = ["--center", "48.8566,2.3522", "--zoom", "5", "--size", "800x600"]
        var before = 0
        do {  // one display at a time: this window closes before the next opens
            let first = try XvfbWindow(arguments: arguments, dataHome: dataHome)
            let seeded = try String(contentsOf: file, encoding: .utf8)
            #expect(seeded.contains("Royal Observatory"), "made on first use, with the demo pins")
            before = seeded.components(separatedBy: "\"Feature\"").count
            try first.dropPinThroughMenu()
            try first.quit()
        }
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.components(separatedBy: "\"Feature\"").count == before + 1, "the dropped pin was saved:\n\(after)")
        // Next time the same file is read, pin and all: a second window leaves it as it was.
        do {
            let second = try XvfbWindow(arguments: arguments, dataHome: dataHome)
            try second.quit()
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == after)
    }
}
