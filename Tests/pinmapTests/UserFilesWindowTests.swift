import Foundation
import Testing

/// The user's own files are never replaced and never keep the window from
/// opening: a pins file that is a dangling link (a drive not mounted), a
/// folder or a FIFO in its place, or read-only, is left as it is, and the
/// window opens saying so; a session file that names what cannot be opened
/// is passed over with a warning. (`make test` installs xvfb and xdotool.)
@Suite(.serialized) struct UserFilesWindowTests {
    let cli = PinmapCLITests()
    static let arguments = ["--center", "48.8566,2.3522", "--zoom", "5", "--size", "800x600"]

    /// Opens a window on `dataHome`, drops a pin through the map's menu, and quits.
    func dropAPin(dataHome: URL) throws {
        let window = try XvfbWindow(arguments: Self.arguments, dataHome: dataHome)
        try window.dropPinThroughMenu()
        try window.quit()
    }

    @Test func aPinsFileThatIsALinkToNothingStaysALink() throws {
        let dataHome = try cli.temporaryFolder()
        let file = dataHome.appendingPathComponent("pinmap/pins.geojson")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let drive = dataHome.appendingPathComponent("unmounted/drive/pins.geojson")
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: drive.path)
        try dropAPin(dataHome: dataHome)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == drive.path, "the link is as it was")
        #expect(!FileManager.default.fileExists(atPath: drive.path), "nothing was made where the link leads")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["pins.geojson"])
        // Once the drive is back, the pins there are the ones shown, and drops go there.
        try FileManager.default.createDirectory(at: drive.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"type": "FeatureCollection", "features": []}"#.utf8).write(to: drive)
        try dropAPin(dataHome: dataHome)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == drive.path, "still a link")
        #expect(try String(contentsOf: drive, encoding: .utf8).contains("\"Point\""), "the pin went through the link")
    }

    @Test func aReadOnlyPinsFileIsShownAndNotRewritten() throws {
        let dataHome = try cli.temporaryFolder()
        let file = dataHome.appendingPathComponent("pinmap/pins.geojson")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "Kept"}, "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}}]}"#
        try Data(text.utf8).write(to: file)
        chmod(file.path, 0o444)
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int)
        try dropAPin(dataHome: dataHome)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode, "not replaced by rename")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".bak"))
    }

    @Test func aFolderInThePinsFilesPlaceIsLeftAlone() throws {
        let dataHome = try cli.temporaryFolder()
        let file = dataHome.appendingPathComponent("pinmap/pins.geojson")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        try dropAPin(dataHome: dataHome)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aSessionNamingAFIFOADeviceAndABadLanguageIsPassedOver() throws {
        let dataHome = try cli.temporaryFolder()
        let state = dataHome.appendingPathComponent("state/pinmap")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let fifo = dataHome.appendingPathComponent("style.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let session = #"{"latitude": 10, "longitude": 20, "zoom": 4, "heading": 0, "pitch": 0, "style": "\#(fifo.path)", "#
            + #""files": ["/dev/zero"], "language": "../../etc"}"#
        try Data(session.utf8).write(to: state.appendingPathComponent("last-session.json"))
        do {
            // The window opens (the helper waits for its first frame), on the session's view.
            let window = try XvfbWindow(arguments: ["--size", "320x240"], dataHome: dataHome)
            try window.quit()
        }
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: state.appendingPathComponent("last-session.json"))) as? [String: Any]
        #expect(kept?["files"] == nil && (kept?["recent"] as? [String] ?? []).isEmpty, "\(String(describing: kept))")
        #expect(kept?["language"] == nil && kept?["style"] == nil, "\(String(describing: kept))")
    }
}
