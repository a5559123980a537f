/// An image an annotation view shows: a name the renderer resolves to a file
/// and its size in points. Images that come in a double-resolution variant
/// (`name@2x`) are drawn from it on screens with two or more pixels per point.
/// A file may hold only the painted part of the image (`content`), so that
/// drawing skips the transparent margins.
///
///     let flag = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
///     flag.fileName(forScale: 2)   // "flag@2x"
public struct AnnotationImage: Hashable, Sendable {
    public let name: String
    /// Size in points; the view takes this size when it gets the image.
    public let size: Size
    /// The name of the double-resolution file, when there is one.
    public let doubleScaleName: String?
    /// The part of the image, in points, that the file holds; the rest is
    /// transparent. The whole image unless the file was cut.
    public let content: Rect

    public init(name: String, size: Size, hasDoubleScale: Bool = true, content: Rect? = nil) {
        self.name = name
        self.size = size
        self.doubleScaleName = hasDoubleScale ? name + "@2x" : nil
        self.content = content ?? Rect(origin: .zero, size: size)
    }

    /// The file to draw on a screen with `scale` pixels per point.
    public func fileName(forScale scale: Double) -> String {
        if scale >= 1.5, let doubleScaleName { return doubleScaleName }
        return name
    }

    /// The named image with the size `sizes` reports, or nil when it has none.
    public static func named(_ name: String, sizes: ImageSizing) -> AnnotationImage? {
        guard let size = sizes.size(ofImage: name) else { return nil }
        return AnnotationImage(name: name, size: size, hasDoubleScale: sizes.size(ofImage: name + "@2x") != nil)
    }
}

/// Tells the core how big a named image is, in points, without the core
/// reading any file.
public protocol ImageSizing {
    func size(ofImage name: String) -> Size?
}
