import Foundation
import Logging
import MapEngine
import MapKitLayer
import FileAccess
import PinmapResources
import VectorRaster
import TileSources

/// How a map opens: its tiles and how they are painted, where it looks, its
/// credit line, fonts and images, and what it shows over the map. Every
/// field has a default, so `MapOptions()` is the embedded world (pinmap's
/// raster tiles, zoom 0 to 5) seen whole, with pinmap's fonts and images.
///
///     var options = MapOptions()
///     options.center = Coordinate(latitude: 47.37, longitude: 8.54)
///     options.zoom = 6
///     let window = try MapWindow(options: options, delegate: myDelegate)
///
/// `PinmapKit`'s `MapOptions.world()` opens the embedded vector world
/// instead, sharp and labelled to zoom 14.
public struct MapOptions: Sendable {
    /// Where the map's tiles come from (a folder, MBTiles, PMTiles, a tile server).
    public var source: TileSource
    /// How the source's tiles are laid out when they are vector tiles (the
    /// style, its source and the data's levels); nil for image tiles.
    package var vectorLayout: VectorTileLayout?
    /// The language labels are written in where the tiles have names in it
    /// (the style's name lookups rewritten, `MapStyle.localized(to:)`), and
    /// the reader Han characters are drawn for; nil leaves the style as it
    /// is and takes the environment's language for the text.
    public var language: NameLanguage?
    /// The style's raster sources by name, for its `raster` layers.
    public var rasterSources: [String: TileSource] = [:]
    /// The style's vector sources other than `source`, by name, for the layers that draw from them.
    public var vectorSources: [String: TileSource] = [:]
    /// Opens the vector and raster sources a style changed at run time
    /// comes to draw from (the style loader's, which knows the style's folder and servers).
    package var sourceOpener: (any StyleSourceOpening)?
    /// Paints vector tiles and overlays into pixels: Cairo, with the
    /// style's sprite for its patterns when a style set it.
    package var rasterizer: any TileRasterizing = CairoTileRasterizer()
    /// The vector style's icons: its sprite index and image.
    package var sprite: (sheet: SpriteSheet, image: URL)?
    /// Where the map looks first.
    public var center = Coordinate(latitude: 20, longitude: 0)
    /// How far in it looks first: 0 shows the whole world in 256 points.
    public var zoom = 1.0
    /// The compass direction that points up at first, in degrees clockwise from north.
    public var heading = 0.0
    /// How far the map is tilted at first, in degrees (0 to 60).
    public var pitch = 0.0
    /// Whether people may turn the map (`MapController.isRotateEnabled`); off keeps north up.
    public var isRotateEnabled = true
    /// The map's size in pixels; a window or `MapView` sets it from its own.
    public var size = Size(width: 800, height: 600)
    /// The credit line drawn in the lower right corner; the tiles' own when nil.
    public var attribution: String?
    /// Where fonts and images are found: pinmap's own unless set.
    public var resources = MapResources()
    /// How many bytes of decoded tiles are kept for drawing.
    public var tileCacheBytes = 256 << 20
    /// The pins to show, if any: dropped pins are saved into this file.
    package var pins: PinDocument?
    /// Further pins files shown with it (`--pins` given again), each saved to itself.
    package var morePins: [PinDocument] = []
    /// What GPX tracks are coloured by (`--color-by`); nil: one colour.
    package var trackColoring: TrackColoring?
    /// Whether moved pins are written back to their file after each drop,
    /// undo and redo: true for the user's own file, never for the demo pins.
    package var savesPins = false
    /// Where pins files, the gazetteer and callout layouts are read and
    /// pins saved: the disk, unless a test hands a store of its own.
    package var files: any FileStore = DiskFiles()
    /// Where the map logs what it does (tiles loaded, files saved, the
    /// first frame); nil, the default, logs nothing.
    public var logger: Logger?
    /// Pixels per point; a window works this out from the screen.
    public var displayScale: Double = 1
    /// Whether the map's controls, callouts, search and menus are light or
    /// dark; by default they follow the style's background.
    public var appearance = ChromeAppearance.automatic
    /// The custom callout layouts pins may ask for by name.
    package var calloutLayouts = CalloutLayoutLibrary()
    /// Problems found while reading the options' files (a bad layout file),
    /// shown on the map when it opens.
    package var notices: [String] = []
    /// The style's source of street detail past the map's own data, for the
    /// quiet notice when it cannot be had (offline); nil for none.
    package var streetDetail: DetailNotice?
    /// The gazetteer that names placemark pins and that search finds places
    /// in; nil leaves placemarks reading their coordinates.
    package var gazetteer: URL?
    /// Whether placemark pins whose feature has no subtitle get their
    /// looked-up name written into the pins file (`--save-place-names`).
    package var savesPlaceNames = false
    /// Where the user's location comes from, if anywhere.
    public var locationProvider: (any LocationProvider)?
    /// Drop a pin at the first fix, then stop listening (`--drop-at-location`).
    package var dropsPinAtLocation = false
    /// Whether a location source that cannot be reached is said at once (one
    /// the user asked for), or only when the user asks for the location (a
    /// best effort, such as a window's default GeoClue).
    package var announcesLocationProblems = true
    /// Whether a window shrinks `size` to fit the screen's usable area (its
    /// panels and its own title bar aside): the default size, not one the user gave.
    package var fitsScreen = false
    /// Draw a disc under every finger, for screenshots of touch gestures.
    public var showsTouches = false
    /// The zoom buttons and the scale bar (`--no-controls` hides them).
    public var showsControls = true
    /// The scale bar's units (`--units`).
    public var units = DistanceUnits.metric
    /// The coordinate and zoom readout (`--show-position`, key P).
    public var showsPosition = false
    /// Every pin of the pins file clusters (`--cluster`), not only features
    /// with a `cluster` property.
    package var clustersPins = false

    /// The embedded world's raster tiles, pinmap's fonts and images, the whole world in view.
    public init() {
        source = MapOptions.embeddedTiles
        attribution = source.attribution
    }

    /// A map of `source` looking at `center` from `zoom`; the rest as `init()`.
    public init(source: TileSource, center: Coordinate, zoom: Double) {
        self.source = source
        self.center = center
        self.zoom = zoom
        attribution = source.attribution
    }

    /// The embedded raster world (zoom 0 to 5, Natural Earth), the tiles `init()` opens.
    public static var embeddedTiles: TileSource {
        do {
            return try DirectoryTileSource(root: PinmapResources.tilesDirectory)
        } catch {
            return UnopenedTileSource(path: PinmapResources.tilesDirectory.path, reason: error.description)
        }
    }

    /// Every field given, as pinmap's command line does.
    package init(source: TileSource, center: Coordinate, zoom: Double, size: Size, attribution: String?,
                resources: MapResources, tileCacheBytes: Int, pins: PinDocument? = nil) {
        self.source = source
        self.center = center
        self.zoom = zoom
        self.size = size
        self.attribution = attribution
        self.resources = resources
        self.tileCacheBytes = tileCacheBytes
        self.pins = pins
    }

    /// The opening camera, in the display's pixels: `zoom` counts points,
    /// so a 2x screen looks one level deeper in its pixels and shows what a
    /// 1x screen of the same size in points shows.
    var camera: Camera {
        Camera(center: center, zoom: zoom + Camera.zoomOffset(displayScale: displayScale), viewportSize: size,
               heading: isRotateEnabled ? heading : 0, pitch: pitch)
    }
}
