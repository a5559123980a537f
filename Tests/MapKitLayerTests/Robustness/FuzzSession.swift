import Foundation
@testable import MapEngine
@testable import MapKitLayer
import FileAccess

/// A whole map session as the app runs it (a pins file on disk that every
/// drop, undo and deletion saves, a location to drop pins at, callouts with
/// buttons) driven by a list of events, checking after every event and
/// every frame what must always hold:
/// - the camera is finite and in range;
/// - every annotation's coordinate is a valid place;
/// - only annotations on the map are selected, and a view is lifted
///   (starting or dragging) exactly while the map says it carries one;
/// - every command of every frame has finite numbers, and no tile is drawn
///   larger than 400 px a side;
/// - after every save the file parses and holds every pin where it rests on
///   the map; and when the session ends and everything has landed, the map
///   and the file agree (no move lost between them). A GPX file's waypoints
///   are pins of a second file, its track and a GeoJSON line and area with a
///   hole are overlays the events select, colour and open profiles of.
@MainActor final class FuzzSession {
    static let pinsText = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "paris", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}, "properties": {"title": "Paris", "subtitle": "France"}},
      {"type": "Feature", "id": "lyon", "geometry": {"type": "Point", "coordinates": [4.8357, 45.764]}, "properties": {"title": "Lyon", "marker-color": "green"}},
      {"type": "Feature", "id": "near-paris", "geometry": {"type": "Point", "coordinates": [2.4, 48.9]}, "properties": {"title": "Close by", "callout": "note"}},
      {"type": "Feature", "id": "target", "geometry": {"type": "Point", "coordinates": [-0.0015, 51.4779]}, "properties": {"title": "Target", "marker-symbol": "bullseye"}},
      {"type": "Feature", "id": "fixed", "geometry": {"type": "Point", "coordinates": [13.405, 52.52]}, "properties": {"title": "Fixed", "draggable": false}},
      {"type": "Feature", "id": "place", "geometry": {"type": "Point", "coordinates": [-3.7038, 40.4168]}, "properties": {"placemark": true}},
      {"type": "Feature", "id": "dateline", "geometry": {"type": "Point", "coordinates": [179.99, -16.5]}, "properties": {"title": "Fiji"}},
      {"type": "Feature", "id": "north", "geometry": {"type": "Point", "coordinates": [10, 84.9]}, "properties": {"title": "North"}},
      {"type": "Feature", "id": "dropped-9223372036854775807", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"title": "Huge id"}},
      {"type": "Feature", "id": "crowd-1", "geometry": {"type": "Point", "coordinates": [2.30, 48.80]}, "properties": {"title": "Crowd 1", "cluster": "crowd"}},
      {"type": "Feature", "id": "crowd-2", "geometry": {"type": "Point", "coordinates": [2.32, 48.83]}, "properties": {"title": "Crowd 2", "cluster": "crowd", "marker-color": "purple"}},
      {"type": "Feature", "id": "crowd-3", "geometry": {"type": "Point", "coordinates": [2.36, 48.81]}, "properties": {"title": "Crowd 3", "cluster": "crowd"}},
      {"type": "Feature", "id": "flat-1", "geometry": {"type": "Point", "coordinates": [2.35, 48.86]}, "properties": {"title": "Flat 1", "cluster": "crowd"}},
      {"type": "Feature", "id": "flat-2", "geometry": {"type": "Point", "coordinates": [2.35, 48.86]}, "properties": {"title": "Flat 2", "cluster": "crowd"}},
      {"type": "Feature", "id": "seam-east", "geometry": {"type": "Point", "coordinates": [179.99999, -17]}, "properties": {"title": "Seam east", "cluster": "seam"}},
      {"type": "Feature", "id": "seam-edge", "geometry": {"type": "Point", "coordinates": [180, -17]}, "properties": {"title": "Seam edge", "cluster": "seam"}},
      {"type": "Feature", "id": "seam-west", "geometry": {"type": "Point", "coordinates": [-179.99999, -17]}, "properties": {"title": "Seam west", "cluster": "seam"}},
      {"type": "Feature", "id": "pole-1", "geometry": {"type": "Point", "coordinates": [20, 89]}, "properties": {"title": "Pole 1", "cluster": "pole"}},
      {"type": "Feature", "id": "pole-2", "geometry": {"type": "Point", "coordinates": [20.5, 85.06]}, "properties": {"title": "Pole 2", "cluster": "pole"}}
    ]}

    """

    static let gpxText = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="fuzz" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
      <wpt lat="48.87" lon="2.30"><name>Start &amp; finish</name><sym>Flag, Green</sym></wpt>
      <wpt lat="48.84" lon="2.40"><name>Cafe</name></wpt>
      <trk><name>Loop</name><trkseg>
        <trkpt lat="48.87" lon="2.30"><ele>40</ele><time>2024-05-01T10:00:00Z</time><extensions><ns3:TrackPointExtension><ns3:hr>110</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>
        <trkpt lat="48.85" lon="2.35"><ele>60</ele><time>2024-05-01T10:05:00Z</time></trkpt>
        <trkpt lat="48.84" lon="2.40"><ele>35</ele><time>2024-05-01T10:10:00Z</time></trkpt>
      </trkseg><trkseg>
        <trkpt lat="48.80" lon="2.40"><ele>50</ele><time>2024-05-01T10:20:00Z</time></trkpt>
        <trkpt lat="48.80" lon="2.30"><ele>45</ele><time>2024-05-01T10:30:00Z</time></trkpt>
      </trkseg></trk>
    </gpx>

    """

    static let shapesText = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[170, -16], [-170, -17], [-160, -15]]}, "properties": {"name": "Across the date line"}},
      {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[2.2, 48.9], [2.5, 48.9], [2.5, 48.75], [2.2, 48.75], [2.2, 48.9]], [[2.3, 48.85], [2.4, 48.85], [2.4, 48.8], [2.3, 48.8], [2.3, 48.85]]]}, "properties": {"name": "Ring", "fill": "#00ff00"}}
    ]}
    """

    struct Failure: Error, CustomStringConvertible {
        let step: Int
        let message: String
        var description: String { "after event \(step): \(message)" }
    }

    let folder: URL
    let map: MapController
    let pins: PinsOnMap
    /// The GPX file's waypoints, saved to it.
    let gpx: PinsOnMap
    let views: PinFeatureViews
    let path: String
    let gpxPath: String
    private(set) var now = 0.0
    private(set) var saves = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("pins.geojson").path
        try Data(FuzzSession.pinsText.utf8).write(to: URL(fileURLWithPath: path))
        let document = try PinDocument.load(from: URL(fileURLWithPath: path), files: DiskFiles())
        pins = PinsOnMap(document: document, savingThrough: DiskFiles())
        gpxPath = folder.appendingPathComponent("ride.gpx").path
        try Data(FuzzSession.gpxText.utf8).write(to: URL(fileURLWithPath: gpxPath))
        let ride = try PinDocument.load(from: URL(fileURLWithPath: gpxPath), files: DiskFiles())
        gpx = PinsOnMap(document: ride, savingThrough: DiskFiles(), receivesDroppedPins: false)
        let shapes = try PinDocument.parse(Array(FuzzSession.shapesText.utf8), file: "shapes.geojson")
        let note = try CalloutLayoutParser(file: "note.json", name: "note").parse(Array(FuzzSession.noteLayout.utf8))
        views = PinFeatureViews(layouts: CalloutLayoutLibrary(layouts: [note]))
        map = MapController(camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 5,
                                           viewportSize: Size(width: 800, height: 600)),
                            levels: 0...5, attribution: "Natural Earth")
        map.delegate = views
        map.search.finder = PlaceSearch(PlaceSearchTests.gazetteer)
        map.addAnnotations(pins.annotations)
        map.addAnnotations(gpx.annotations)
        for (overlay, renderer) in ride.overlays(coloring: .elevation) + shapes.overlays() {
            map.addOverlay(overlay, renderer: renderer)
        }
        map.userLocation.droppedCount = DroppedPin.count(after: pins.annotations.map(\.feature.id))
        let feed = LocationFeed()
        feed.post(.fix(LocationFix(coordinate: Coordinate(latitude: 48.86, longitude: 2.34))))
        map.userLocation.feed = feed
    }

    static let noteLayout = """
    {"strip": {"top": "#5d6d82d9", "bottom": "#1c2633eb"}, "arrangement": "frames", "width": 200, "height": 64,
     "elements": [
      {"type": "label", "text": "{title}", "size": 14, "color": "#ffffff", "frame": [8, 8, 184, 20]},
      {"type": "button", "title": "Delete", "action": "delete", "size": 12, "frame": [8, 34, 90, 22]},
      {"type": "button", "title": "Centre", "action": "center", "size": 12, "frame": [102, 34, 90, 22]}
    ]}
    """

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Where the pins are on screen, for the next events to aim at.
    var targets: [Point] {
        (map.annotations.map(\.coordinate) + map.overlays.map(\.coordinate)).map { map.convert($0) }.filter { $0.isFinite }
    }

    func run(_ event: FuzzEvent, step: Int) throws(Failure) {
        now += event.gap
        let actions = map.handle(event.input, at: now)
        try saveIfChanged(actions, step: step)
        try checkState(step: step)
        let scene = FrameComposer.scene(of: map, at: now, tiles: AllTiles(), text: FixedMetrics())
        try saveIfChanged(map.takePendingActions(), step: step)
        try check(scene, step: step)
        try checkState(step: step)
    }

    /// Lets go of everything and lets it land, then checks the map and the
    /// file agree.
    func finish(step: Int) throws(Failure) {
        try saveIfChanged(map.handle(.focusLost, at: now), step: step)
        for _ in 0..<120 {
            now += 1.0 / 60
            _ = FrameComposer.scene(of: map, at: now, tiles: AllTiles(), text: FixedMetrics())
            try saveIfChanged(map.takePendingActions(), step: step)
        }
        try checkFile(step: step, resting: false)
    }

    private func saveIfChanged(_ actions: [MapAction], step: Int) throws(Failure) {
        guard actions.contains(.annotationsChanged) else { return }
        do {
            try pins.save(from: map)
            try gpx.save(from: map)
        } catch {
            throw Failure(step: step, message: "save failed: \(error)")
        }
        saves += 1
        try checkFile(step: step, resting: true)
    }

    /// The file holds every pin of the map (where it rests when `resting`,
    /// else where it stands) and no other.
    private func checkFile(step: Int, resting: Bool) throws(Failure) {
        try checkFile(path, pins, step: step, resting: resting)
        try checkFile(gpxPath, gpx, step: step, resting: resting)
        // The GPX file's track is still all there.
        let ride = try? PinDocument.load(from: URL(fileURLWithPath: gpxPath), files: DiskFiles())
        guard ride?.gpx?.tracks.first?.segments.map(\.count) == [3, 2] else {
            throw Failure(step: step, message: "the GPX file's track changed")
        }
    }

    private func checkFile(_ path: String, _ pins: PinsOnMap, step: Int, resting: Bool) throws(Failure) {
        let document: PinDocument
        do {
            document = try PinDocument.load(from: URL(fileURLWithPath: path), files: DiskFiles())
        } catch {
            throw Failure(step: step, message: "the saved file does not parse: \(error)")
        }
        var onMap: [String: Coordinate] = [:]
        for pin in pins.annotations where map.contains(pin) {
            onMap[pin.feature.id] = resting ? map.restingCoordinate(of: pin) : pin.coordinate
        }
        for pin in map.droppedPins where pins.receivesDroppedPins {
            onMap[pin.identifier ?? "?"] = resting ? map.restingCoordinate(of: pin) : pin.coordinate
        }
        let inFile = Dictionary(document.features.map { ($0.id, $0.coordinate) }, uniquingKeysWith: { a, _ in a })
        guard Set(inFile.keys) == Set(onMap.keys) else {
            throw Failure(step: step, message: "file holds \(inFile.keys.sorted()), map holds \(onMap.keys.sorted())")
        }
        for (id, coordinate) in onMap {
            let saved = inFile[id]!
            // The file keeps seven decimals.
            // Seven decimals in the file; -180 and 180 are one meridian.
            let dx = abs(saved.longitude - coordinate.longitude)
            guard abs(saved.latitude - coordinate.latitude) <= 1e-7, min(dx, abs(dx - 360)) <= 1e-7 else {
                throw Failure(step: step, message: "pin \(id) is at \(coordinate) on the map but \(saved) in the file")
            }
        }
    }

    private func checkState(step: Int) throws(Failure) {
        guard map.camera.isValid else { throw Failure(step: step, message: "camera invalid: \(map.camera)") }
        for annotation in map.annotations where !annotation.coordinate.isValid {
            throw Failure(step: step, message: "\(annotation.title ?? "?") has coordinate \(annotation.coordinate)")
        }
        for selected in map.selectedAnnotations where !map.contains(selected) {
            throw Failure(step: step, message: "\(selected.title ?? "?") is selected but not on the map")
        }
        let lifted = map.annotations.compactMap { map.view(for: $0) }
            .filter { $0.dragState == .starting || $0.dragState == .dragging }
        guard lifted.count == (map.isDragging ? 1 : 0) else {
            throw Failure(step: step, message: "\(lifted.count) views lifted while isDragging is \(map.isDragging)")
        }
    }

    private func check(_ scene: Scene, step: Int) throws(Failure) {
        for command in scene.commands {
            let rect = command.rect
            guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else {
                throw Failure(step: step, message: "a command with a non-finite rectangle: \(command)")
            }
            let view = scene.camera.viewportSize
            // A tilted view only a few pixels high, or many times wider than high, is all wide angle: its
            // sides stretch the ground without bound, as any perspective camera would. Such views are checked
            // for finite numbers only.
            let ordinary = scene.camera.pitch == 0 || (view.height >= 64 && view.width <= 4 * view.height)
            if case .tile(let draw) = command, let mesh = draw.mesh {
                guard ordinary else { continue }
                // Turned or tilted: each square of the mesh on screen, as large as a whole tile of it would be,
                // by area (a wide view's sides stretch the ground sideways and shorten it in depth).
                let n = mesh.cells, p = mesh.points, k = Double(n) * WebMercator.tileSize / max(draw.source.width, 1e-9)
                let view = Rect(origin: .zero, size: scene.camera.viewportSize)
                // At the deepest zoom, a tilted map's nearest ground is drawn up to 1.6 times as large as at the centre.
                let most = 400 * (scene.camera.pitch > 0 ? 1.6 : 1)
                for row in 0..<n {
                    for column in 0..<n {
                        let a = p[row * (n + 1) + column], b = p[row * (n + 1) + column + 1], c = p[(row + 1) * (n + 1) + column]
                        guard view.contains(a) else { continue }
                        let u = b - a, v = c - a
                        let side = abs(u.x * v.y - u.y * v.x).squareRoot() * k
                        guard side <= most else {
                            throw Failure(step: step, message: "a turned tile drawn \(side) pixels a side")
                        }
                    }
                }
            } else if case .tile(let draw) = command, draw.rect.width > 400 || draw.rect.height > 400 {
                throw Failure(step: step, message: "a tile drawn at \(draw.rect.width)x\(draw.rect.height)")
            }
        }
    }
}

/// Every tile loaded, so frames draw tiles rather than placeholders.
struct AllTiles: TileStatusProviding {
    func status(of key: TileKey) -> TileStatus? { .loaded }
}
