/// A tile's place on the ground this frame.
struct TileFrame: Sendable {
    let tile: TileID
    let extrusions: [Extrusion]
    /// The tile's corner as a ground offset (the copy of the world nearest the centre).
    let corner: Point
    /// Ground pixels per tile pixel.
    let unit: Double
    let pixelsPerMetre: Double

    init(tile: TileID, camera: Camera, extrusions: [Extrusion]) {
        self.tile = tile
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
