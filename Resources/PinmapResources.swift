import Foundation

/// Finds pinmap's embedded defaults: world tiles, fonts, images, demo pins and
/// the gazetteer.
///
///     let tiles = PinmapResources.tilesDirectory   // .../Tiles/{z}/{x}/{y}.png
public enum PinmapResources {
    /// The resource bundle, found next to the running binary or in the build folder.
    public static var bundle: Bundle { Bundle.module }

    /// The embedded raster world tiles, zoom 0 to 5, XYZ layout (the map
    /// under raster tile servers, and `--raster-world`).
    public static var tilesDirectory: URL { bundle.bundleURL.appendingPathComponent("Tiles") }

    /// The embedded fonts (DejaVu Sans), so text renders the same on every machine.
    public static var fontsDirectory: URL { bundle.bundleURL.appendingPathComponent("Fonts") }

    /// The annotation images (pins, bullseye, shadow) at 1x and 2x.
    public static var imagesDirectory: URL { bundle.bundleURL.appendingPathComponent("Images") }

    /// The custom callout layouts pins may name (`"callout": "place"`).
    public static var calloutsDirectory: URL { bundle.bundleURL.appendingPathComponent("Callouts") }

    /// The offline reverse geocoder's places, built from GeoNames by `tools/build-gazetteer`.
    public static var gazetteer: URL { bundle.bundleURL.appendingPathComponent("Gazetteer/places.bin") }

    /// The bundled MapLibre styles for vector tiles (OpenMapTiles schema).
    public static var stylesDirectory: URL { bundle.bundleURL.appendingPathComponent("Styles") }

    /// The style a vector `--tiles` file is drawn with when no `--style` is given (OpenMapTiles schema).
    public static var defaultStyle: URL { stylesDirectory.appendingPathComponent("pinmap-light.json") }

    /// The embedded vector world, zoom 0 to 8 (Natural Earth shapes and the
    /// gazetteer's places, by `tools/make-world-tiles`): the map pinmap opens with.
    public static var worldTiles: URL { bundle.bundleURL.appendingPathComponent("World/world.mbtiles") }

    /// The bundled style that draws `worldTiles`, by name: "light" (the
    /// default) or "dark"; nil for another name.
    public static func worldStyle(_ name: String) -> URL? {
        guard worldStyleNames.contains(name) else { return nil }
        return stylesDirectory.appendingPathComponent("pinmap-world-\(name).json")
    }

    /// The names `worldStyle(_:)` knows.
    public static let worldStyleNames = ["light", "dark"]

    /// The pins shown when no pins file is given.
    public static var demoPins: URL { bundle.bundleURL.appendingPathComponent("Pins/demo.geojson") }
}
