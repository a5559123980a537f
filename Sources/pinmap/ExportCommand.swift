import ArgumentParser
import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL

/// `pinmap export [options] out.{png,pdf,svg}`: the view the flags describe
/// written as a picture (PNG, `--scale` pixels a point) or a document (PDF or
/// SVG, shapes and real text, pins and icons as pictures), once its tiles are in.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the map's view to a PNG, PDF or SVG file: pinmap export --center 47.37,8.54 --zoom 12 "
            + "--size 800x600 zurich.pdf (PDF and SVG keep shapes and text; --scale sharpens a PNG).",
        discussion: "The files you name besides the output are opened as in a window (tracks, pins, a map, a style); "
            + "with no --center the view fits them."
    )

    @OptionGroup var map: MapArguments

    @Flag(help: "Log what pinmap is doing to stderr.")
    var verbose = false

    /// The formats written, by the output's ending.
    static let endings: Set<String> = ["png", "pdf", "svg"]

    mutating func run() throws {
        var command = self
        try MainActor.assumeIsolated { try command.runOnMainActor() }
    }

    @MainActor
    private mutating func runOnMainActor() throws {
        ConsoleLogHandler.bootstrap(verbose: verbose)
        guard let index = map.files.lastIndex(where: { ExportCommand.endings.contains(($0 as NSString).pathExtension.lowercased()) }) else {
            if let other = map.files.last, OutputPaths.otherImageFormats.contains((other as NSString).pathExtension.lowercased()) {
                try OutputPaths.check(screenshot: other, dumpScene: nil, flag: "export")
            }
            throw UsageError("export: name the file to write, ending .png, .pdf or .svg "
                                 + "(pinmap export --center 47.37,8.54 --zoom 12 view.pdf)")
        }
        let output = map.files.remove(at: index)
        try OutputPaths.check(screenshot: output, dumpScene: nil, flag: "export")
        try map.absorbFiles()
        var options = try map.options()
        options.size = Size(width: options.size.width * options.displayScale, height: options.size.height * options.displayScale)
        options.announcesLocationProblems = false
        do {
            let run = try HeadlessRun(options: options)
            run.title = map.windowTitle
            try run.waitForLocation()
            _ = try run.renderImage()  // the tiles in, and with them any notice about them
            run.session.map.clearMessage()  // a notice is news for a window, not part of the map exported
            try run.screenshot(path: output)
        } catch let error as HeadlessError {
            if case .cannotWrite = error { throw UsageError(error.description) }
            throw RunError(error.description)
        } catch let error as SDLError {
            throw RunError(error.description)
        }
    }
}
