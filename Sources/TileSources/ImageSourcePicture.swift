import Foundation
import MapEngine
import FileAccess

/// An image source's one picture (a style's `"type": "image"`), held as
/// its source's tile 0/0/0 (`RasterTileName.wholeImage(of:)`): read once
/// when the style is opened, so a missing or broken file is said then,
/// with its name.
package struct ImageSourcePicture: TileSource {
    package let levels: ClosedRange<Int> = 0...0
    package let attribution: String?
    /// The PNG or JPEG as read.
    private let bytes: Data
    private let file: String

    /// The picture in `file` (at most 64 MB), with `attribution`. Throws
    /// when it cannot be read or is not a PNG, JPEG or WebP picture.
    package init(file: String, attribution: String?) throws(StyleSourceError) {
        let read: [UInt8]
        do {
            read = try FileReader.read(file, limit: 64 << 20)
        } catch {
            throw StyleSourceError("\(file): \(error)")
        }
        do {
            let header = try ImageHeader(read)
            guard header.width > 0, header.height > 0 else { throw StyleSourceError("\(file): the picture has no pixels") }
        } catch let error as StyleSourceError {
            throw error
        } catch {
            throw StyleSourceError("\(file): not a PNG, JPEG or WebP picture (\(error))")
        }
        bytes = Data(read)
        self.file = file
        self.attribution = attribution
    }

    package func data(for tile: TileID) throws(TileSourceError) -> Data? {
        tile == TileID(z: 0, x: 0, y: 0) ? bytes : nil
    }

    package func location(of tile: TileID) -> String { file }
}
