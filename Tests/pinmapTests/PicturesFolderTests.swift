import Foundation
import Testing
@testable import pinmap

/// Where Ctrl+E puts its files: the pictures folder of `user-dirs.dirs`,
/// else ~/Pictures, under a name that says when and never replaces a file.
@Suite struct PicturesFolderTests {
    let cli = PinmapCLITests()

    func folder(_ line: String?) throws -> String {
        let config = try cli.temporaryFolder()
        if let line { try Data((line + "\n").utf8).write(to: config.appendingPathComponent("user-dirs.dirs")) }
        return XDGFolder.pictures(["HOME": "/home/ana", "XDG_CONFIG_HOME": config.path]).path
    }

    @Test func theUserDirsFileNamesIt() throws {
        #expect(try folder(#"XDG_PICTURES_DIR="$HOME/Bilder""#) == "/home/ana/Bilder")
        #expect(try folder(#"XDG_PICTURES_DIR="/srv/photos""#) == "/srv/photos")
    }

    @Test func withoutOneOrWithAnUnusableOneItIsPictures() throws {
        #expect(try folder(nil) == "/home/ana/Pictures")
        #expect(try folder(#"XDG_PICTURES_DIR="$HOME/""#) == "/home/ana/Pictures")
        #expect(try folder(#"XDG_PICTURES_DIR="relative/path""#) == "/home/ana/Pictures")
    }

    @MainActor @Test func namesSayWhatAndWhenAndNeverReplaceAFile() throws {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2026, 12, 7, 14, 5, 9)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = try #require(calendar.date(from: parts))
        #expect(WindowExport.fileStem(title: "walk.gpx — pinmap", at: date) == "pinmap-walk.gpx-2026-12-07-14.05.09")
        #expect(WindowExport.fileStem(title: "pinmap", at: date) == "pinmap-2026-12-07-14.05.09")
        #expect(WindowExport.fileStem(title: "a/b — pinmap", at: date) == "pinmap-a-b-2026-12-07-14.05.09")
        let dir = try cli.temporaryFolder()
        try Data().write(to: dir.appendingPathComponent("x.png"))
        #expect(WindowExport.freeName(in: dir, stem: "x", format: .png).lastPathComponent == "x 2.png")
        #expect(WindowExport.freeName(in: dir, stem: "x", format: .pdf).lastPathComponent == "x.pdf")
    }
}
