import MapEngine

/// An image an annotation view shows: a name the renderer resolves to a file
/// and its size in points. Images that come in a double-resolution variant
/// (`name@2x`) are drawn from it on screens with two or more pixels per point.
/// A file may hold only the painted part of the image (`content`), so that
/// drawing skips the transparent margins.
///
///     let flag = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
///     flag.fileName(forScale: 2)   // "flag@2x"
public struct AnnotationImage: Hashable, Sendable {
    /// The values live in one shared box, so a view holding an image (and
    /// every view holding the same one) pays for a single reference.
    private final class Box: Sendable {
        let name: String
        let size: Size
        let doubleScaleName: String?
        let content: Rect

        init(name: String, size: Size, doubleScaleName: String?, content: Rect) {
            self.name = name
            self.size = size
            self.doubleScaleName = doubleScaleName
            self.content = content
        }
    }

    private let box: Box

    /// The image's name: its file is `NAME.png` (and `NAME@2x.png`) in an image folder, or an image
    /// added by that name.
    public var name: String { box.name }
    /// Size in points; the view takes this size when it gets the image.
    public var size: Size { box.size }
    /// The name of the double-resolution file, when there is one.
    public var doubleScaleName: String? { box.doubleScaleName }
    /// The part of the image, in points, that the file holds; the rest is
    /// transparent. The whole image unless the file was cut.
    public var content: Rect { box.content }

    /// An image `size` points large, drawn from `NAME.png` (and `NAME@2x.png` at 2x when
    /// `hasDoubleScale`); `content` is the part the file holds when it was cut to its painted
    /// pixels.
    public init(name: String, size: Size, hasDoubleScale: Bool = true, content: Rect? = nil) {
        box = Box(name: name, size: size, doubleScaleName: hasDoubleScale ? name + "@2x" : nil,
                  content: content ?? Rect(origin: .zero, size: size))
    }

    /// Two images are equal when they name the same files at the same size.
    public static func == (a: AnnotationImage, b: AnnotationImage) -> Bool {
        a.box === b.box || (a.name == b.name && a.size == b.size && a.doubleScaleName == b.doubleScaleName
                            && a.content == b.content)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(size)
    }

    /// The file to draw on a screen with `scale` pixels per point.
    public func fileName(forScale scale: Double) -> String {
        if scale >= 1.5, let doubleScaleName { return doubleScaleName }
        return name
    }

    /// The named image with the size `sizes` reports, or nil when it has none.
    package static func named(_ name: String, sizes: ImageSizing) -> AnnotationImage? {
        guard let size = sizes.size(ofImage: name) else { return nil }
        return AnnotationImage(name: name, size: size, hasDoubleScale: sizes.size(ofImage: name + "@2x") != nil)
    }
}

/// Tells the core how big a named image is, in points, without the core
/// reading any file.
package protocol ImageSizing {
    /// The image's size in points, or nil when there is no image by that name.
    func size(ofImage name: String) -> Size?
}
