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
        let view = Rect(origin: .zero, size: camera.viewportSize)
        let projector = GroundProjector(camera)
        var frames: [TileFrame] = []
        var solids: [Solid] = []
        // Every building's corners on screen, at its foot and then at its top, one after another.
        var screen: [Point] = []
        for tile in shown {
            guard let extrusions = tiles[tile] else { continue }
            let frame = TileFrame(tile: tile, camera: camera, extrusions: extrusions)
            for (index, extrusion) in extrusions.enumerated() {
                let start = screen.count
                let low = extrusion.base * frame.pixelsPerMetre, high = extrusion.height * frame.pixelsPerMetre
                var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                func project(at altitude: Double) {
                    for corner in extrusion.corners {
                        let point = projector.screen(ground: frame.ground(corner, extrusion), altitude: altitude)
                        minX = min(minX, point.x)
                        maxX = max(maxX, point.x)
                        minY = min(minY, point.y)
                        maxY = max(maxY, point.y)
                        screen.append(point)
                    }
                }
                project(at: low)
                project(at: high)
                // How far its walls rise on screen: far away, less than a pixel, and they are left out.
                var rise = 0.0
                for i in 0..<extrusion.corners.count {
                    let foot = screen[start + i], top = screen[start + extrusion.corners.count + i]
                    rise = max(rise, abs(top.y - foot.y) + abs(top.x - foot.x))
                }
                guard minX < view.maxX, maxX > view.minX, minY < view.maxY, maxY > view.minY, !extrusion.corners.isEmpty else {
                    screen.removeSubrange(start...)
                    continue
                }
                let distance = (frame.ground(extrusion.middle, extrusion) - camera.eye.ground).length
                solids.append(Solid(frame: frames.count, index: index, start: start, distance: distance, hasWalls: rise >= 0.5))
            }
            frames.append(frame)
        }
        // Back to front: the farthest from the eye first (their order sorted, not the buildings themselves).
        let order = solids.indices.sorted { solids[$0].distance > solids[$1].distance }
        let painter = Painter(eye: camera.eye.ground, light: BuildingLayer.light(heading: camera.heading))
        let layers = Set(solids.map { frames[$0.frame].extrusions[$0.index].layer }).sorted()
        return layers.map { layer in
            var draw = TriangleDraw(points: [], colors: [], indices: [], opacity: 1, role: "buildings")
            draw.points.reserveCapacity(screen.count)
            draw.colors.reserveCapacity(screen.count)
            var walls: [Painter.FacingWall] = []
            for index in order {
                let solid = solids[index], frame = frames[solid.frame]
                let extrusion = frame.extrusions[solid.index]
                guard extrusion.layer == layer else { continue }
                draw.opacity = extrusion.opacity
                painter.append(extrusion, frame: frame, screen: screen, start: solid.start, withWalls: solid.hasWalls, walls: &walls,
                               to: &draw)
            }
            return .triangles(draw)
        }
    }

    /// A tile's place on the ground this frame.
    private struct TileFrame {
        let extrusions: [Extrusion]
        /// The tile's corner as a ground offset (the copy of the world nearest the centre).
        let corner: Point
        /// Ground pixels per tile pixel.
        let unit: Double
        let pixelsPerMetre: Double

        init(tile: TileID, camera: Camera, extrusions: [Extrusion]) {
            self.extrusions = extrusions
            let n = Double(1 << tile.z)
            unit = camera.worldSize / (n * WebMercator.tileSize)
            corner = Point(x: WebMercator.shortWay(Double(tile.x) / n - camera.center.x) * camera.worldSize,
                           y: (Double(tile.y) / n - camera.center.y) * camera.worldSize)
            let latitude = WebMercator.unproject(Point(x: (Double(tile.x) + 0.5) / n, y: (Double(tile.y) + 0.5) / n)).latitude
            pixelsPerMetre = 1 / WebMercator.metresPerPixel(latitude: latitude, worldSize: camera.worldSize)
        }

        /// A point of the tile (a building's, shifted by its translation) on the ground.
        func ground(_ point: Point, _ extrusion: Extrusion) -> Point { corner + (point + extrusion.translate) * unit }
    }

    /// One building in view this frame: its tile, its place in the tile's
    /// list, where its corners start on screen, its distance from the eye.
    private struct Solid {
        let frame: Int
        let index: Int
        let start: Int
        let distance: Double
        /// Whether its walls show: they rise half a pixel or more.
        let hasWalls: Bool
    }

    /// Lays buildings' faces into a draw, lit.
    private struct Painter {
        let eye: Point
        let light: Point

        struct FacingWall {
            let distance: Double
            let a: Int
            let b: Int
            let shade: Double
        }

        /// A building's walls that face the eye (`withWalls`), farthest first, then its roof.
        func append(_ extrusion: Extrusion, frame: TileFrame, screen: [Point], start: Int, withWalls: Bool,
                    walls: inout [FacingWall], to draw: inout TriangleDraw) {
            let count = extrusion.corners.count
            walls.removeAll(keepingCapacity: true)
            for wall in extrusion.walls where withWalls {
                let a = frame.ground(extrusion.corners[Int(wall.a)], extrusion)
                let b = frame.ground(extrusion.corners[Int(wall.b)], extrusion)
                let towardsEye = eye - a
                guard wall.outward.x * towardsEye.x + wall.outward.y * towardsEye.y > 0 else { continue }
                let lit = wall.outward.x * light.x + wall.outward.y * light.y
                walls.append(FacingWall(distance: ((a + b) / 2 - eye).length, a: Int(wall.a), b: Int(wall.b),
                                        shade: BuildingLayer.shade(lit, luminance: extrusion.luminance)))
            }
            walls.sort { $0.distance > $1.distance }
            let (foot, head) = BuildingLayer.gradient(extrusion)
            let color = extrusion.color
            for wall in walls {
                let first = Int32(draw.points.count)
                draw.points.append(screen[start + wall.a])
                draw.points.append(screen[start + wall.b])
                draw.points.append(screen[start + count + wall.b])
                draw.points.append(screen[start + count + wall.a])
                let upper = BuildingLayer.shaded(color, wall.shade * head), lower = BuildingLayer.shaded(color, wall.shade * foot)
                draw.colors.append(lower)
                draw.colors.append(lower)
                draw.colors.append(upper)
                draw.colors.append(upper)
                // Two triangles: foot a, foot b, top b; foot a, top b, top a.
                draw.indices.append(first)
                draw.indices.append(first + 1)
                draw.indices.append(first + 2)
                draw.indices.append(first)
                draw.indices.append(first + 2)
                draw.indices.append(first + 3)
            }
            let first = Int32(draw.points.count)
            let roof = BuildingLayer.shaded(color, BuildingLayer.roofShade(luminance: extrusion.luminance))
            for i in 0..<count {
                draw.points.append(screen[start + count + i])
                draw.colors.append(roof)
            }
            for index in extrusion.roof { draw.indices.append(index + first) }
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

    /// A roof's shade: it faces straight up, where the light stands high.
    static func roofShade(luminance: Double) -> Double {
        shade(lightDistance * cos(lightPolar * .pi / 180), luminance: luminance)
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
}
