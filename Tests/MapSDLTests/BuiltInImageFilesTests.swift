import Foundation
@testable import MapEngine
@testable import MapKitLayer
import PinmapResources
import Testing

/// The embedded images are the sizes the core believes, at 1x and 2x.
@Suite struct BuiltInImageFilesTests {
    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(url.lastPathComponent) is a PNG")
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// Each file holds the image's declared content, so positions computed
    /// in the core land the pixels where the drawing put them.
    @Test func everyImageExistsAtBothScalesWithItsDeclaredContentSize() throws {
        for image in BuiltInImages.all {
            let folder = PinmapResources.imagesDirectory
            let (w1, h1) = try pngSize(folder.appendingPathComponent(image.name + ".png"))
            #expect(Double(w1) == image.content.width && Double(h1) == image.content.height, "\(image.name)")
            let (w2, h2) = try pngSize(folder.appendingPathComponent(image.fileName(forScale: 2) + ".png"))
            #expect(Double(w2) == 2 * image.content.width && Double(h2) == 2 * image.content.height,
                    "\(image.name)@2x")
        }
    }
}
