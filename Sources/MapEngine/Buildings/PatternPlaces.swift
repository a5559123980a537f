/// Where a run's patterned buildings lie in their images
/// (`fill-extrusion-pattern`), point by point in the order
/// `BuildingPainter` lays their faces out: each wall's foot and head, then
/// the roof's corners.
///
/// A roof takes the image as `fill-pattern` does: repeated over the ground
/// from the world's top-left corner, an image pixel `1 / pixelRatio` of a
/// point at its tile's zoom, so it lines up across tiles. A wall takes it
/// along the building's outline (the distance around the ring) and up its
/// height, at the same size: bricks keep their size from roof to wall.
struct PatternPlaces {
    /// One sprite image: its name and size (pixels), and image pixels a point.
    struct Image {
        let name: String
        let width: Double
        let height: Double
        let pixelRatio: Double

        /// The icon's image, nil when it has no pixels or no sane ratio.
        init?(_ name: String, _ icon: SpriteSheet.Icon) {
            guard icon.rect.width >= 1, icon.rect.height >= 1, icon.pixelRatio.isFinite, icon.pixelRatio > 0 else { return nil }
            self.name = name
            width = icon.rect.width
            height = icon.rect.height
            pixelRatio = icon.pixelRatio
        }
    }

    private var images: [String] = []
    private var texels: [Point] = []
    private var scales: [Double] = []
    private var image: [Int32] = []

    /// Whether some building of the run has a pattern.
    var isUsed: Bool { !images.isEmpty }

    /// `count` points of a building drawn in its colour.
    mutating func addPlain(_ count: Int) {
        texels += repeatElement(.zero, count: count)
        scales += repeatElement(1, count: count)
        image += repeatElement(-1, count: count)
    }

    /// The places of a patterned building's faces as `BuildingPainter`
    /// laid them out: its facing `walls`, four corners each, then its roof.
    mutating func add(_ extrusion: Extrusion, of frame: TileFrame, image picture: Image, projector: GroundProjector,
                      walls: [BuildingPainter.FacingWall]) {
        let index: Int32
        if let known = images.firstIndex(of: picture.name) { index = Int32(known) } else {
            images.append(picture.name)
            index = Int32(images.count - 1)
        }
        let r = picture.pixelRatio
        // Tile pixels a metre at the tile's zoom; heights run up the image (its rows run down).
        let perMetre = frame.pixelsPerMetre / frame.unit
        let foot = -extrusion.base * perMetre * r, head = -extrusion.height * perMetre * r
        let low = extrusion.base * frame.pixelsPerMetre, high = extrusion.height * frame.pixelsPerMetre
        let corners = extrusion.corners
        var depth: [(low: Double, high: Double)] = []
        depth.reserveCapacity(corners.count)
        for corner in corners { depth.append(projector.scales(ground: frame.ground(corner, extrusion), low: low, high: high)) }
        for wall in walls {
            let start = wall.along * r, end = (wall.along + wall.length) * r
            append(Point(x: start, y: foot), depth[wall.a].low, index)
            append(Point(x: end, y: foot), depth[wall.b].low, index)
            append(Point(x: end, y: head), depth[wall.b].high, index)
            append(Point(x: start, y: head), depth[wall.a].high, index)
        }
        // The tile's corner in the world's points at its zoom, less whole repeats, so the numbers stay small.
        let origin = Point(x: (Double(frame.tile.x) * WebMercator.tileSize).truncatingRemainder(dividingBy: picture.width / r),
                           y: (Double(frame.tile.y) * WebMercator.tileSize).truncatingRemainder(dividingBy: picture.height / r))
        for (i, corner) in corners.enumerated() {
            append(Point(x: (origin.x + corner.x) * r, y: (origin.y + corner.y) * r), depth[i].high, index)
        }
    }

    private mutating func append(_ texel: Point, _ scale: Double, _ index: Int32) {
        texels.append(texel)
        scales.append(scale)
        image.append(index)
    }

    /// The pattern of a draw of `points` points, nil when no building had one.
    func pattern(points: Int) -> TrianglePattern? {
        guard isUsed else { return nil }
        // Plain buildings before the first patterned one added no places: they come first.
        let missing = points - texels.count
        return TrianglePattern(images: images, texels: Array(repeating: .zero, count: missing) + texels,
                               scales: Array(repeating: 1, count: missing) + scales,
                               image: Array(repeating: -1, count: missing) + image)
    }
}
