import Foundation
import MapEngine
import MapKitLayer

/// Draws a map into a picture off-screen, after MapKit's
/// `MKMapSnapshotter`: a region of any map, with annotations and
/// overlays, at any size and scale, for thumbnails, sharing or printing.
/// It needs no window and no display, and waits for the map's tiles.
///
///     var options = MapSnapshotter.Options(mapOptions: try MapOptions.world())
///     options.region = CoordinateRegion(center: zurich, latitudinalMeters: 20_000, longitudinalMeters: 20_000)
///     options.size = Size(width: 600, height: 400)   // points
///     options.scale = 2                              // a 1200 × 800 picture
///     options.annotations = [office]
///     let snapshot = try MapSnapshotter(options: options).snapshot()
///     try snapshot.write(to: URL(fileURLWithPath: "zurich.png"))
///     snapshot.point(for: office.coordinate)         // where the office is in the picture, in points
///
/// Like a window, a snapshotter is used from one thread at a time; several
/// may draw on several threads, one after another.
@MainActor public final class MapSnapshotter {
    /// What to draw.
    ///
    ///     var options = MapSnapshotter.Options(mapOptions: try MapOptions.world(), size: Size(width: 300, height: 200), scale: 2)
    ///     options.region = CoordinateRegion(center: home, latitudinalMeters: 5_000, longitudinalMeters: 5_000)
    ///     options.annotations = [PointAnnotation(coordinate: home, title: "Home")]
    public struct Options {
        /// The map: its tiles or style, and where it looks when `region` is nil.
        public var mapOptions: MapOptions
        /// The area shown whole and as large as fits; nil: `mapOptions`' centre and zoom.
        public var region: CoordinateRegion?
        /// The picture's size in points.
        public var size: Size
        /// Pixels a point: 2 draws the same map in twice the pixels, with the 2x images.
        public var scale: Double
        /// Pins and other annotations drawn on the map, with the views `delegate` gives.
        public var annotations: [any Annotation] = []
        /// Lines and areas drawn on the map.
        public var overlays: [any Overlay] = []
        /// Gives the annotations their views (the standard pin without one).
        public var delegate: MapViewDelegate?

        /// A picture of the map `mapOptions` describes, `size` points at `scale` pixels a point.
        public init(mapOptions: MapOptions, size: Size = Size(width: 512, height: 512), scale: Double = 1) {
            self.mapOptions = mapOptions
            self.size = size
            self.scale = scale
        }
    }

    /// What the snapshotter draws.
    public let options: Options

    /// A snapshotter drawing what `options` describe.
    public init(options: Options) {
        self.options = options
    }

    /// Draws the picture, once the map's tiles are in (waiting at most
    /// `tileTimeout` seconds for one). Throws when the map cannot be opened
    /// or drawn, or the size or scale are no picture's.
    public func snapshot(tileTimeout: Double = 20) throws(MapSnapshotError) -> MapSnapshot {
        let scale = options.scale, size = options.size
        guard scale.isFinite, scale > 0, scale <= 4 else { throw .badOptions("the scale \(scale) is not from above 0 to 4") }
        let pixels = Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
        guard pixels.width >= 1, pixels.height >= 1, pixels.width <= 16_384, pixels.height <= 16_384 else {
            throw .badOptions("\(size.width) × \(size.height) points at \(scale)x is no picture of 1 to 16,384 pixels a side")
        }
        var map = options.mapOptions
        map.size = pixels
        map.displayScale = scale
        map.showsControls = false  // a picture of the map, not of its buttons
        return try OffscreenDrawing.serially { () throws(MapSnapshotError) -> MapSnapshot in
            let run: HeadlessRun
            do {
                run = try HeadlessRun(options: map)
            } catch let error as SDLError {
                throw .cannotOpen(error.description)
            } catch {
                throw .cannotOpen("\(error)")
            }
            let controller = run.session.map
            if let delegate = options.delegate { controller.delegate = delegate }
            controller.addAnnotations(options.annotations)
            for overlay in options.overlays { controller.addOverlay(overlay) }
            if let region = options.region { controller.setRegion(region, animated: false) }
            do {
                let image = try run.renderImage(tileTimeout: tileTimeout)
                return MapSnapshot(image: image, scale: scale, camera: controller.camera)
            } catch let error as HeadlessError {
                throw .cannotDraw(error.description)
            } catch {
                throw .cannotDraw("\(error)")
            }
        }
    }
}

/// A picture a `MapSnapshotter` drew (after MapKit's `MKMapSnapshot`).
///
///     let snapshot = try MapSnapshotter(options: options).snapshot()
///     try snapshot.write(to: URL(fileURLWithPath: "map.png"))
///     let pin = snapshot.point(for: office.coordinate)   // points from the top left
public struct MapSnapshot {
    /// The picture: its size in points times the scale.
    package let image: Surface
    /// Pixels a point.
    public let scale: Double
    /// The camera it was drawn with, in pixels.
    let camera: Camera

    /// The picture's size in points (its pixels divided by `scale`).
    public var size: Size { Size(width: Double(image.width) / scale, height: Double(image.height) / scale) }

    /// Where `coordinate` lies in the picture, in points from its top left corner.
    public func point(for coordinate: Coordinate) -> Point {
        camera.screenPoint(for: coordinate) / scale
    }

    /// The picture as PNG bytes.
    public func pngData() throws(MapSnapshotError) -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-snapshot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try write(to: file)
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Writes the picture as a PNG file.
    public func write(to url: URL) throws(MapSnapshotError) {
        do {
            try image.savePNG(path: url.path)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.reason)
        }
    }
}

/// Why a snapshot could not be made.
///
///     do { try snapshot.write(to: URL(fileURLWithPath: "/read-only/map.png")) } catch { print(error) }
public enum MapSnapshotError: Error, Equatable, CustomStringConvertible {
    /// The size or scale are no picture's.
    case badOptions(String)
    /// The map could not be opened (its tiles, fonts or style).
    case cannotOpen(String)
    /// The picture could not be drawn (its tiles did not come in).
    case cannotDraw(String)
    /// The PNG could not be written.
    case cannotWrite(path: String, reason: String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .badOptions(let reason): "snapshot: \(reason)"
        case .cannotOpen(let reason): "snapshot: the map cannot be opened: \(reason)"
        case .cannotDraw(let reason): "snapshot: the picture cannot be drawn: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): the snapshot cannot be written: \(reason)"
        }
    }
}

/// SDL's software drawing, one picture at a time in the process (snapshots
/// and `PinmapTesting`'s testers on any thread).
@MainActor
package enum OffscreenDrawing {
    private static let lock = NSLock()

    /// Runs `body` while no other offscreen picture is being drawn.
    package static func serially<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
