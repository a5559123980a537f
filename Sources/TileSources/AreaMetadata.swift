import Foundation
import MapEngine

/// The metadata an area file carries (MBTiles 1.3's names, and pinmap's
/// own under `pinmap:`): its box, zooms, format and credit, the source it
/// came from and when, so it can be listed, updated and matched with the
/// map's street source.
package enum AreaMetadata {
    /// The metadata of an area downloaded now (or at `date`) from `source`
    /// (`streets`, or the address given: a TileJSON, a template), whose
    /// tiles came from `tiles` (the template a TileJSON named, say).
    package static func of(_ plan: AreaPlan, name: String, source: String, tiles: String? = nil, format: String, attribution: String?,
                           date: Date = Date()) -> [String: String] {
        var metadata = ["name": name, "format": format, "type": "baselayer", "minzoom": "\(plan.zooms.lowerBound)",
         "maxzoom": "\(plan.zooms.upperBound)", "bounds": "\(plan.west),\(plan.south),\(plan.east),\(plan.north)",
         "center": "\((plan.west + plan.east) / 2),\((plan.south + plan.north) / 2),\(plan.zooms.lowerBound)",
         "attribution": attribution ?? "", "description": "Downloaded by pinmap for offline use",
         "pinmap:source": source, "pinmap:downloaded": ISO8601DateFormatter().string(from: date)]
        if let tiles { metadata["pinmap:tiles"] = tiles }
        return metadata
    }
}
