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
/// Faces are lit as `BuildingLight` says.
package struct BuildingLayer {
    /// Each tile's raised areas, as the tiles came in.
    private var tiles: [TileID: [Extrusion]] = [:]

    package init() {}

    /// Whether any tile raises anything.
    package var isEmpty: Bool { tiles.isEmpty }

    /// Takes the raised areas of tiles that came in and lets go those of tiles that went.
    package mutating func apply(_ changes: TileOfferChanges) {
        for tile in changes.departed { tiles[tile] = nil }
        for (tile, extrusions) in changes.raised { tiles[tile] = extrusions }
    }

    /// The buildings in view as triangles, one command per style layer, in
    /// style order. Each layer's buildings are put in order, farthest from
    /// the eye first; then they are projected and their faces laid out on
    /// every core at once (`SplitWork`), each run a stretch of at least
    /// `perRun` of them. `sprite` holds the images of their patterns.
    package func commands(camera: Camera, levels: ClosedRange<Int>, sprite: SpriteSheet? = nil,
                          perRun: Int = BuildingLayer.buildingsPerRun) -> [DrawCommand] {
        guard !tiles.isEmpty else { return [] }
        let shown = TileLayer.labelTiles(camera: camera, levels: levels, held: tiles)
        let frames = shown.compactMap { tile in tiles[tile].map { TileFrame(tile: tile, camera: camera, extrusions: $0) } }
        let painter = BuildingPainter(camera: camera, light: BuildingLight.light(heading: camera.heading), frames: frames, sprite: sprite)
        let order = BuildingOrder(frames: frames, eye: camera.eye.ground)
        let buildings = order.buildings
        return order.layers.compactMap { layer in
            let pieces = SplitWork.collect(layer.count, minimumPerRun: perRun, runsPerCore: 4) { run in
                painter.paint(buildings[(layer.lowerBound + run.lowerBound)..<(layer.lowerBound + run.upperBound)])
            }
            let draw = TriangleDraw(joining: pieces)
            return draw.indices.isEmpty ? nil : .triangles(draw)
        }
    }

    /// The fewest buildings a run takes on: fewer are done on one core.
    package static let buildingsPerRun = 256
}
