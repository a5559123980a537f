import Foundation
import MapEngine
import MapKitLayer
import MapSDL

/// Ctrl+E and Ctrl+Shift+E in the window: the view written to the user's
/// pictures folder (`XDGFolder.pictures`) under a name that says when, as a
/// PNG or a PDF, and a notice on the map naming the file or the problem.
@MainActor
enum WindowExport {
    /// Writes the window's view as `format` and says where.
    static func save(_ window: MapWindow, as format: ExportFormat, title: String, now: Date = Date(),
                     environment: [String: String] = ProcessInfo.processInfo.environment) {
        let folder = XDGFolder.pictures(environment)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            window.map.showMessage("Could not export: \(folder.path) cannot be made (\(error.localizedDescription))")
            return
        }
        let url = freeName(in: folder, stem: fileStem(title: title, at: now), format: format)
        do {
            try window.view.export(format, to: url.path, title: title)
            window.map.showMessage("Exported the view to \(shown(url.path, home: environment["HOME"]))", isError: false)
        } catch {
            window.map.showMessage("Could not export: \(error.description)")
        }
    }

    /// "pinmap-Tokyo walk-2026-12-07-14.05.09": the app, what is shown (its
    /// title, without pinmap's own name) and the time, with no character a
    /// file name may not hold.
    static func fileStem(title: String, at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamp = String(format: "%04d-%02d-%02d-%02d.%02d.%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                           parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let shown = title.replacingOccurrences(of: " — pinmap", with: "").replacingOccurrences(of: "pinmap", with: "")
            .map { "/\\:\0".contains($0) || $0.isNewline ? "-" : $0 }
        let subject = String(shown.prefix(60)).trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "-.")))
        return subject.isEmpty ? "pinmap-\(stamp)" : "pinmap-\(subject)-\(stamp)"
    }

    /// The stem with the format's ending, or with " 2", " 3"… before it when taken.
    static func freeName(in folder: URL, stem: String, format: ExportFormat) -> URL {
        var url = folder.appendingPathComponent("\(stem).\(format.rawValue)")
        var number = 2
        while FileManager.default.fileExists(atPath: url.path) {
            url = folder.appendingPathComponent("\(stem) \(number).\(format.rawValue)")
            number += 1
        }
        return url
    }

    /// The path with the home folder as ~.
    private static func shown(_ path: String, home: String?) -> String {
        guard let home, home.hasPrefix("/"), path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
