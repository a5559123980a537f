import Foundation
import MapSDL
import Testing

/// Ctrl+E and Ctrl+Shift+E in the real window under Xvfb write the view to
/// the pictures folder `user-dirs.dirs` names, as a PNG the window's size
/// and a PDF with its labels as text, and say where on the map.
@Suite(.serialized) struct ExportWindowTests {
    let cli = PinmapCLITests()

    @Test func ctrlEWritesAPNGAndCtrlShiftEAPDFToThePicturesFolder() throws {
        let home = try cli.temporaryFolder()
        let config = home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(to: config.appendingPathComponent("user-dirs.dirs"))
        let window = try XvfbWindow(arguments: ["--no-pins", "--center", "-33.9,18.4", "--zoom", "9", "--size", "640x400"],
                                    environment: ["HOME": home.path, "XDG_CONFIG_HOME": config.path])
        try window.key("ctrl+e")
        Thread.sleep(forTimeInterval: 1.5)
        try window.key("ctrl+shift+e")
        Thread.sleep(forTimeInterval: 3)
        try window.quit()
        let folder = home.appendingPathComponent("Bilder")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let png = try #require(names.first { $0.hasSuffix(".png") }, "\(names)")
        let pdf = try #require(names.first { $0.hasSuffix(".pdf") }, "\(names)")
        #expect(png.hasPrefix("pinmap-") && pdf.hasPrefix("pinmap-"))
        let picture = try Surface.load(path: folder.appendingPathComponent(png).path)
        #expect(picture.width == 640 && picture.height == 400)
        let text = try ExportCLITests.run("pdftotext", [folder.appendingPathComponent(pdf).path, "-"])
        #expect(text.contains("Cape Town"), "\(text.prefix(200))")
        #expect(!text.contains("Exported the view"), "the notice of the first export is not part of the second")
    }
}
