/// Lays buildings' faces out for one frame: each building's corners
/// projected through the camera (at its foot and at its top), left out when
/// it misses the view, then its walls that face the eye (when they rise
/// half a pixel or more), farthest first, then its roof, lit (see
/// `BuildingLayer`). A run lays out a stretch of buildings already in
/// order (`BuildingOrder`) into one draw of its own. Buildings covered
/// with a pattern carry their places in its image (`PatternPlaces`); one
/// whose image the sprite lacks is left out, as MapLibre leaves it.
struct BuildingPainter: Sendable {
    let frames: [TileFrame]
    private let projector: GroundProjector
    private let view: Rect
    private let eye: Point
    private let light: Point
    /// The style's images, for patterns.
    private let sprite: SpriteSheet?

    init(camera: Camera, light: Point, frames: [TileFrame], sprite: SpriteSheet? = nil) {
        self.frames = frames
        projector = GroundProjector(camera)
        view = Rect(origin: .zero, size: camera.viewportSize)
        eye = camera.eye.ground
        self.light = light
        self.sprite = sprite
    }

    /// A wall of the building being laid out that faces the eye.
    struct FacingWall {
        /// From the eye, squared.
        let distance: Double
        let a: Int
        let b: Int
        let shade: Double
        /// Where along its ring it begins, and how long it is (tile pixels).
        let along: Double
        let length: Double
    }

    /// The faces of these buildings, in their order, as one draw.
    func paint(_ buildings: ArraySlice<BuildingOrder.Placed>) -> TriangleDraw {
        // Room for every wall and roof, written without a check per element.
        var pointRoom = 0, indexRoom = 0, mostCorners = 0
        for placed in buildings {
            let extrusion = frames[Int(placed.frame)].extrusions[Int(placed.index)]
            pointRoom += extrusion.walls.count * 4 + extrusion.corners.count
            indexRoom += extrusion.walls.count * 6 + extrusion.roof.count
            mostCorners = max(mostCorners, extrusion.corners.count)
        }
        var facing: [FacingWall] = []
        var places = PatternPlaces()
        // One building's corners on screen: at its foot, then at its top.
        var screen = [Point](repeating: .zero, count: 2 * mostCorners)
        var written = (points: 0, indices: 0)
        var colors: [Color] = []
        var indices: [Int32] = []
        let points = [Point](unsafeUninitializedCapacity: pointRoom) { points, pointCount in
            colors = [Color](unsafeUninitializedCapacity: pointRoom) { colors, colorCount in
                indices = [Int32](unsafeUninitializedCapacity: indexRoom) { indices, indexCount in
                    var out = Out(points: points, colors: colors, indices: indices)
                    screen.withUnsafeMutableBufferPointer { screen in
                        for placed in buildings {
                            let frame = frames[Int(placed.frame)], extrusion = frame.extrusions[Int(placed.index)]
                            var image: PatternPlaces.Image?
                            if let name = extrusion.pattern {
                                guard let icon = sprite?.icons[name], let known = PatternPlaces.Image(name, icon) else { continue }
                                image = known
                            }
                            guard let hasWalls = project(extrusion, of: frame, onto: screen) else { continue }
                            let before = out.pointCount
                            paint(extrusion, of: frame, hasWalls: hasWalls, screen: screen, facing: &facing, into: &out)
                            if let image {
                                places.add(extrusion, of: frame, image: image, projector: projector, walls: facing)
                            } else if places.isUsed {
                                places.addPlain(out.pointCount - before)
                            }
                        }
                    }
                    written = (out.pointCount, out.indexCount)
                    indexCount = out.indexCount
                }
                colorCount = written.points
            }
            pointCount = written.points
        }
        let opacity = buildings.first.map { frames[Int($0.frame)].extrusions[Int($0.index)].opacity } ?? 1
        var draw = TriangleDraw(points: points, colors: colors, indices: indices, opacity: opacity, role: "buildings")
        draw.pattern = places.pattern(points: points.count)
        return draw
    }

