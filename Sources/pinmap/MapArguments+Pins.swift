import Foundation
import Logging
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import FileAccess

/// The pins files and callout layouts the flags name, read with every
/// problem said in one line naming the file.
extension MapArguments {
    /// The pins files, the demo pins, or none; a file that cannot be read is
    /// a usage error naming the file and the problem.
    func loadPins() throws -> [PinDocument] {
        if noPins {
            guard pins.isEmpty else { throw UsageError("--pins and --no-pins contradict each other") }
            return []
        }
        // The demo pins belong to the embedded world: a map or pins of one's own open without them.
        let demo = drawsEmbeddedWorld && openedPins.isEmpty ? [PinmapResources.demoPins] : []
        let urls = pins.isEmpty ? demo : pins.map { URL(fileURLWithPath: $0) }
        var documents: [PinDocument] = []
        for url in urls {
            let document = try loadPins(from: url)
            if let colorBy, let coloring = TrackColoring(rawValue: colorBy), let gpx = document.gpx,
               gpx.tracks.contains(where: { !TrackColoring.available(in: $0.segments).contains(coloring) }) {
                Logger(label: "pinmap.pins").warning("\(url.path): a track has no \(coloring.label.lowercased()) values; it stays one colour")
            }
            documents.append(document)
        }
        return documents
    }

    /// The pins a run shows: without --pins, a window's own file
    /// (`UserPins`), read-only or not at all when it cannot be had, with a
    /// notice saying so; else the --pins files or the demo pins. Whether
    /// the own file is saved to, and the notices.
    func shownPins(keepingDroppedPins: Bool) throws -> (documents: [PinDocument], savesOwn: Bool, notices: [String]) {
        guard keepingDroppedPins && pins.isEmpty && !noPins else { return (try loadPins(), false, []) }
        let place: UserPins.Place
        do {
            place = try UserPins.place(showsWorld: drawsEmbeddedWorld)
        } catch let error as UsageError {
            place = .unavailable(UserPins.file(), reason: error.description)
        }
        let unavailable = "Your pins are not shown and nothing is saved: "
        switch place {
        case .unavailable(let file, let reason):
            return ([], false, [unavailable + (reason.hasPrefix(file.path) ? reason : "\(file.path): \(reason)")])
        case .ready(let file), .readOnly(let file):
            // The user's own file that cannot be read keeps the window from nothing: shown without it, and never written.
            do {
                let document = try loadPins(from: file)
                guard case .ready = place else { return ([document], false, ["\(file.path) is read-only: pins you drop now are not saved"]) }
                return ([document], true, [])
            } catch let error as UsageError {
                return ([], false, [unavailable + error.description])
            }
        }
    }

    func loadPins(from url: URL) throws -> PinDocument {
        do {
            let start = DispatchTime.now()
            let document = try PinDocument.load(from: url, files: DiskFiles())
            let logger = Logger(label: "pinmap.pins")
            for warning in document.warnings { logger.warning("\(warning)") }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            let rate = Int(Double(document.bytes.count) / 1e6 / max(seconds, 1e-6))
            logger.info("read \(document.features.count) pins from \(url.path) in \(Int(seconds * 1000)) ms (\(rate) MB/s)")
            return document
        } catch {
            // A recording may name any file: its replay quotes none of its content.
            throw UsageError(recordingFile == nil ? error.description : error.contentFreeDescription)
        }
    }

    /// The bundled layouts and those of --callouts. A bad layout file is
    /// reported (and shown on the map) and left out; its pins fall back to
    /// the standard callout.
    func loadCallouts(into options: inout MapOptions) throws {
        var folders = [PinmapResources.calloutsDirectory]
        if let callouts {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: callouts, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("--callouts: \(callouts) is not a folder")
            }
            folders.append(URL(fileURLWithPath: callouts))
        }
        let (library, errors) = CalloutLayoutLibrary.load(from: folders, files: DiskFiles())
        let logger = Logger(label: "pinmap.callouts")
        for error in errors {
            logger.error("\(error.description); its pins show the standard callout")
            options.notices.append("Layout not used: \(error.description)")
        }
        options.calloutLayouts = library
        for feature in options.pins?.features ?? [] {
            guard let name = feature.calloutLayoutName, library.layout(named: name) == nil,
                  !errors.contains(where: { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent == name })
            else { continue }
            let message = "\(options.pins?.file ?? ""): feature \(feature.index): callout \"\(name)\" is not a layout "
                + "(known: \(library.names.joined(separator: ", "))); the pin shows the standard callout"
            logger.warning("\(message)")
        }
    }
}
