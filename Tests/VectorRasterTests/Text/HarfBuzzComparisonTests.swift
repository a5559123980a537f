import CCairo
import Foundation
import MapEngine
import MapKitLayer
import Testing
@testable import VectorRaster

/// Each script's place name drawn by pinmap's text engine and by
/// `pango-view` (Debian's pango1.0-tools: HarfBuzz's shaping as GNOME draws
/// it) in the same fonts (DejaVu Sans, then Debian's Noto) at 20 pixels,
/// unhinted and grey-antialiased: the inked shapes must match.
@Suite struct HarfBuzzComparisonTests {
    static let samples = ["Zürich · Kraków · Đà Nẵng", "Αθήνα", "Москва", "القاهرة / Cairo", "ירושלים", "नई दिल्ली",
                          "ঢাকা", "தமிழ்நாடு", "กรุงเทพมหานคร", "北京市", "東京タワー", "서울특별시", "ཐིམ་ཕུ"]

    /// Ink (0 to 255) of an image, cut to where there is any.
    struct Ink {
        var width = 0, height = 0
        var values: [Int] = []

        init(width: Int, height: Int, ink: (Int, Int) -> Int) {
            var (minX, minY, maxX, maxY) = (width, height, -1, -1)
            for y in 0..<height { for x in 0..<width where ink(x, y) > 24 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            } }
            guard maxX >= minX else { return }
            self.width = maxX - minX + 1
            self.height = maxY - minY + 1
            values = (minY...maxY).flatMap { y in (minX...maxX).map { x in ink(x, y) } }
        }

        /// 1 when the two are the same, less the more their ink differs.
        func likeness(to other: Ink) -> Double {
            let w = max(width, other.width), h = max(height, other.height)
            var differ = 0, total = 0
            for y in 0..<h { for x in 0..<w {
                let a = x < width && y < height ? values[y * width + x] : 0
                let b = x < other.width && y < other.height ? other.values[y * other.width + x] : 0
                differ += abs(a - b)
                total += max(a, b)
            } }
            return total == 0 ? 0 : 1 - Double(differ) / Double(total)
        }
    }

    static func pangoView(_ text: String, folder: URL) throws -> Ink {
        let fonts = TextEngineTests.dejaVu.deletingLastPathComponent().path
        let config = folder.appendingPathComponent("fonts.conf")
        let dirs = ([fonts] + FontFallback.notoFolders).map { "<dir>\($0)</dir>" }.joined()
        try Data("<?xml version=\"1.0\"?><fontconfig>\(dirs)<cachedir>\(folder.path)/cache</cachedir></fontconfig>".utf8)
            .write(to: config)
        let output = folder.appendingPathComponent("out.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pango-view")
        process.arguments = ["-q", "--pixels", "--font", "DejaVu Sans 20", "--hinting=none", "--antialias=gray", "--margin=4",
                             "-t", text, "-o", output.path]
        process.environment = ["FONTCONFIG_FILE": config.path, "LC_ALL": "C.UTF-8"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let surface = cairo_image_surface_create_from_png(output.path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "pango-view could not draw \(text)"])
        }
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return Ink(width: width, height: height) { x, y in
            // Black on white: the ink is how dark the green channel is.
            let pixel = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            return 255 - Int(pixel >> 8 & 0xFF)
        }
    }

    @Test func pangoViewIsInstalled() {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view"),
                "pango-view is missing: make test installs pango1.0-tools")
    }

    @Test(arguments: samples)
    func pinmapDrawsWhatHarfBuzzShapes(_ text: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try Self.pangoView(text, folder: folder)
        let engine = try TextEngineTests.engine()
        let image = try #require(engine.image(of: text, font: FontSpec(size: 20), color: Color(hex: 0)))
        let ours = Ink(width: image.pixels.width, height: image.pixels.height) { x, y in
            Int(image.pixels.argb[y * image.pixels.width + x] >> 24)
        }
        #expect(abs(ours.width - reference.width) <= 1 && abs(ours.height - reference.height) <= 1,
                "\(text): \(ours.width)x\(ours.height) inked where pango-view inks \(reference.width)x\(reference.height)")
        let likeness = ours.likeness(to: reference)
        print("harfbuzz-likeness \(text): \(String(format: "%.3f", likeness))")
        #expect(likeness > 0.98, "\(text): \(likeness)")
    }
}