    /// Projects a building's corners onto `screen` (its foot, then its top):
    /// nil when it misses the view, else whether its walls show (they rise
    /// half a pixel or more; far away, less, and they are left out).
    private func project(_ extrusion: Extrusion, of frame: TileFrame, onto screen: UnsafeMutableBufferPointer<Point>) -> Bool? {
        let corners = extrusion.corners, count = corners.count
        let low = extrusion.base * frame.pixelsPerMetre, high = extrusion.height * frame.pixelsPerMetre
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var rise = 0.0
        for i in 0..<count {
            let (foot, top) = projector.screen(ground: frame.ground(corners[i], extrusion), low: low, high: high)
            minX = min(minX, foot.x, top.x)
            maxX = max(maxX, foot.x, top.x)
            minY = min(minY, foot.y, top.y)
            maxY = max(maxY, foot.y, top.y)
            rise = max(rise, abs(top.y - foot.y) + abs(top.x - foot.x))
            screen[i] = foot
            screen[count + i] = top
        }
        guard minX < view.maxX, maxX > view.minX, minY < view.maxY, maxY > view.minY else { return nil }
        return rise >= 0.5
    }

    /// Where a run's faces go: lists with room for them all.
    private struct Out {
        let points: UnsafeMutableBufferPointer<Point>
        let colors: UnsafeMutableBufferPointer<Color>
        let indices: UnsafeMutableBufferPointer<Int32>
        var pointCount = 0, indexCount = 0

        mutating func corner(_ point: Point, _ color: Color) {
            points.initializeElement(at: pointCount, to: point)
            colors.initializeElement(at: pointCount, to: color)
            pointCount += 1
        }

        mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
            indices.initializeElement(at: indexCount, to: a)
            indices.initializeElement(at: indexCount + 1, to: b)
            indices.initializeElement(at: indexCount + 2, to: c)
            indexCount += 3
        }
    }

    private func paint(_ extrusion: Extrusion, of frame: TileFrame, hasWalls: Bool, screen: UnsafeMutableBufferPointer<Point>,
                       facing: inout [FacingWall], into out: inout Out) {
        let count = extrusion.corners.count
        facing.removeAll(keepingCapacity: true)
        if hasWalls {
            for wall in extrusion.walls {
                let a = frame.ground(extrusion.corners[Int(wall.a)], extrusion)
                let towardsEye = eye - a
                guard wall.outward.x * towardsEye.x + wall.outward.y * towardsEye.y > 0 else { continue }
                let b = frame.ground(extrusion.corners[Int(wall.b)], extrusion)
                let lit = wall.outward.x * light.x + wall.outward.y * light.y
                let middle = (a + b) / 2 - eye
                facing.append(FacingWall(distance: middle.x * middle.x + middle.y * middle.y, a: Int(wall.a), b: Int(wall.b),
                                         shade: BuildingLight.shade(lit, luminance: extrusion.luminance),
                                         along: wall.along, length: wall.length))
            }
            facing.sort { $0.distance > $1.distance }
        }
        for wall in facing {
            let first = Int32(out.pointCount)
            let upper = BuildingLight.shaded(extrusion, wall.shade * extrusion.headShade)
            let lower = BuildingLight.shaded(extrusion, wall.shade * extrusion.footShade)
            out.corner(screen[wall.a], lower)
            out.corner(screen[wall.b], lower)
            out.corner(screen[count + wall.b], upper)
            out.corner(screen[count + wall.a], upper)
            // Two triangles: foot a, foot b, top b; foot a, top b, top a.
            out.triangle(first, first + 1, first + 2)
            out.triangle(first, first + 2, first + 3)
        }
        let first = Int32(out.pointCount)
        for i in 0..<count { out.corner(screen[count + i], extrusion.roofColor) }
        let roof = extrusion.roof
        var t = 0
        while t + 2 < roof.count {
            out.triangle(roof[t] + first, roof[t + 1] + first, roof[t + 2] + first)
            t += 3
        }
    }
}
