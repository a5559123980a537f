import Foundation
import MapEngine

/// The callout layouts a map can use, by name: the `.json` files of one or
/// more folders, later folders overriding earlier ones. A file that cannot
/// be used is left out and reported; the pins that asked for it show the
/// standard callout.
///
///     let (library, errors) = CalloutLayoutLibrary.load(from: [bundled, userFolder], files: DiskFiles())
///     for error in errors { logger.error("\(error)") }
///     library.layout(named: "city")
package struct CalloutLayoutLibrary: Sendable {
    /// The layouts by name.
    package private(set) var layouts: [String: CalloutLayout] = [:]

    /// A library of these layouts; a later one replaces an earlier of the same name.
    package init(layouts: [CalloutLayout] = []) {
        for layout in layouts { self.layouts[layout.name] = layout }
    }

    /// The layout called `name`, or nil.
    package func layout(named name: String) -> CalloutLayout? { layouts[name] }

    /// The layouts' names, sorted.
    package var names: [String] { layouts.keys.sorted() }

    /// Reads every `.json` file in the folders from `files`, in name order.
    package static func load(from folders: [URL], files store: any FileStore) -> (library: CalloutLayoutLibrary, errors: [CalloutLayoutError]) {
        var library = CalloutLayoutLibrary()
        var errors: [CalloutLayoutError] = []
        for folder in folders {
            let files: [URL]
            do {
                files = try store.entries(ofFolder: folder.path)
                    .filter { $0.hasSuffix(".json") }
                    .sorted()
                    .map { folder.appendingPathComponent($0) }
            } catch {
                errors.append(CalloutLayoutError(file: folder.path, reason: "cannot be read as a folder of layouts"))
                continue
            }
            for file in files {
                do {
                    let layout = try load(file, files: store)
                    library.layouts[layout.name] = layout
                } catch {
                    errors.append(error)
                }
            }
        }
        return (library, errors)
    }

    /// Reads one layout file; its name is the file's name without ".json".
    package static func load(_ file: URL, files: any FileStore) throws(CalloutLayoutError) -> CalloutLayout {
        let bytes: [UInt8]
        do {
            // A layout is a few hundred bytes; a megabyte is surely not one.
            bytes = try files.read(file.path, limit: 1 << 20)
        } catch {
            throw CalloutLayoutError(file: file.path, reason: "cannot be read: \(error.reason)")
        }
        let name = file.deletingPathExtension().lastPathComponent
        return try CalloutLayoutParser(file: file.path, name: name).parse(bytes)
    }
}
