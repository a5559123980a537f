/// The buildings of the tiles in view, for one frame, in the order they
/// are drawn: by style layer, and in each layer the farthest from the eye
/// first (the painter's way). Their distance is measured to the middle of
/// the footprint, which needs no projection, so the order is known before
/// any building is projected and every core can project and lay out its
/// own stretch of them at once.
struct BuildingOrder {
    /// One building: its tile among the frames, its place in the tile's list, its distance from the eye.
    struct Placed: Sendable {
        let frame: Int32
        let index: Int32
        let layer: Int
        /// From the eye to the middle of its footprint, squared.
        let distance: Double
    }

    /// Every building with corners, in drawing order.
    let buildings: [Placed]
    /// Each style layer's stretch of `buildings`, in style order.
    let layers: [Range<Int>]

    init(frames: [TileFrame], eye: Point) {
        var buildings: [Placed] = []
        buildings.reserveCapacity(frames.reduce(0) { $0 + $1.extrusions.count })
        for f in frames.indices {
            let frame = frames[f]
            for i in frame.extrusions.indices {
                let extrusion = frame.extrusions[i]
                guard !extrusion.corners.isEmpty else { continue }
                let middle = frame.ground(extrusion.middle, extrusion) - eye
                buildings.append(Placed(frame: Int32(f), index: Int32(i), layer: extrusion.layer,
                                        distance: middle.x * middle.x + middle.y * middle.y))
            }
        }
        buildings.sort { $0.layer != $1.layer ? $0.layer < $1.layer : $0.distance > $1.distance }
        var layers: [Range<Int>] = []
        var start = 0
        for i in buildings.indices where i + 1 == buildings.count || buildings[i + 1].layer != buildings[i].layer {
            layers.append(start..<(i + 1))
            start = i + 1
        }
        self.buildings = buildings
        self.layers = layers
    }
}
