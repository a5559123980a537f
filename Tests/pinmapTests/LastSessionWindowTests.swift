import Foundation
import Testing

/// The window remembers where it was and what it opened: closed after
/// zooming in on a file, a window opened with no flags returns to that view
/// and lists the file among the recent ones (the F1 card), which Ctrl+1
/// opens again; nothing given on a command line sticks. (`make test`
/// installs xvfb and xdotool.)
@Suite(.serialized) struct LastSessionWindowTests {
    let cli = PinmapCLITests()

    func camera(_ dump: URL) throws -> (center: [Double], zoom: Double) {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any]
        let camera = try #require(object?["camera"] as? [String: Any])
        return (try #require(camera["center"] as? [Double]), try #require(camera["zoom"] as? Double))
    }

    @Test func aWindowOpenedWithoutFlagsReturnsToTheViewAndOffersTheFileAsRecent() throws {
        let dir = try cli.temporaryFolder()
        let home = dir.appendingPathComponent("home")
        let walk = dir.appendingPathComponent("walk.gpx")
        try Data(OpenFileWindowTests.walk.utf8).write(to: walk)
        do {
            let first = try XvfbWindow(arguments: [walk.path, "--center", "43.74,7.43", "--zoom", "12", "--size", "640x400"],
                                       dataHome: home)
            try first.key("plus")
            Thread.sleep(forTimeInterval: 1)  // the zoom glides in
            try first.quit()
        }
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: home.appendingPathComponent("state/pinmap/last-session.json")))
            as? [String: Any]
        #expect(kept?["recent"] as? [String] == [walk.standardizedFileURL.path], "\(String(describing: kept))")
        let dump = dir.appendingPathComponent("scene.json"), opened = dir.appendingPathComponent("opened.json")
        do {
            let second = try XvfbWindow(arguments: ["--size", "640x400", "--dump-scene", dump.path], dataHome: home)
            #expect(try second.title() == "pinmap", "the track is not opened again by itself")
            try second.quit()
        }
        let (center, zoom) = try camera(dump)
        #expect(abs(center[0] - 43.74) < 1e-3 && abs(center[1] - 7.43) < 1e-3, "\(center)")
        #expect(abs(zoom - 13) < 1e-6, "where the first window was left: \(zoom)")
        #expect(!String(decoding: try Data(contentsOf: dump), as: UTF8.self).contains(#""coordinate":[43.7384,7.4246]"#))
        do {
            let third = try XvfbWindow(arguments: ["--size", "640x400", "--dump-scene", opened.path], dataHome: home)
            try third.key("ctrl+1")
            Thread.sleep(forTimeInterval: 1.5)
            #expect(try third.title() == "walk.gpx — pinmap", "Ctrl+1 opened the most recent file")
            try third.key("ctrl+w")
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try third.title() == "pinmap", "Ctrl+W closed it again")
            try third.key("ctrl+1")
            Thread.sleep(forTimeInterval: 1.5)
            try third.quit()
        }
        #expect(String(decoding: try Data(contentsOf: opened), as: UTF8.self).contains(#""coordinate":[43.7384,7.4246]"#),
                "the track's waypoint is shown")
    }

    /// After a session over Zürich, a track in Monaco given on the command
    /// line opens fitted on screen, not at the last view on another place.
    @Test func aFileGivenNowIsShownWhereItIsWhateverTheLastSessionWas() throws {
        let dir = try cli.temporaryFolder()
        let home = dir.appendingPathComponent("home")
        let state = home.appendingPathComponent("state/pinmap/last-session.json")
        try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"latitude": 47.37, "longitude": 8.54, "zoom": 12, "heading": 30, "pitch": 20, "files": []}"#.utf8).write(to: state)
        let walk = dir.appendingPathComponent("walk.gpx")
        try Data(OpenFileWindowTests.walk.utf8).write(to: walk)
        let dump = dir.appendingPathComponent("scene.json")
        do {
            let window = try XvfbWindow(arguments: [walk.path, "--size", "640x400", "--dump-scene", dump.path], dataHome: home)
            try window.quit()
        }
        let (center, zoom) = try camera(dump)
        #expect(abs(center[0] - 43.738) < 0.01 && abs(center[1] - 7.425) < 0.01, "on the track in Monaco, not Zürich: \(center)")
        #expect(zoom > 12, "fitted to a walk of a few hundred metres: \(zoom)")
        // A plain start afterwards returns to the view the window was left at.
        do {
            let window = try XvfbWindow(arguments: ["--size", "640x400", "--dump-scene", dump.path], dataHome: home)
            try window.quit()
        }
        #expect(abs(try camera(dump).center[0] - center[0]) < 1e-3, "the plain start restores the last view")
    }

    /// `--language` holds for its run: the next plain start is not in that language.
    @Test func aLanguageGivenOnceIsNotKeptForTheNextStart() throws {
        let dir = try cli.temporaryFolder()
        let home = dir.appendingPathComponent("home")
        do {
            let window = try XvfbWindow(arguments: ["--language", "ja", "--center", "35.68,139.69", "--zoom", "5", "--size", "320x240"],
                                        dataHome: home)
            try window.quit()
        }
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: home.appendingPathComponent("state/pinmap/last-session.json")))
            as? [String: Any]
        #expect(kept?["latitude"] != nil, "the view is kept: \(String(describing: kept))")
        #expect(kept?["language"] == nil, "the language is not: \(String(describing: kept))")
    }

    @Test func aSessionFileThatCannotBeReadIsPassedOverAndWrittenAnew() throws {
        let dir = try cli.temporaryFolder()
        let home = dir.appendingPathComponent("home")
        let file = home.appendingPathComponent("state/pinmap/last-session.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"latitude": 1e999, "zoom": "deep"}"#.utf8).write(to: file)
        do {
            let window = try XvfbWindow(arguments: ["--center", "10,20", "--zoom", "4", "--size", "320x240"], dataHome: home)
            try window.quit()
        }
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let latitude = try #require(session?["latitude"] as? Double)
        #expect(abs(latitude - 10) < 1e-9 && session?["zoom"] as? Double == 4, "\(String(describing: session))")
    }
}
