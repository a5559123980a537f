/// A shape laid over the map: a line, an area, a circle (after MapKit's
/// `MKOverlay`). The map draws it between the map and the pins, antialiased,
/// per tile, on every copy of the world, and a click or tap can select it.
///
///     let route = Polyline(coordinates: points)
///     route.title = "Morning walk"
@MainActor public protocol Overlay: AnyObject {
    /// Where the overlay is, for its callout: its middle, or its centre.
    var coordinate: Coordinate { get }
    /// A name for its callout (GeoJSON's `title` or `name`).
    var title: String? { get set }
    /// A line under the name (GeoJSON's `description`).
    var subtitle: String? { get set }
}

/// An overlay with shapes to draw: each of pinmap's overlays is one.
package protocol ShapedOverlay: AnyObject {
    /// What the overlay draws, projected: Sendable, so tiles can be drawn off the main thread.
    var geometry: OverlayGeometry { get }
}

extension Overlay {
    /// What the overlay draws; nothing for an overlay of another kind than pinmap's.
    package var geometry: OverlayGeometry { (self as? ShapedOverlay)?.geometry ?? .lines([]) }

    /// The smallest unit-world rectangle holding the overlay (after MapKit's `boundingMapRect`);
    /// x may run past 0...1 for a shape across the antimeridian.
    public var boundingMapRect: Rect { geometry.bounds }
}

/// An overlay's shapes in unit-world Web Mercator: lines, or areas with holes.
package enum OverlayGeometry: Sendable, Equatable {
    /// Open lines (a polyline, each part of a multi-polyline).
    case lines([OverlayPath])
    /// Areas, each an outer ring and its holes.
    case areas([OverlayArea])

    /// Where a callout points: half way along the first line, or the middle of the areas' bounds.
    package var middle: Coordinate {
        if case .lines(let paths) = self, let path = paths.first(where: { $0.points.count > 1 }) {
            return WebMercator.unproject(path.trimmed(from: 0, to: 0.5).points.last ?? path.points[0])
        }
        return WebMercator.unproject(bounds.center)
    }

    /// The bounds of all its points.
    package var bounds: Rect {
        let rects: [Rect]
        switch self {
        case .lines(let paths): rects = paths.filter { !$0.points.isEmpty }.map(\.bounds)
        case .areas(let areas): rects = areas.filter { !$0.outer.points.isEmpty }.map(\.outer.bounds)
        }
        guard var minX = rects.first?.minX, var minY = rects.first?.minY,
              var maxX = rects.first?.maxX, var maxY = rects.first?.maxY else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        for rect in rects.dropFirst() {
            minX = min(minX, rect.minX); minY = min(minY, rect.minY)
            maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// An area: its outer ring and the rings of its holes, all closed (the
/// last point is not repeated).
package struct OverlayArea: Sendable, Equatable {
    /// The outer boundary.
    package let outer: OverlayPath
    /// The holes, each on the same copy of the world as the outer ring.
    package let holes: [OverlayPath]

    /// An area of `outer` less `holes`.
    package init(outer: OverlayPath, holes: [OverlayPath] = []) {
        self.outer = outer
        // A hole given on another copy of the world (its longitudes 360° off) is brought to the outer
        // ring's: the copy nearest the outer ring's middle (its first point would send a hole half a world
        // east of it, as in a country spanning 200° of longitude, to the wrong copy).
        self.holes = holes.map { hole in
            guard !hole.points.isEmpty, !outer.points.isEmpty else { return hole }
            let widths = (outer.bounds.midX - hole.bounds.midX).rounded()
            return widths == 0 ? hole : hole.shifted(byWorlds: widths)
        }
    }
}
