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
/// Faces are lit as MapLibre's default light lights them (`light`: position
/// [1.15, 210, 30], anchored to the view, intensity 0.5): a face's shade
/// runs from 1 − intensity, facing away, to 1, facing the light; a roof is
/// lit almost fully, walls facing the upper right of the view most; walls
/// darken towards the ground (`fill-extrusion-vertical-gradient`), all on a
/// little ambient light.
package struct BuildingLayer {
    /// Each tile's raised areas, as the tiles came in.
    private var tiles: [TileID: [Extrusion]] = [:]

    /// MapLibre's default `light`: radial distance, azimuth and polar angle in degrees, and intensity.
    static let lightDistance = 1.15
    static let lightAzimuth = 210.0
    static let lightPolar = 30.0
    static let lightIntensity = 0.5
    /// The light every face gets, added to its colour's channels (0 to 1).
    static let ambient = 0.03

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
        let projector = GroundProjector(camera)
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
                                     projector: projector, eye: eye, view: view) {
                    solids.append(solid)
                }
            }
        }
        // Back to front: the farthest from the eye first (their order sorted, not the buildings themselves).
        let order = solids.indices.sorted { solids[$0].distance > solids[$1].distance }
        let layers = Set(solids.map(\.layer)).sorted()
        let light = BuildingLayer.light(heading: camera.heading)
        return layers.map { layer in
            var draw = TriangleDraw(points: [], colors: [], indices: [], opacity: 1, role: "buildings")
            for index in order where solids[index].layer == layer {
                draw.opacity = solids[index].opacity
                solids[index].append(to: &draw, light: light)
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

        init?(_ extrusion: Extrusion, corner: Point, unit: Double, pixelsPerMetre: Double, projector: GroundProjector,
              eye: (ground: Point, height: Double), view: Rect) {
            let points = extrusion.rings.flatMap { $0 }
            let ground = points.map { corner + ($0 + extrusion.translate) * unit }
            let low = extrusion.base * pixelsPerMetre, high = extrusion.height * pixelsPerMetre
            let bottom = ground.map { projector.screen(ground: $0, altitude: low) }
            let top = ground.map { projector.screen(ground: $0, altitude: high) }
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
        func append(to draw: inout TriangleDraw, light: Point) {
            let color = extrusion.color
            let luminance = (0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)) / 255
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
                    let lit = normal.x * light.x + normal.y * light.y
                    walls.append((((ground[a] + ground[b]) / 2 - eye).length, a, b, BuildingLayer.shade(lit, luminance: luminance)))
                }
                start += count
            }
            walls.sort { $0.distance > $1.distance }
            let (foot, head) = BuildingLayer.gradient(extrusion)
            for wall in walls {
                let first = Int32(draw.points.count)
                draw.points += [bottom[wall.a], bottom[wall.b], top[wall.b], top[wall.a]]
                let upper = BuildingLayer.shaded(color, wall.shade * head), lower = BuildingLayer.shaded(color, wall.shade * foot)
                draw.colors += [lower, lower, upper, upper]
                draw.indices += [first, first + 1, first + 2, first, first + 2, first + 3]
            }
            let first = Int32(draw.points.count)
            let roof = BuildingLayer.shaded(color, BuildingLayer.shade(BuildingLayer.lightDistance * cos(BuildingLayer.lightPolar * .pi / 180),
                                                                       luminance: luminance))
            draw.points += top
            draw.colors += Array(repeating: roof, count: top.count)
            draw.indices += extrusion.roof.map { $0 + first }
        }
    }

    /// The light's position over the ground (world directions, its
    /// horizontal part): as MapLibre places it, the azimuth turned a quarter
    /// on from the view's x axis, anchored to the view, so it turns with the
    /// map's heading.
    static func light(heading: Double) -> Point {
        let azimuth = (lightAzimuth + 90) * .pi / 180, reach = lightDistance * sin(lightPolar * .pi / 180)
        let view = Point(x: cos(azimuth) * reach, y: sin(azimuth) * reach)
        // From the view's directions to the world's.
        let h = heading * .pi / 180
        return Point(x: view.x * cos(h) - view.y * sin(h), y: view.x * sin(h) + view.y * cos(h))
    }

    /// How bright a face is, from how squarely it faces the light (`lit`,
    /// the cosine times the light's distance), for a colour of this luminance:
    /// MapLibre's mix from 1 − intensity to at least 1.
    static func shade(_ lit: Double, luminance: Double) -> Double {
        let directional = min(max(lit, 0), 1)
        let full = max(1 - luminance + lightIntensity, 1)
        return (1 - lightIntensity) + (full - (1 - lightIntensity)) * directional
    }

    /// The shade at a wall's foot and head: with a vertical gradient, dark
    /// at the ground and lighter up a tall building, never below
    /// 0.7 to 0.98 of the light (by its intensity).
    static func gradient(_ extrusion: Extrusion) -> (foot: Double, head: Double) {
        guard extrusion.verticalGradient else { return (1, 1) }
        let floor = 0.7 + (0.98 - 0.7) * (1 - lightIntensity)
        let rise = (max(extrusion.height, 0) / 150).squareRoot()
        func at(_ t: Double) -> Double { min(max((t + extrusion.base) * rise, floor), 1) }
        return (at(0), at(1))
    }

    static func shaded(_ color: Color, _ shade: Double) -> Color {
        func channel(_ value: UInt8) -> UInt8 { UInt8(min(max((Double(value) / 255 + ambient) * shade, 0), 1) * 255 + 0.5) }
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
