import Foundation

/// The map's raised areas (3D buildings of `fill-extrusion` layers) from
/// frame to frame: each tile's, as the tiles came in; each frame the
/// buildings of the tiles in view are projected through the camera and
/// drawn back to front (the painter's way): buildings farthest from the eye
/// first; of each, only the walls that face the eye, farthest first, then
/// its roof. Footprints do not overlap, and a roof (seen from above, at any
/// pitch the camera allows) hides only its own walls, so this order draws
/// every nearer face over the farther ones.
///
/// Faces are lit as MapLibre's default light lights them: from 30° off the
/// vertical, from the upper left of the view (azimuth 210°, anchored to the
/// view), at half intensity; walls darken towards the ground.
package struct BuildingLayer {
    /// Each tile's raised areas, as the tiles came in.
    private var tiles: [TileID: [Extrusion]] = [:]

    /// MapLibre's default `light`: azimuth and polar angle in degrees, and intensity.
    static let lightAzimuth = 210.0
    static let lightPolar = 30.0
    static let lightIntensity = 0.5
    /// The shade at the foot of a wall with a vertical gradient.
    static let groundShade = 0.84

    package init() {}

    /// Whether any tile raises anything.
    package var isEmpty: Bool { tiles.isEmpty }

    /// Takes the raised areas of tiles that came in and lets go those of tiles that went.
    package mutating func apply(_ changes: TileLabelChanges) {
        for tile in changes.departed { tiles[tile] = nil }
        for (tile, extrusions) in changes.raised { tiles[tile] = extrusions }
    }

    /// The buildings in view as triangles, one command per style layer, in style order.
    package func commands(camera: Camera, levels: ClosedRange<Int>) -> [DrawCommand] {
        guard !tiles.isEmpty else { return [] }
        let shown = TileLayer.labelTiles(camera: camera, levels: levels, held: tiles)
        guard !shown.isEmpty else { return [] }
        var solids: [Solid] = []
        let eye = camera.eye
        let view = Rect(origin: .zero, size: camera.viewportSize)
        for tile in shown {
            guard let extrusions = tiles[tile] else { continue }
            let n = Double(1 << tile.z)
            // The tile's corner as a ground offset (the copy of the world nearest the centre), and pixels per tile pixel.
            let unit = camera.worldSize / (n * WebMercator.tileSize)
            let corner = Point(x: WebMercator.shortWay(Double(tile.x) / n - camera.center.x) * camera.worldSize,
                               y: (Double(tile.y) / n - camera.center.y) * camera.worldSize)
            let latitude = WebMercator.unproject(Point(x: (Double(tile.x) + 0.5) / n, y: (Double(tile.y) + 0.5) / n)).latitude
            let pixelsPerMetre = 1 / WebMercator.metresPerPixel(latitude: latitude, worldSize: camera.worldSize)
            for extrusion in extrusions {
                if let solid = Solid(extrusion, corner: corner, unit: unit, pixelsPerMetre: pixelsPerMetre,
                                     camera: camera, eye: eye, view: view) {
                    solids.append(solid)
                }
            }
        }
        // Back to front: the farthest from the eye first.
        solids.sort { $0.distance > $1.distance }
        let layers = Set(solids.map(\.layer)).sorted()
        return layers.map { layer in
            var draw = TriangleDraw(points: [], colors: [], indices: [], opacity: 1, role: "buildings")
            for solid in solids where solid.layer == layer {
                draw.opacity = solid.opacity
                solid.append(to: &draw, camera: camera)
            }
            return .triangles(draw)
        }
    }

    /// One building this frame: its footprint and roof on screen, its distance from the eye.
    private struct Solid {
        let extrusion: Extrusion
        let ground: [Point]
        let bottom: [Point]
        let top: [Point]
        let distance: Double
        let layer: Int
        let opacity: Double
        let eye: Point

        init?(_ extrusion: Extrusion, corner: Point, unit: Double, pixelsPerMetre: Double, camera: Camera,
              eye: (ground: Point, height: Double), view: Rect) {
            let centre = camera.viewportSize.center
            let points = extrusion.rings.flatMap { $0 }
            let ground = points.map { corner + ($0 + extrusion.translate) * unit }
            let low = extrusion.base * pixelsPerMetre, high = extrusion.height * pixelsPerMetre
            let bottom = ground.map { camera.screenOffset(forGround: $0, altitude: low) + centre }
            let top = ground.map { camera.screenOffset(forGround: $0, altitude: high) + centre }
            let bounds = TileMesh(cells: 0, points: bottom + top).bounds
            guard bounds.intersects(view), !ground.isEmpty else { return nil }
            let middle = ground.reduce(.zero, +) / Double(ground.count)
            self.extrusion = extrusion
            self.ground = ground
            self.bottom = bottom
            self.top = top
            distance = (middle - eye.ground).length
            layer = extrusion.layer
            opacity = extrusion.opacity
            self.eye = eye.ground
        }

        /// Its walls that face the eye, farthest first, then its roof.
        func append(to draw: inout TriangleDraw, camera: Camera) {
            let light = BuildingLayer.light(heading: camera.heading)
            let color = extrusion.color
            var walls: [(distance: Double, a: Int, b: Int, shade: Double)] = []
            var start = 0
            for (ringIndex, ring) in extrusion.rings.enumerated() {
                let count = ring.count
                // Outward from the solid: away from the outer ring's inside, into a hole.
                let area = BuildingLayer.signedArea(ring)
                let flip = (area > 0) == (ringIndex == 0) ? 1.0 : -1.0
                for i in 0..<count {
                    let a = start + i, b = start + (i + 1) % count
                    let pa = ring[i], pb = ring[(i + 1) % count]
                    // Edges along the tile's border are where a building was cut: no wall there.
                    if BuildingLayer.onBorder(pa, pb) { continue }
                    let edge = ground[b] - ground[a]
                    let length = edge.length
                    guard length > 0 else { continue }
                    let normal = Point(x: edge.y, y: -edge.x) * (flip / length)
                    let towardsEye = eye - ground[a]
                    guard normal.x * towardsEye.x + normal.y * towardsEye.y > 0 else { continue }
                    let lit = max(normal.x * light.x + normal.y * light.y, 0) * sin(BuildingLayer.lightPolar * .pi / 180)
                    walls.append((((ground[a] + ground[b]) / 2 - eye).length, a, b, BuildingLayer.shade(lit)))
                }
                start += count
            }
            walls.sort { $0.distance > $1.distance }
            let gradient = extrusion.verticalGradient ? BuildingLayer.groundShade : 1
            for wall in walls {
                let first = Int32(draw.points.count)
                draw.points += [bottom[wall.a], bottom[wall.b], top[wall.b], top[wall.a]]
                let upper = BuildingLayer.shaded(color, wall.shade), lower = BuildingLayer.shaded(color, wall.shade * gradient)
                draw.colors += [lower, lower, upper, upper]
                draw.indices += [first, first + 1, first + 2, first, first + 2, first + 3]
            }
            let first = Int32(draw.points.count)
            let roof = BuildingLayer.shaded(color, BuildingLayer.shade(cos(BuildingLayer.lightPolar * .pi / 180)))
            draw.points += top
            draw.colors += Array(repeating: roof, count: top.count)
            draw.indices += extrusion.roof.map { $0 + first }
        }
    }

    /// The light's direction over the ground (world directions, unit
    /// length): anchored to the view, so it turns with the map's heading.
    static func light(heading: Double) -> Point {
        let azimuth = (lightAzimuth + heading) * .pi / 180
        return Point(x: sin(azimuth), y: -cos(azimuth))
    }

    /// How bright a face is, from how squarely it faces the light (0 to 1).
    static func shade(_ lit: Double) -> Double {
        (1 - lightIntensity) + lightIntensity * min(max(lit, 0), 1)
    }

    static func shaded(_ color: Color, _ shade: Double) -> Color {
        func channel(_ value: UInt8) -> UInt8 { UInt8(min(max(Double(value) * shade, 0), 255).rounded()) }
        return Color(red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: color.alpha)
    }

    static func signedArea(_ ring: [Point]) -> Double {
        var area = 0.0
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    /// Whether an edge runs along the border of its tile (256 pixels a side).
    static func onBorder(_ a: Point, _ b: Point) -> Bool {
        let side = WebMercator.tileSize
        return (a.x == 0 && b.x == 0) || (a.y == 0 && b.y == 0) || (a.x == side && b.x == side) || (a.y == side && b.y == side)
    }
}
