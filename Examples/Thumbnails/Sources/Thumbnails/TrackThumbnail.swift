import Foundation
import PinmapKit

/// A picture of a GPX file: its tracks and routes over the embedded world
/// and its waypoints as pins, framed so that all of it shows with a margin.
///
///     let thumbnail = TrackThumbnail(size: Size(width: 320, height: 200), scale: 2)
///     try thumbnail.snapshot(ofGPX: ride).write(to: URL(fileURLWithPath: "ride.png"))
@MainActor public struct TrackThumbnail {
    /// The picture's size, in points.
    public var size: Size
    /// Pixels a point: 2 draws the same picture twice as sharp.
    public var scale: Double
    /// The share of the picture left around the track on each side.
    public var margin = 0.3

    /// A thumbnail maker of pictures `size` points large.
    public init(size: Size = Size(width: 320, height: 200), scale: Double = 1) {
        self.size = size
        self.scale = scale
    }

    /// Draws the GPX file at `url`.
    /// - Throws: `ThumbnailError` naming the file and the problem.
    public func snapshot(ofGPX url: URL) throws(ThumbnailError) -> MapSnapshot {
        let gpx: GPXDocument
        do {
            gpx = try GPXDocument.load(from: url)
        } catch {
            throw .unreadable(error.description)
        }
        let lines = gpx.tracks.map { TrackOverlay(track: $0) } + gpx.routes.map { TrackOverlay(route: $0) }
        let pins = gpx.waypoints.map { PointAnnotation(coordinate: $0.point.coordinate, title: $0.name) }
        let places = lines.flatMap { $0.segments.joined().map(\.coordinate) } + pins.map(\.coordinate)
        guard let region = region(around: places) else { throw .empty(url.path) }
        do {
            var options = MapSnapshotter.Options(mapOptions: try MapOptions.world(), size: size, scale: scale)
            options.region = region
            options.overlays = lines
            options.annotations = pins
            options.delegate = TrackPainter()
            return try MapSnapshotter(options: options).snapshot()
        } catch {
            throw .cannotDraw("\(url.path): \(error)")
        }
    }

    /// The region holding every place, with the margin; nil for none.
    private func region(around places: [Coordinate]) -> CoordinateRegion? {
        guard let first = places.first else { return nil }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for place in places.dropFirst() {
            south = min(south, place.latitude); north = max(north, place.latitude)
            west = min(west, place.longitude); east = max(east, place.longitude)
        }
        let grow = 1 + 2 * margin
        return CoordinateRegion(
            center: Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2),
            span: CoordinateSpan(latitudeDelta: max((north - south) * grow, 0.005),
                                 longitudeDelta: max((east - west) * grow, 0.005)))
    }
}

/// Draws tracks in pinmap's track colour, 5 points wide, and waypoints as red pins.
@MainActor
final class TrackPainter: MapViewDelegate {
    func mapView(_ map: MapController, rendererFor overlay: any Overlay) -> OverlayRenderer? {
        guard let track = overlay as? TrackOverlay else { return nil }
        let renderer = TrackRenderer(track: track)
        renderer.lineWidth = 5
        return renderer
    }

    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        let view = PinAnnotationView(annotation: annotation)
        view.pinColor = .red
        return view
    }
}

/// Why a thumbnail could not be made.
public enum ThumbnailError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read as GPX.
    case unreadable(String)
    /// The file has no track, route or waypoint.
    case empty(String)
    /// The map could not be drawn.
    case cannotDraw(String)

    /// What went wrong, on one line.
    public var description: String {
        switch self {
        case .unreadable(let reason): reason
        case .empty(let file): "\(file): no track, route or waypoint to draw"
        case .cannotDraw(let reason): reason
        }
    }
}
