import Foundation

/// Finds pinmap's embedded defaults: world tiles and fonts.
///
///     let tiles = PinmapResources.tilesDirectory   // .../Tiles/{z}/{x}/{y}.png
public enum PinmapResources {
    /// The resource bundle, found next to the running binary or in the build folder.
    public static var bundle: Bundle { Bundle.module }

    /// The embedded world tiles, zoom 0 to 5, XYZ layout.
    public static var tilesDirectory: URL { bundle.bundleURL.appendingPathComponent("Tiles") }

    /// The embedded fonts (DejaVu Sans), so text renders the same on every machine.
    public static var fontsDirectory: URL { bundle.bundleURL.appendingPathComponent("Fonts") }
}
