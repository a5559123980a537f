import Foundation
import VectorRaster
import PinmapResources

/// Where a map finds its fonts and images: pinmap's own (DejaVu Sans, the
/// pins and callout icons) unless the app says otherwise. An app adds
/// images of its own by folder, by file or from memory; a name is looked up
/// in the images given by file or bytes first, then in each folder in order
/// (`NAME.png`, and `NAME@2x.png` for screens with two pixels per point).
///
///     var resources = MapResources()
///     resources.imageFolders.insert(Bundle.module.resourceURL!.appendingPathComponent("Icons"), at: 0)
///     resources.addImage(named: "bus", data: try Data(contentsOf: busPNG))
///     options.resources = resources
public struct MapResources: Sendable {
    /// The TrueType files text is drawn with.
    package var fonts: FontFiles
    /// Folders of PNG images, searched in order; pinmap's own folder last
    /// keeps the standard pins and callout icons when an app adds its own.
    public var imageFolders: [URL]
    /// Images given one by one, by name: bytes or a file, PNG or JPEG.
    package private(set) var images: [String: ImageSource] = [:]

    /// Where one named image comes from.
    package enum ImageSource: Sendable, Equatable {
        /// The bytes of a PNG or JPEG file.
        case data(Data)
        /// A PNG or JPEG file.
        case file(URL)
    }

    /// pinmap's fonts and images.
    public init() {
        fonts = FontFiles()
        imageFolders = [PinmapResources.imagesDirectory]
    }

    /// The fonts of a folder holding DejaVu Sans's files (`DejaVuSans.ttf`,
    /// `DejaVuSans-Bold.ttf` and, if there, the oblique ones) and the images
    /// of one folder, if any.
    public init(fonts folder: URL, images: URL? = nil) {
        fonts = FontFiles(folder: folder)
        imageFolders = images.map { [$0] } ?? []
    }

    /// Adds an image from a PNG or JPEG file's bytes, drawn wherever an
    /// annotation image, a view or a canvas names it.
    public mutating func addImage(named name: String, data: Data) {
        images[name] = .data(data)
    }

    /// Adds an image from a PNG or JPEG file, read when first drawn.
    public mutating func addImage(named name: String, file: URL) {
        images[name] = .file(file)
    }
}

/// The TrueType (or OpenType) files of one family, by weight and slant.
/// Missing slanted faces are drawn with the upright ones.
package struct FontFiles: Sendable, Equatable {
    /// The upright regular face: labels, titles, callouts.
    package var regular: URL
    /// The upright bold face.
    package var bold: URL
    /// The slanted face (water names in vector styles); `regular` if nil.
    package var italic: URL?
    /// The slanted bold face; `bold` if nil.
    package var boldItalic: URL?
    /// The fonts behind these for the scripts they lack: the system's in a
    /// window, a pinned set (Debian's Noto) in headless runs, whose
    /// screenshots must match on every machine; or either, always.
    package var fallback: FontFallback = .automatic

    /// DejaVu Sans, embedded with pinmap (Bitstream Vera licence).
    package init() {
        self.init(folder: PinmapResources.fontsDirectory)
    }

    /// The given files.
    package init(regular: URL, bold: URL, italic: URL? = nil, boldItalic: URL? = nil) {
        self.regular = regular
        self.bold = bold
        self.italic = italic
        self.boldItalic = boldItalic
    }

    /// DejaVu Sans's file names in `folder`; the oblique faces only when there.
    package init(folder: URL) {
        func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
        func optional(_ name: String) -> URL? {
            FileManager.default.fileExists(atPath: file(name).path) ? file(name) : nil
        }
        self.init(regular: file("DejaVuSans.ttf"), bold: file("DejaVuSans-Bold.ttf"),
                  italic: optional("DejaVuSans-Oblique.ttf"), boldItalic: optional("DejaVuSans-BoldOblique.ttf"))
    }
}
