/// One area of a tile raised into a solid (a building of a `fill-extrusion`
/// layer): its footprint in the tile's pixels (256 across), cut into
/// triangles for its roof, standing from `base` to `height` metres, drawn
/// in `color`, its layer at `opacity`. Edges that lie on the tile's border
/// (where a building was cut between tiles) raise no wall.
package struct Extrusion: Sendable, Equatable {
    /// The outer ring, then the holes, each without its closing point.
    package var rings: [[Point]]
    /// The roof's triangles, as indices into the rings' points taken in order.
    package var roof: [Int32]
    /// Top and bottom, in metres above the ground.
    package var height: Double
    package var base: Double
    /// The colour, opaque or not.
    package var color: Color
    /// The style layer, by index: layers are drawn in style order.
    package var layer: Int
    /// The layer's `fill-extrusion-opacity` (one value for the whole layer, as the spec says).
    package var opacity: Double
    /// `fill-extrusion-translate`, in pixels.
    package var translate: Point
    /// `fill-extrusion-vertical-gradient`: walls darker towards the ground.
    package var verticalGradient: Bool
}
