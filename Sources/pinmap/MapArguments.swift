import ArgumentParser
import Foundation
import Logging
import MapEngine
import MapKitLayer
import LocationProviders
import MapSDL
import PinmapKit
import PinmapResources
import TileSources
import VectorRaster

/// The flags that say which map to show and how, shared by the window and
/// headless runs. Values are checked here so bad ones get one clear line.
struct MapArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("Files to open, each taken for what it is: .gpx and .geojson files as pins, lines and "
                                     + "areas; an .mbtiles or .pmtiles file or a tile folder as the map; a style .json "
                                     + "to draw it with.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The map's tiles: a folder of {z}/{x}/{y}.png or .jpg tiles, an .mbtiles file, "
                                   + "or a tile server's URL template such as https://tile.example.org/{z}/{x}/{y}.png "
                                   + "(default: the embedded vector world).", valueName: "folder|file|url"))
    var tiles: String?

    @Option(help: ArgumentHelp("A MapLibre (Mapbox GL) style, version 8, to draw vector tiles with; its source may be "
                                   + "mbtiles://, pmtiles:// or tile URLs, or --tiles replaces it; \"light\" or \"dark\" "
                                   + "draw the embedded world (default: light; for a vector --tiles, the bundled "
                                   + "OpenMapTiles style).", valueName: "style.json|light|dark"))
    var style: String?

    @Flag(name: .customLong("raster-world"),
          help: "Show the embedded raster world (zoom 0-5 images, enlarged deeper) instead of the vector one.")
    var rasterWorld = false

    @Flag(help: "The tile folder counts rows from the south (TMS) instead of the north (XYZ).")
    var tms = false

    @Option(name: .customLong("tile-subdomains"),
            help: ArgumentHelp("Hosts for a URL template's {s}: letters (\"abc\") or a comma-separated list.",
                               valueName: "abc"))
    var tileSubdomains: String?

    @Option(name: .customLong("tile-max-zoom"), help: "The deepest level a tile server is asked for; deeper zooms enlarge it.")
    var tileMaxZoom = 19

    @Option(name: .customLong("street-tiles"),
            help: ArgumentHelp("Where the embedded world's street detail comes from past zoom 9: a TileJSON or {z}/{x}/{y} address "
                               + "of OpenMapTiles-schema vector tiles, or none (default: OpenFreeMap's).", valueName: "url|none"))
    var streetTiles: String?

    @Flag(help: "Fetch nothing from the network for the embedded world: no street detail past zoom 9.")
    var offline = false

    @Option(name: .customLong("tile-cache-disk-mb"),
            help: "Disk space for a tile server's tiles, under $XDG_CACHE_HOME/pinmap (default ~/.cache/pinmap).")
    var tileCacheDiskMB = 500

    @Option(help: ArgumentHelp("Centre of the view in degrees (default: what the pins show, else the style file's center, else the tiles' own centre, else 30,10).",
                               valueName: "lat,lon"))
    var center: String?

    @Option(help: ArgumentHelp("Zoom level, 0 (whole world) to 20; fractions allowed (default: the style file's zoom + 1, else the tiles' own, else 2).",
                               valueName: "zoom"))
    var zoom: String?

    @Option(help: ArgumentHelp("The compass direction that points up, in degrees clockwise from north (default: the style's, else 0).",
                               valueName: "degrees"))
    var bearing: String?

    @Option(help: ArgumentHelp("How far the map is tilted towards the horizon, 0 (straight down) to 60 degrees (default: the style's, else 0).",
                               valueName: "degrees"))
    var pitch: String?

    @Flag(name: .customLong("north-up"), help: "Keep north up: the map cannot be turned (it can still be tilted).")
    var northUp = false

    @Option(help: ArgumentHelp("Window or image size in points (pixels at --scale 1).", valueName: "WxH"))
    var size = "1024x768"

    @Option(name: .customLong("tile-cache-mb"), help: "Memory for decoded tiles, in MB.")
    var tileCacheMB = 256

    @Option(help: "The credit line drawn in the corner (default: the tile folder's attribution.txt).")
    var attribution: String?

    @Option(help: ArgumentHelp("Pins, lines and areas to show: a GeoJSON FeatureCollection, or a GPX file (waypoints "
                                   + "as pins, routes and tracks as lines); may be given more than once; pins dropped "
                                   + "on the map are saved into the first (default: a few demo pins over the embedded world).",
                               valueName: "file"))
    var pins: [String] = []

    @Option(name: .customLong("color-by"),
            help: ArgumentHelp("Colour GPX tracks along their length by elevation, speed or heart-rate (a track "
                                   + "without such values stays one colour).", valueName: "value"))
    var colorBy: String?

    @Flag(name: .customLong("no-pins"), help: "Show no pins, not even the demo ones.")
    var noPins = false

    @Option(help: ArgumentHelp("A folder of callout layout files (.json) that pins may name with their "
                                   + "\"callout\" property, besides the bundled ones.", valueName: "folder"))
    var callouts: String?

    @Option(help: ArgumentHelp("Pixels per point for headless runs and exports, 0.5 to 4: 2 draws a picture of twice "
                                   + "--size, the same map twice as sharp, pins from their 2x images (a window works it out "
                                   + "from the screen and the desktop).",
                               valueName: "scale"))
    var scale = 1.0

    /// The pixels a point a picture may have.
    static let scales: ClosedRange<Double> = 0.5...4

    @Option(help: ArgumentHelp("Your location, fixed: a blue dot there, and L drops a pin on it.",
                               valueName: "lat,lon"))
    var location: String?

    @Option(help: ArgumentHelp("Your location from gpsd (\"--gpsd\" alone means localhost:2947).",
                               valueName: "host:port"))
    var gpsd: String?

    @Option(name: .customLong("location-source"),
            help: ArgumentHelp("Where your location comes from: geoclue, the desktop's location service over D-Bus "
                               + "(a window's default when GeoClue answers and no --location or --gpsd is given), "
                               + "or none."))
    var locationSource: LocationSource?

    /// Where `--location-source` takes the location from.
    enum LocationSource: String, ExpressibleByArgument, CaseIterable {
        case geoclue, none
    }

    @Flag(name: .customLong("drop-at-location"),
          help: "Drop a pin at the first location fix, centre the map there, then stop listening.")
    var dropAtLocation = false

    @Flag(name: .customLong("save-place-names"),
          help: "Write looked-up place names into the --pins file for placemark pins that have no subtitle.")
    var savePlaceNames = false

    @Flag(help: "Pins that crowd merge into clusters showing their count (all pins of --pins; features may also name a \"cluster\").")
    var cluster = false

    @Option(help: ArgumentHelp("The controls, callouts, search and menus light or dark (default: auto, dark over a dark style).",
                               valueName: "auto|light|dark"))
    var appearance: String?

    @Flag(name: .customLong("no-controls"), help: "Hide the zoom buttons and the scale bar (for clean screenshots).")
    var noControls = false

    @Option(help: ArgumentHelp("The scale bar's units.", valueName: "metric|imperial"))
    var units = "metric"

    @Option(help: ArgumentHelp("The language of place names where the map has them (de, ja, zh-Hant...), or \"local\" "
                               + "for names as written locally (default: from LC_ALL, LC_MESSAGES or LANG; English for C).",
                               valueName: "CODE|local"))
    var language: String?

    @Flag(name: .customLong("show-position"),
          help: "Show the coordinate under the pointer (the centre on touch) and the zoom; key P toggles it.")
    var showPosition = false

    @Flag(name: .customLong("show-touches"),
          help: "Draw a grey disc under every finger on the map (for screenshots and demos of touch gestures).")
    var showTouches = false

    /// The recording these flags came from, when replaying one (not a flag).
    var recordingFile: String?
    /// Pins files named without a flag (not a flag): shown and saved as
    /// --pins files are, but pins dropped on the map go to one's own file.
    var openedPins: [String] = []
    /// The most tiles an area downloaded in the window may have (the `areaMaxTiles` setting; not a flag).
    var areaMaxTiles = AreaPlan.mostTiles

    @MainActor
    func options(keepingDroppedPins: Bool = false, inWindow: Bool = false) throws -> MapOptions {
        let size = try Self.parseSize(self.size)
        guard (1...65_536).contains(tileCacheMB) else {
            throw UsageError("--tile-cache-mb: \(tileCacheMB) is out of range: 1 to 65536 MB")
        }
        guard (1...1_048_576).contains(tileCacheDiskMB) else {
            throw UsageError("--tile-cache-disk-mb: \(tileCacheDiskMB) is out of range: 1 to 1048576 MB (1 TB)")
        }
        guard scale.isFinite, MapArguments.scales.contains(scale) else {
            throw UsageError("--scale: \(scale) is out of range: 0.5 to 4 pixels a point")
        }
        let (source, credit, style) = try tileSource()
        let (documents, savesOwnPins, notices) = try shownPins(keepingDroppedPins: keepingDroppedPins)
        let opened = try openedPins.map { try loadPins(from: URL(fileURLWithPath: $0)) }
        // With no --center, the view fits what the files show.
        let fitted = self.center == nil
            ? Rect.union((documents.dropFirst(pins.isEmpty ? documents.count : 0) + opened).compactMap(\.mapRect))
                .map { Camera.fitting($0, viewportSize: size, headroom: PinAnnotationView.headroom) }
            : nil
        // Else a style file's own view (its root center and zoom; a style zoom counts 512-point tiles, pinmap's
        // 256), else the tiles' own: fitted to where their data lies, when they say.
        let ownStyle = self.style.map { !["light", "dark"].contains($0) } ?? false
        let styleView = ownStyle ? style?.style.center.map { (center: $0, zoom: (style?.style.zoom).map { $0 + 1 } ?? source.openingView?.zoom ?? 1) } : nil
        let opening = fitted.map { (center: $0.centerCoordinate, zoom: $0.zoom) } ?? styleView
            ?? source.openingView.map { $0.fitted(to: size, deepest: Double(source.levels.upperBound) + 1) }.map { (center: $0.center, zoom: $0.zoom) }
        let center: Coordinate
        do {
            center = try self.center.map(Coordinate.parse) ?? opening?.center ?? Coordinate(latitude: 30, longitude: 10)
        } catch {
            throw UsageError("--center: \(error.description)")
        }
        let zoomText = self.zoom ?? opening.map { String($0.zoom) } ?? "2"
        guard let zoom = DecimalText.parse(zoomText), zoom.isFinite, Camera.zoomLimits.contains(zoom) else {
            throw UsageError("--zoom: \"\(zoomText)\" is not a zoom level from 0 to 20")
        }
        var options = MapOptions(source: source, center: center, zoom: zoom, size: size,
                                 attribution: attribution ?? Self.credit(tiles: credit, showsWorld: showsEmbeddedWorld(source)),
                                 resources: MapResources(fonts: PinmapResources.fontsDirectory,
                                                         images: PinmapResources.imagesDirectory),
                                 tileCacheBytes: tileCacheMB << 20, pins: documents.first)
        options.morePins = Array(documents.dropFirst()) + opened
        if let colorBy {
            guard let coloring = TrackColoring(rawValue: colorBy) else {
                throw UsageError("--color-by: \"\(colorBy)\" is not elevation, speed or heart-rate")
            }
            options.trackColoring = coloring
        }
        options.displayScale = scale
        if let appearance {
            guard let chosen = appearance == "auto" ? .automatic : ChromeAppearance(rawValue: appearance), appearance != "automatic" else {
                throw UsageError("--appearance: \"\(appearance)\" is not auto, light or dark")
            }
            options.appearance = chosen
        }
        style?.apply(to: &options)
        let bearingText = bearing ?? style?.style.bearing.map { String($0) } ?? "0"
        guard let heading = DecimalText.parse(bearingText), heading.isFinite, abs(heading) <= 360 else {
            throw UsageError("--bearing: \"\(bearingText)\" is not a heading from -360 to 360 degrees")
        }
        let pitchText = pitch ?? style?.style.pitch.map { String($0) } ?? "0"
        guard let pitch = DecimalText.parse(pitchText), pitch.isFinite, Camera.pitchLimits.contains(pitch) else {
            throw UsageError("--pitch: \"\(pitchText)\" is not a pitch from 0 to 60 degrees")
        }
        options.heading = heading
        options.pitch = pitch
        options.isRotateEnabled = !northUp
        if let language {
            guard let chosen = NameLanguage(language) else {
                throw UsageError("--language: \"\(language)\" is not a language code such as de or ja, or local")
            }
            options.language = chosen
        } else {
            options.language = NameLanguage(environment: ProcessInfo.processInfo.environment)
        }
        options.logger = Logger(label: "pinmap")  // the library logs only when given a logger
        options.savesPins = !pins.isEmpty || !openedPins.isEmpty || savesOwnPins
        for notice in notices {
            Logger(label: "pinmap.pins").warning("\(notice)")
            options.notices.append(notice)
        }
        try loadCallouts(into: &options)
        options.gazetteer = PinmapResources.gazetteer
        options.locationProvider = try locationProvider(inWindow: inWindow)
        // The window's own GeoClue is a best effort: its absence is said when the user asks for the location.
        options.announcesLocationProblems = locationSource != nil || location != nil || gpsd != nil
        if dropAtLocation && (options.locationProvider == nil || locationSource == nil && location == nil && gpsd == nil) {
            throw UsageError("--drop-at-location needs --location LAT,LON, --gpsd or --location-source geoclue")
        }
        options.dropsPinAtLocation = dropAtLocation
        if savePlaceNames && pins.isEmpty { throw UsageError("--save-place-names needs --pins FILE to save to") }
        options.savesPlaceNames = savePlaceNames
        options.showsTouches = showTouches
        options.showsControls = !noControls
        guard let units = ScaleBar.Units(rawValue: units) else {
            throw UsageError("--units: \"\(self.units)\" is not metric or imperial")
        }
        options.units = units
        options.showsPosition = showPosition
        // Past the world's deepest level (its 512-point zoom 8), street detail fades in between zooms 9 and 10.
        if drawsEmbeddedWorld && !rasterWorld { options.streetDetail = DetailNotice(source: StreetDetail.source, fromZoom: 10) }
        if cluster && pins.isEmpty { throw UsageError("--cluster needs --pins FILE: the demo pins do not cluster") }
        options.clustersPins = cluster
        return options
    }

    /// The fixed location, gpsd or GeoClue, checked. A window without any
    /// asks GeoClue quietly: a desktop without it shows no location.
    private func locationProvider(inWindow: Bool) throws -> (any LocationProvider)? {
        if let locationSource {
            guard location == nil, gpsd == nil else {
                throw UsageError("--location-source and \(location != nil ? "--location" : "--gpsd") contradict each other: give one")
            }
            return locationSource == .geoclue ? GeoClueProvider(desktopID: "pinmap") : nil
        }
        switch (location, gpsd) {
        case (.some, .some):
            throw UsageError("--location and --gpsd contradict each other: give one")
        case (let text?, nil):
            do {
                return FixedLocationProvider(LocationFix(coordinate: try Coordinate.parse(text)))
            } catch {
                throw UsageError("--location: \(error.description)")
            }
        case (nil, let address?):
            let (host, port) = try Self.parseAddress(address)
            return GPSDProvider(host: host, port: port)
        case (nil, nil):
            return inWindow ? GeoClueProvider(desktopID: "pinmap") : nil
        }
    }

    /// "host", "host:port" or "[v6]:port"; the port defaults to gpsd's 2947.
    static func parseAddress(_ text: String) throws -> (String, UInt16) {
        var host = text, port = GPSDProvider.defaultPort
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]"), text.filter({ $0 == ":" }).count == 1
            || text.hasPrefix("[") {
            host = String(text[..<colon])
            guard let number = UInt16(text[text.index(after: colon)...]), number > 0 else {
                throw UsageError("--gpsd: \"\(text)\" does not end in a port from 1 to 65535")
            }
            port = number
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw UsageError("--gpsd: \"\(text)\" names no host") }
        return (host, port)
    }

    /// Parses "800x600"; each side from 16 to 8192 pixels.
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw UsageError("--size: \"\(text)\" is not WIDTHxHEIGHT in pixels, e.g. 800x600")
        }
        guard (16...8192).contains(width), (16...8192).contains(height) else {
            throw UsageError("--size: \(width)x\(height) is out of range (each side 16 to 8192 pixels)")
        }
        return Size(width: Double(width), height: Double(height))
    }
}
