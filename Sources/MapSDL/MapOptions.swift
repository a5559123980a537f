import Foundation
import MapCore

/// What a map run needs, window or headless: the tiles, where to look, the
/// credit line, the resources, the tile cache budget and the pins.
public struct MapOptions: Sendable {
    public var source: TileSource
    /// Paints the source's tiles when they are vector tiles.
    public var painter: TilePainter?
    /// Makes the painter of overlays (lines, areas) on tiles; without it overlays are not drawn.
    public var overlayPainter: OverlayTiles.PainterMaking?
    /// The vector style's icons: its sprite index and image.
    public var sprite: (sheet: SpriteSheet, image: URL)?
    public var center: Coordinate
    public var zoom: Double
    public var size: Size
    public var attribution: String?
    public var resources: MapResources
    public var tileCacheBytes: Int
    /// The pins to show, if any: dropped pins are saved into this file.
    public var pins: PinDocument?
    /// Further pins files shown with it (`--pins` given again), each saved to itself.
    public var morePins: [PinDocument] = []
    /// What GPX tracks are coloured by (`--color-by`); nil: one colour.
    public var trackColoring: TrackColoring?
    /// Whether moved pins are written back to their file after each drop,
    /// undo and redo: true for the user's own file, never for the demo pins.
    public var savesPins = false
    /// Pixels per point; a window works this out from the screen.
    public var displayScale: Double = 1
    /// The custom callout layouts pins may ask for by name.
    public var calloutLayouts = CalloutLayoutLibrary()
    /// Problems found while reading the options' files (a bad layout file),
    /// shown on the map when it opens.
    public var notices: [String] = []
    /// The gazetteer that names placemark pins; nil leaves them reading
    /// their coordinates.
    public var gazetteer: URL?
    /// Whether placemark pins whose feature has no subtitle get their
    /// looked-up name written into the pins file (`--save-place-names`).
    public var savesPlaceNames = false
    /// Where the user's location comes from, if anywhere.
    public var locationProvider: (any LocationProvider)?
    /// Drop a pin at the first fix, then stop listening (`--drop-at-location`).
    public var dropsPinAtLocation = false
    /// Draw a disc under every finger, for screenshots of touch gestures.
    public var showsTouches = false
    /// The zoom buttons and the scale bar (`--no-controls` hides them).
    public var showsControls = true
    /// The scale bar's units (`--units`).
    public var units = ScaleBar.Units.metric
    /// The coordinate and zoom readout (`--show-position`, key P).
    public var showsPosition = false
    /// Every pin of the pins file clusters (`--cluster`), not only features
    /// with a `cluster` property.
    public var clustersPins = false

    public init(source: TileSource, center: Coordinate, zoom: Double, size: Size, attribution: String?,
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

    var camera: Camera { Camera(center: center, zoom: zoom, viewportSize: size) }
}
