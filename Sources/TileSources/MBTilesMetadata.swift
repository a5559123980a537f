import Foundation
import MapEngine

/// What an MBTiles file's `metadata` table says (spec 1.3), read leniently:
/// a value that does not parse is as if absent.
///
///     let metadata = MBTilesMetadata(["format": "png", "center": "2.35,48.85,10"])
///     metadata.openingView   // 48.85° N 2.35° E at zoom 10
struct MBTilesMetadata: Equatable {
    var name: String?
    /// Lower-cased: png, jpg, webp, pbf…
    var format: String?
    var attribution: String?
    var minZoom: Int?
    var maxZoom: Int?
    var openingView: OpeningView?
    /// West, south, east, north in degrees.
    var bounds: [Double]?
    /// The ids of the `vector_layers` in the `json` value.
    var vectorLayers: [String] = []

    /// The most characters of a metadata value read.
    static let longestValue = 65_536

    /// The raster formats pinmap draws.
    static let rasterFormats: Set<String> = ["png", "jpg", "jpeg", "webp"]

    init(_ values: [String: String]) {
        func text(_ key: String) -> String? {
            let value = values[key]?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        name = text("name")
        format = text("format")?.lowercased()
        attribution = text("attribution").map(MBTilesMetadata.plainText)
        minZoom = text("minzoom").flatMap { Int($0) }.flatMap { (0...30).contains($0) ? $0 : nil }
        maxZoom = text("maxzoom").flatMap { Int($0) }.flatMap { (0...30).contains($0) ? $0 : nil }
        let centre = MBTilesMetadata.numbers(text("center"))
        if let centre, centre.count >= 2, abs(centre[1]) <= 85.06, abs(centre[0]) <= 180 {
            let zoom = centre.count >= 3 ? Camera.zoomLimits.clamp(centre[2]) : Double(minZoom ?? 0)
            openingView = OpeningView(center: Coordinate(latitude: centre[1], longitude: centre[0]), zoom: zoom)
        }
        bounds = MBTilesMetadata.numbers(text("bounds")).flatMap { $0.count == 4 ? $0 : nil }
        if let area = bounds.flatMap(OpeningView.area(bounds:)) {
            openingView = openingView ?? OpeningView(center: WebMercator.unproject(Point(x: area.midX, y: area.midY)),
                                                     zoom: Double(minZoom ?? 0))
            openingView?.area = area
        }
        vectorLayers = MBTilesMetadata.layerIDs(json: text("json"))
    }

    /// The `id`s of `vector_layers` in TileJSON-like text; none when it does not parse.
    static func layerIDs(json: String?) -> [String] {
        guard let json, let object = try? JSONParser.parse(Array(json.utf8)) else { return [] }
        return layerIDs(object)
    }

    /// The `id`s of a TileJSON-like object's `vector_layers`.
    static func layerIDs(_ object: JSONNode) -> [String] {
        (object["vector_layers"]?.elements ?? []).compactMap { $0["id"]?.string }
    }

    /// Comma-separated finite numbers, or nil.
    private static func numbers(_ text: String?) -> [Double]? {
        guard let text else { return nil }
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// An attribution often holds HTML links: the map shows their text.
    static func plainText(_ html: String) -> String { AttributionText.plain(html) }
}

private extension ClosedRange where Bound == Double {
    func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
