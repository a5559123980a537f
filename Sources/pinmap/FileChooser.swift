import Foundation

/// The desktop's file dialog for Ctrl+O: the XDG desktop portal's
/// (`PortalFileChooser`: GNOME, KDE, Phosh and sandboxes), else zenity or
/// kdialog, whichever is installed, asked beside the window so the map
/// keeps drawing while it is open.
enum FileChooser {
    /// The kinds of file offered first.
    static let patterns = ["*.gpx", "*.geojson", "*.json", "*.mbtiles", "*.pmtiles"]

    /// The dialog programs, in the order tried, with their arguments, starting in `folder` (else the working one).
    static func dialogs(folder: String? = nil) -> [(program: String, arguments: [String])] {
        [("zenity", ["--file-selection", "--title=Open a map, track or pins file"] + (folder.map { ["--filename=\($0)/"] } ?? [])
            + ["--file-filter=Maps, tracks and pins | " + patterns.joined(separator: " "), "--file-filter=All files | *"]),
         ("kdialog", ["--title", "Open a map, track or pins file", "--getopenfilename", folder ?? ".",
                      patterns.joined(separator: " ") + "|Maps, tracks and pins"])]
    }

    /// The first dialog program found on `PATH`, with its arguments.
    static func available(path: String? = ProcessInfo.processInfo.environment["PATH"], folder: String? = nil) -> (URL, [String])? {
        let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for dialog in dialogs(folder: folder) {
            for folder in folders {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(dialog.program)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return (candidate, dialog.arguments) }
            }
        }
        return nil
    }

    /// Shows the desktop's file dialog: the desktop portal's, else the first
    /// dialog program's. `chosen` runs on the main actor with the file
    /// picked, or nil when the dialog was closed without one; `unavailable`
    /// runs there when there is no dialog to show. The asking runs beside
    /// the window, which keeps drawing.
    /// `folder` is where the dialog starts (the most recent file's), else its own choice.
    static func ask(folder: String? = nil, _ chosen: @escaping @MainActor @Sendable (String?) -> Void,
                    unavailable: @escaping @MainActor @Sendable () -> Void) {
        Thread {
            let filters = [("Maps, tracks and pins", patterns), ("All files", ["*"])]
            if case .chosen(let path) = PortalFileChooser.ask(title: "Open a map, track or pins file", filters: filters, folder: folder) {
                Task { @MainActor in chosen(path) }
            } else if !askProgram(folder: folder, chosen) {
                Task { @MainActor in unavailable() }
            }
        }.start()
    }

    /// Runs the first dialog program found; false when none is installed.
    private static func askProgram(folder: String?, _ chosen: @escaping @MainActor @Sendable (String?) -> Void) -> Bool {
        guard let (program, arguments) = available(folder: folder) else { return false }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { finished in
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
            let path = finished.terminationStatus == 0 && !text.isEmpty ? text : nil
            Task { @MainActor in chosen(path) }
        }
        do {
            try process.run()
        } catch {
            return false
        }
        return true
    }
}
