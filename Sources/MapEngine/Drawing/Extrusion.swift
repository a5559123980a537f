/// One area of a tile raised into a solid (a building of a `fill-extrusion`
/// layer): its footprint in the tile's pixels (256 across), cut into
/// triangles for its roof, standing from `base` to `height` metres, drawn
/// in `color`, its layer at `opacity`. Edges that lie on the tile's border
/// (where a building was cut between tiles) raise no wall.
///
/// What every frame needs of it and that never changes is worked out once,
/// here: its corners in one list, its walls with their outward directions,
/// its middle, its colour's luminance. It is a class, so that a frame
/// passing thousands of them around does not copy their lists.
package final class Extrusion: Sendable, Equatable {
    /// The outer ring, then the holes, each without its closing point.
    package let rings: [[Point]]
    /// The roof's triangles, as indices into the rings' points taken in order.
    package let roof: [Int32]
    /// Top and bottom, in metres above the ground.
    package let height: Double
    package let base: Double
    /// The colour, opaque or not.
    package let color: Color
    /// The style layer, by index: layers are drawn in style order.
    package let layer: Int
    /// The layer's `fill-extrusion-opacity` (one value for the whole layer, as the spec says).
    package let opacity: Double
    /// `fill-extrusion-translate`, in pixels.
    package let translate: Point
    /// `fill-extrusion-vertical-gradient`: walls darker towards the ground.
    package let verticalGradient: Bool
    /// `fill-extrusion-pattern`: the sprite image its faces are covered
    /// with, in place of its colour; nil for a colour.
    package let pattern: String?

    /// The rings' points in order, as the roof's and walls' indices count them.
    package let corners: [Point]
    /// The walls that stand: from corner `a` to corner `b`, facing `outward` (a unit direction in the tile).
    package let walls: [Wall]
    /// The middle of its corners.
    package let middle: Point
    /// How light its colour is, 0 to 1 (MapLibre's weights).
    package let luminance: Double
    /// Its colour's red, green and blue (0 to 1) with the ambient light
    /// added: lit by a shade, they are multiplied by it (`BuildingLight.shaded`).
    let litChannels: SIMD3<Double>
    /// The shade at its walls' foot and head (`BuildingLight.gradient`), and its roof's colour, lit.
    let footShade: Double
    let headShade: Double
    let roofColor: Color

    /// One wall: an edge of the footprint raised.
    package struct Wall: Sendable, Equatable {
        package let a: Int32
        package let b: Int32
        package let outward: Point
        /// How far along its ring (tile pixels from the ring's first corner)
        /// it begins and ends: a pattern runs on around the building.
        package let along: Double
        package let length: Double
    }

    package init(rings: [[Point]], roof: [Int32], height: Double, base: Double, color: Color, layer: Int, opacity: Double,
                 translate: Point, verticalGradient: Bool, pattern: String? = nil) {
        self.rings = rings
        self.roof = roof
        self.height = height
        self.base = base
        // A pattern is drawn opaque, whatever the colour says.
        self.color = pattern == nil ? color : Color(rgba: 255, 255, 255, 255)
        self.layer = layer
        self.opacity = opacity
        self.translate = translate
        self.verticalGradient = verticalGradient
        self.pattern = pattern
        corners = rings.flatMap { $0 }
        middle = corners.isEmpty ? .zero : corners.reduce(.zero, +) / Double(corners.count)
        if pattern != nil {
            // A pattern is lit as MapLibre lights it: its pixels times the shade, for a colour of middle luminance, with no ambient light.
            litChannels = SIMD3(repeating: 1)
            luminance = 0.5
        } else {
            litChannels = SIMD3(Double(color.red), Double(color.green), Double(color.blue)) / 255 + BuildingLight.ambient
            luminance = (0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)) / 255
        }
        var walls: [Wall] = []
        var start = 0
        for (ringIndex, ring) in rings.enumerated() {
            let count = ring.count
            // Outward from the solid: away from the outer ring's inside, into a hole.
            let flip = (Extrusion.signedArea(ring) > 0) == (ringIndex == 0) ? 1.0 : -1.0
            var along = 0.0
            for i in 0..<count {
                let pa = ring[i], pb = ring[(i + 1) % count]
                let edge = pb - pa
                let length = edge.length
                defer { along += length }
                // Edges along the tile's border are where a building was cut: no wall there.
                guard !Extrusion.onBorder(pa, pb), length > 0 else { continue }
                walls.append(Wall(a: Int32(start + i), b: Int32(start + (i + 1) % count),
                                  outward: Point(x: edge.y, y: -edge.x) * (flip / length), along: along, length: length))
            }
            start += count
        }
        self.walls = walls
        (footShade, headShade) = BuildingLight.gradient(height: height, base: base, verticalGradient: verticalGradient)
        roofColor = BuildingLight.shaded(litChannels, alpha: self.color.alpha, BuildingLight.roofShade(luminance: luminance))
    }

    package static func == (lhs: Extrusion, rhs: Extrusion) -> Bool {
        lhs.rings == rhs.rings && lhs.roof == rhs.roof && lhs.height == rhs.height && lhs.base == rhs.base && lhs.color == rhs.color
            && lhs.layer == rhs.layer && lhs.opacity == rhs.opacity && lhs.translate == rhs.translate
            && lhs.verticalGradient == rhs.verticalGradient && lhs.pattern == rhs.pattern
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
