import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import FileAccess

/// Files opened while the window runs, dropped on it or chosen with
/// Ctrl+O: pins, lines and tracks join the map at once; another map or
/// style reopens the window on it, with the same pins and flags.
@MainActor
final class FileOpening {
    let arguments: MapArguments
    let options: MapOptions
    /// Whether the window may be reopened on another map (not while a
    /// session is recorded: a recording holds one map).
    let mayReopen: Bool
    private let logger = Logger(label: "pinmap.open")
    /// The pins files opened while the window ran: a reopened window opens them too.
    private(set) var opened: [String] = []
    /// The files closed while the window ran.
    private var closedFiles: Set<String> = []

    init(arguments: MapArguments, options: MapOptions, mayReopen: Bool) {
        self.arguments = arguments
        self.options = options
        self.mayReopen = mayReopen
    }

    /// Opens `path` in `window`; what cannot be opened is said on the map
    /// and in the log, and changes nothing.
    func open(_ path: String, in window: MapWindow) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            switch try MapArguments.role(of: path) {
            case .pins:
                let document: PinDocument
                do {
                    document = try PinDocument.load(from: URL(fileURLWithPath: path), files: DiskFiles())
                } catch {
                    throw UsageError(error.description)
                }
                for warning in document.warnings { logger.warning("\(warning)") }
                window.view.session.show(document, saves: options.savesPins, coloring: options.trackColoring)
                opened.append(path)
                closedFiles.remove(path)
                // The title names what is open now, the file just opened too.
                var named = arguments
                named.openedPins = (arguments.openedPins + opened).filter { !closedFiles.contains($0) }
                window.title = named.windowTitle
                logger.info("opened \(path): \(document.features.count) pins")
            case .tiles, .style:
                guard mayReopen else {
                    throw UsageError("\(name): a recorded session keeps its map; open it with pinmap \(name)")
                }
                reopen(adding: path, in: window)
            }
        } catch {
            let text = (error as? UsageError)?.description ?? "\(error)"
            logger.warning("\(text)")
            window.map.showMessage(text.hasPrefix(path) ? name + text.dropFirst(path.count) : text)
        }
    }

    /// An opened file left the map (Ctrl+W, "Close" in the menu): the title
    /// names what is still open, and a reopened window leaves it out.
    func closed(_ path: String, in window: MapWindow) {
        opened.removeAll { $0 == path }
        closedFiles.insert(path)
        var named = arguments
        named.openedPins = (arguments.openedPins + opened).filter { !closedFiles.contains($0) }
        window.title = named.windowTitle
        logger.info("closed \(path)")
    }

    /// Starts pinmap afresh in this process with `path` for its map or
    /// style: the flags as given, less the opening view and the map or
    /// style it replaces, and the pins files opened meanwhile. The pins are
    /// saved at every change, so nothing waits to be written.
    private func reopen(adding path: String, in window: MapWindow) {
        if window.view.session.hasUnsavedMoves { try? window.view.session.savePins() }
        let given = Array(CommandLine.arguments.dropFirst())
        let replaced = (try? MapArguments.role(of: path)) == .style ? arguments.style : arguments.tiles
        var kept: [String] = []
        var skipNext = false
        for (index, argument) in given.enumerated() {
            if skipNext { skipNext = false; continue }
            let next = index + 1 < given.count ? given[index + 1] : nil
            if ["--center", "--zoom"].contains(argument) || (argument == "--tiles" || argument == "--style") && next == replaced {
                skipNext = true
                continue
            }
            if argument.hasPrefix("--center=") || argument.hasPrefix("--zoom=") || argument == replaced { continue }
            kept.append(argument)
        }
        // The program run again is this one (/proc/self/exe), under the name it was started by.
        // Files closed meanwhile stay closed.
        let command = [CommandLine.arguments.first ?? "pinmap"] + kept.filter { !closedFiles.contains($0) }
            + opened.filter { !closedFiles.contains($0) } + [path]
        logger.info("reopening on \(path)")
        fflush(nil)  // every output stream, before the process is replaced
        let pointers = command.map { strdup($0) } + [nil]
        execv("/proc/self/exe", pointers)
        // Only reached when exec failed: the window stays as it was.
        window.map.showMessage("\(URL(fileURLWithPath: path).lastPathComponent): cannot reopen: \(String(cString: strerror(errno)))")
    }
}
