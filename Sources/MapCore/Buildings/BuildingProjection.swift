/// The buildings of the tiles in view, projected through the camera for one
/// frame: each building's corners on screen (at its foot, then at its top),
/// whether it reaches the view, whether its walls rise far enough to show,
/// and how far it is from the eye. The buildings of all tiles are counted
/// as one list, so that runs on several cores can share it out evenly,
/// whatever the tiles hold; each building's corners have their own place
/// in one list of screen points, which the runs fill at once.
struct BuildingProjection: Sendable {
    let frames: [TileFrame]
    /// Where each frame's buildings start in the one list.
    private let firsts: [Int]
    /// Where each frame's first building's corners start on screen.
    private let cornerFirsts: [Int]
    /// How many buildings all the frames hold, and their corners on screen (twice their corners).
    let count: Int
    private let screenCount: Int
    private let projector: GroundProjector
    private let view: Rect
    private let eye: Point

    init(camera: Camera, frames: [TileFrame]) {
        self.frames = frames
        var firsts: [Int] = [], cornerFirsts: [Int] = [], count = 0, screenCount = 0
        for frame in frames {
            firsts.append(count)
            cornerFirsts.append(screenCount)
            count += frame.extrusions.count
            for extrusion in frame.extrusions { screenCount += 2 * extrusion.corners.count }
        }
        self.firsts = firsts
        self.cornerFirsts = cornerFirsts
        self.count = count
        self.screenCount = screenCount
        projector = GroundProjector(camera)
        view = Rect(origin: .zero, size: camera.viewportSize)
        eye = camera.eye.ground
    }

    /// Every building's corners on screen (`Solid.start` says where each
    /// one's are), and the buildings that reach the view, in the order of
    /// their tiles. Runs take at least `perRun` buildings each.
    func projected(perRun: Int) -> (screen: [Point], solids: [Solid]) {
        var parts: [[Solid]] = []
        let screen = [Point](unsafeUninitializedCapacity: screenCount) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let out = SplitWork.Output(base: base)
            // Every building's corners are written, the ones out of view too: the list is whole.
            parts = SplitWork.collect(count, minimumPerRun: perRun) { project($0, into: out.base) }
            initialized = screenCount
        }
        return (screen, parts.count == 1 ? parts[0] : Array(parts.joined()))
    }

    /// One building in view this frame: its tile, its place in the tile's
    /// list, its layer, where its corners start on screen, its distance from the eye.
    struct Solid: Sendable {
        let frame: Int
        let index: Int
        let layer: Int
        let start: Int
        /// From the eye to its middle, squared.
        let distance: Double
        /// Whether its walls show: they rise half a pixel or more.
        let hasWalls: Bool
    }

    /// Projects the buildings `range` of the one list into their places on `screen`.
    private func project(_ range: Range<Int>, into screen: UnsafeMutablePointer<Point>) -> [Solid] {
        var solids: [Solid] = []
        guard !range.isEmpty else { return solids }
        solids.reserveCapacity(range.count)
        // The frame holding the first building of the range, and where that building's corners go.
        var f = 0
        while f + 1 < firsts.count, firsts[f + 1] <= range.lowerBound { f += 1 }
        var start = cornerFirsts[f]
        for i in firsts[f]..<range.lowerBound { start += 2 * frames[f].extrusions[i - firsts[f]].corners.count }
        for number in range {
            while f + 1 < firsts.count, firsts[f + 1] <= number { f += 1 }
            let extrusion = frames[f].extrusions[number - firsts[f]]
            if let solid = project(extrusion, frame: f, index: number - firsts[f], at: start, on: screen) { solids.append(solid) }
            start += 2 * extrusion.corners.count
        }
        return solids
    }

    private func project(_ extrusion: Extrusion, frame f: Int, index: Int, at start: Int,
                         on screen: UnsafeMutablePointer<Point>) -> Solid? {
        let frame = frames[f], corners = extrusion.corners, count = corners.count
        guard count > 0 else { return nil }
        let low = extrusion.base * frame.pixelsPerMetre, high = extrusion.height * frame.pixelsPerMetre
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        // How far its walls rise on screen: far away, less than a pixel, and they are left out.
        var rise = 0.0
        for i in 0..<count {
            let (foot, top) = projector.screen(ground: frame.ground(corners[i], extrusion), low: low, high: high)
            minX = min(minX, foot.x, top.x)
            maxX = max(maxX, foot.x, top.x)
            minY = min(minY, foot.y, top.y)
            maxY = max(maxY, foot.y, top.y)
            rise = max(rise, abs(top.y - foot.y) + abs(top.x - foot.x))
            (screen + start + i).initialize(to: foot)
            (screen + start + count + i).initialize(to: top)
        }
        guard minX < view.maxX, maxX > view.minX, minY < view.maxY, maxY > view.minY else { return nil }
        let middle = frame.ground(extrusion.middle, extrusion) - eye
        return Solid(frame: f, index: index, layer: extrusion.layer, start: start,
                     distance: middle.x * middle.x + middle.y * middle.y, hasWalls: rise >= 0.5)
    }
}

/// A tile's place on the ground this frame.
struct TileFrame: Sendable {
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
    @inline(__always)
    func ground(_ point: Point, _ extrusion: Extrusion) -> Point { corner + (point + extrusion.translate) * unit }
}
