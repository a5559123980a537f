import Foundation

/// How a `hillshade` layer shades its `raster-dem` source's tile, as
/// MapLibre's hillshade shaders do: each DEM pixel's slope from its eight
/// neighbours (a Sobel kernel, steeper at low zooms), then a shadow or
/// highlight by which way the slope faces the light and an accent by how
/// steep it is.
///
///     let shaded = Hillshade(...).shade(dem, neighbours: around)   // straight-alpha ARGB, the DEM's size
package struct Hillshade: Sendable, Equatable {
    /// How the tile's colours give heights in metres: `red · r + green · g + blue · b − shift`.
    package struct Encoding: Sendable, Equatable {
        /// Metres a step of each channel stands for, and the height of a pixel of 0, 0, 0 below the sea.
        package var red: Double, green: Double, blue: Double, shift: Double

        /// Mapbox Terrain-RGB: tenths of a metre above −10,000 m.
        package static let mapbox = Encoding(red: 6553.6, green: 25.6, blue: 0.1, shift: 10_000)
        /// Terrarium (AWS elevation tiles): metres above −32,768 m, the blue channel 256ths.
        package static let terrarium = Encoding(red: 256, green: 1, blue: 1.0 / 256, shift: 32_768)

        /// The height a pixel (ARGB) stands for, in metres.
        package func height(_ pixel: UInt32) -> Double {
            Double((pixel >> 16) & 0xFF) * red + Double((pixel >> 8) & 0xFF) * green + Double(pixel & 0xFF) * blue - shift
        }
    }

    /// How the source's pixels give heights.
    package var encoding: Encoding
    /// The DEM tile's level, which sets how steep its slopes look (past
    /// the DEM's deepest level, the deepest: compared with MapLibre, the
    /// same darkness at and past it).
    package var demZoom: Int
    /// How strongly slopes show, 0 to 1 (`hillshade-exaggeration`).
    package var exaggeration: Double
    /// Where the light comes from, in degrees clockwise from north (`hillshade-illumination-direction`).
    package var direction: Double
    /// Slopes facing away from the light (`hillshade-shadow-color`).
    package var shadow: Color
    /// Slopes facing the light (`hillshade-highlight-color`).
    package var highlight: Color
    /// Steep ground whichever way it faces (`hillshade-accent-color`).
    package var accent: Color
    /// The latitudes of the DEM tile's top and bottom edges, for Mercator's stretching of slopes.
    package var latitudes: (top: Double, bottom: Double)

    /// A shading of the DEM tile `demZoom`/… with these colours and light.
    package init(encoding: Encoding, demZoom: Int, exaggeration: Double, direction: Double, shadow: Color, highlight: Color,
                 accent: Color, latitudes: (top: Double, bottom: Double)) {
        self.encoding = encoding
        self.demZoom = demZoom
        self.exaggeration = exaggeration
        self.direction = direction
        self.shadow = shadow
        self.highlight = highlight
        self.accent = accent
        self.latitudes = latitudes
    }

    /// Whether two shadings are the same in every part (the latitudes are a pair, which Swift does not compare by itself).
    package static func == (a: Hillshade, b: Hillshade) -> Bool {
        a.encoding == b.encoding && a.demZoom == b.demZoom && a.exaggeration == b.exaggeration && a.direction == b.direction
            && a.shadow == b.shadow && a.highlight == b.highlight && a.accent == b.accent
            && a.latitudes.top == b.latitudes.top && a.latitudes.bottom == b.latitudes.bottom
    }

    /// The tiles around a DEM tile, for the slopes along its edges:
    /// north-west, north, north-east, west, east, south-west, south, south-east.
    package static func neighbours(of tile: TileID) -> [TileID] {
        let n = 1 << tile.z
        return [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].compactMap { dx, dy in
            let y = tile.y + dy
            guard y >= 0, y < n else { return nil }
            return TileID(z: tile.z, x: ((tile.x + dx) % n + n) % n, y: y)
        }
    }

    /// The DEM tile `dem` shaded (straight-alpha ARGB, its size), its edge
    /// pixels' slopes read from `neighbours` (by tile, as `neighbours(of:)`
    /// names them, each the DEM's size); where one is missing the tile's own edge stands in.
    package func shade(_ dem: TilePixels, tile: TileID, neighbours: [TileID: TilePixels]) -> TilePixels? {
        let (w, h) = (dem.width, dem.height)
        // Heights with a border of one pixel, from the neighbours or the tile's own edge.
        let stride = w + 2
        var heights = [Double](repeating: 0, count: stride * (h + 2))
        func neighbour(_ dx: Int, _ dy: Int) -> TilePixels? {
            let n = 1 << tile.z, y = tile.y + dy
            guard y >= 0, y < n else { return nil }
            let id = TileID(z: tile.z, x: ((tile.x + dx) % n + n) % n, y: y)
            guard let pixels = neighbours[id], pixels.width == w, pixels.height == h else { return nil }
            return pixels
        }
        let sides = [-1, 0, 1].map { dy in [-1, 0, 1].map { dx in dx == 0 && dy == 0 ? dem : neighbour(dx, dy) } }
        for row in -1...h {
            for column in -1...w {
                let dx = column < 0 ? -1 : column >= w ? 1 : 0, dy = row < 0 ? -1 : row >= h ? 1 : 0
                let value: Double
                if let source = sides[dy + 1][dx + 1] {
                    value = encoding.height(source.argb[((row + h) % h) * w + (column + w) % w])
                } else {
                    value = encoding.height(dem.argb[min(max(row, 0), h - 1) * w + min(max(column, 0), w - 1)])
                }
                heights[(row + 1) * stride + column + 1] = value.isFinite ? value : 0
            }
        }
        // MapLibre's steepening below zoom 15, where slopes would barely show.
        let zoom = Double(demZoom)
        let factor = zoom < 2 ? 0.4 : zoom < 4.5 ? 0.35 : 0.3
        let steepening = zoom < 15 ? (zoom - 15) * factor : 0
        // MapLibre reads heights a quarter as large, then divides by 8 pixel sizes of a 512-pixel tile at the DEM's zoom.
        let divisor = 4 * pow(2, steepening + 19.2562 - zoom)
        let intensity = min(max(exaggeration, 0), 1)
        let azimuth = direction * .pi / 180 + .pi
        let base = 1.875 - intensity * 1.75
        let fade = min(max(intensity * 2, 0), 1)
        func premultiplied(_ color: Color) -> [Double] {
            let alpha = Double(color.alpha) / 255
            return [Double(color.red) / 255 * alpha, Double(color.green) / 255 * alpha, Double(color.blue) / 255 * alpha, alpha]
        }
        let (shadowColor, highlightColor, accentColor) = (premultiplied(shadow), premultiplied(highlight), premultiplied(accent))
        var out = [UInt32](repeating: 0, count: w * h)
        for row in 0..<h {
            // Mercator stretches ground by 1/cos(latitude): slopes are as steep there as the map shows them.
            let latitude = latitudes.top + (latitudes.bottom - latitudes.top) * (Double(row) + 0.5) / Double(h)
            let scale = max(cos(latitude * .pi / 180), 1e-6)
            for column in 0..<w {
                let at = (row + 1) * stride + column + 1
                let (a, b, c) = (heights[at - stride - 1], heights[at - stride], heights[at - stride + 1])
                let (d, e) = (heights[at - 1], heights[at + 1])
                let (f, g, i) = (heights[at + stride - 1], heights[at + stride], heights[at + stride + 1])
                // The slope's two parts, kept within −1…1 as MapLibre's 8-bit texture keeps them.
                // Heights of an encoding whose steps are huge may differ by infinity minus infinity: no slope then.
                let dx = Hillshade.unit(((c + 2 * e + i) - (a + 2 * d + f)) / divisor)
                let dy = Hillshade.unit(((f + 2 * g + i) - (a + 2 * b + c)) / divisor)
                let slope = atan(1.25 * (dx * dx + dy * dy).squareRoot() / scale)
                let aspect = dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
                let scaled = intensity != 0.5 ? (pow(base, slope) - 1) / (pow(base, .pi / 2) - 1) * .pi / 2 : slope
                let accentShare = (1 - cos(scaled)) * fade
                var shade = ((aspect + azimuth) / .pi + 0.5).truncatingRemainder(dividingBy: 2)
                if shade < 0 { shade += 2 }
                shade = abs(shade - 1)
                let shadeShare = sin(scaled) * fade
                var mixed = [0.0, 0.0, 0.0, 0.0]
                for k in 0..<4 { mixed[k] = (shadowColor[k] + (highlightColor[k] - shadowColor[k]) * shade) * shadeShare }
                var pixel: UInt32 = 0
                let blended = accentColor[3] * accentShare * (1 - mixed[3]) + mixed[3]
                let alpha = blended.isFinite ? min(max(blended, 0), 1) : 0
                for k in 0..<3 {
                    let premultipliedValue = accentColor[k] * accentShare * (1 - mixed[3]) + mixed[k]
                    let share = premultipliedValue / alpha
                    let straight = alpha > 0 && share.isFinite ? min(max(share, 0), 1) : 0
                    pixel |= UInt32((straight * 255).rounded()) << UInt32(16 - 8 * k)
                }
                out[row * w + column] = pixel | UInt32((alpha * 255).rounded()) << 24
            }
        }
        return TilePixels(width: w, height: h, argb: out, isOpaque: false)
    }

    /// A slope's part held within −1…1, as MapLibre's 8-bit texture holds it; 0 for one that is not a number.
    static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -1), 1)
    }
}
