import Foundation

/// The spherical (Web) Mercator projection used by raster map tiles.
///
/// Positions are expressed in *unit world* coordinates: x from 0 (180° W) to 1
/// (180° E), y from 0 (north edge) to 1 (south edge). Multiply by
/// `worldSize(zoom:)` for pixels at a zoom level.
///
///     let p = WebMercator.project(Coordinate(latitude: 0, longitude: 0))   // (0.5, 0.5)
package enum WebMercator {
    /// The latitude at which the square Mercator world ends: beyond it y would
    /// run past the square's edge (and to infinity at the poles).
    package static let maxLatitude = 85.0511287798

    /// The equator's length on Web Mercator's sphere (radius 6,378,137 m), in metres.
    package static let earthCircumference = 2 * Double.pi * 6_378_137

    /// How many metres one pixel spans at `latitude` on a world `worldSize`
    /// pixels wide (Mercator stretches them by 1 / cos(latitude)).
    package static func metresPerPixel(latitude: Double, worldSize: Double) -> Double {
        cos(latitude * .pi / 180) * earthCircumference / worldSize
    }

    /// Side of one tile in pixels; the world at zoom z is `tileSize * 2^z` wide.
    package static let tileSize = 256.0

    /// Width and height of the whole world in pixels at `zoom`.
    package static func worldSize(zoom: Double) -> Double {
        tileSize * pow(2, zoom)
    }

    /// Unit world position of a coordinate; latitude is clamped to ±maxLatitude.
    package static func project(_ coordinate: Coordinate) -> Point {
        let latitude = min(max(coordinate.latitude, -maxLatitude), maxLatitude)
        let x = (coordinate.longitude + 180) / 360
        let sinLat = sin(latitude * .pi / 180)
        let y = 0.5 - log((1 + sinLat) / (1 - sinLat)) / (4 * .pi)
        return Point(x: x, y: y)
    }

    /// The coordinate at a unit world position; x outside 0...1 wraps around.
    package static func unproject(_ p: Point) -> Coordinate {
        let longitude = Coordinate.wrapLongitude(p.x * 360 - 180)
        let n = .pi * (1 - 2 * p.y)
        let latitude = atan(sinh(n)) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}

extension WebMercator {
    /// An east-west step in unit world widths taken the short way round the
    /// world: brought into -0.5..<0.5, since the world repeats every 1.
    ///
    ///     WebMercator.shortWay(0.9)   // -0.1
    package static func shortWay(_ dx: Double) -> Double {
        dx - (dx + 0.5).rounded(.down)
    }
}
