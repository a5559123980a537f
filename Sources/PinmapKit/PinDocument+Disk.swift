import FileAccess
import Foundation
import MapEngine
import MapKitLayer

extension PinDocument {
    /// Reads a GeoJSON or a GPX file from the disk (told apart by their first
    /// character); every problem names the file, and where in it.
    ///
    ///     let document = try PinDocument.load(from: URL(fileURLWithPath: "pins.geojson"))
    public static func load(from url: URL) throws(PinFileError) -> PinDocument {
        try load(from: url, files: DiskFiles())
    }

    /// Writes the document with moved annotations' coordinates to `url`,
    /// leaving out the features of `deleted` annotations: atomically,
    /// keeping the previous file as `<name>.bak`.
    @MainActor public func save(_ annotations: [FeatureAnnotation], deleted: [FeatureAnnotation] = [],
                                placeNames: Bool = false, added: [PointAnnotation] = [], to url: URL) throws(PinFileError) {
        try save(annotations, deleted: deleted, placeNames: placeNames, added: added, to: url, files: DiskFiles())
    }
}

extension GPXDocument {
    /// Reads the GPX file at `url` from the disk (at most `sizeLimit` bytes);
    /// every problem names the file, and where in it.
    public static func load(from url: URL) throws(PinFileError) -> GPXDocument {
        try load(from: url, files: DiskFiles())
    }
}
