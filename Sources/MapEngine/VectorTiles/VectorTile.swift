/// A decoded Mapbox Vector Tile (version 2.1): named layers of features.
///
/// Decoding checks every length and count against the bytes, so a broken
/// or hostile tile throws `VectorTileError` and never reads past its end.
/// Geometry stays encoded until it is asked for (`VectorFeature.geometry`),
/// so features a style filters out cost almost nothing.
///
///     let tile = try VectorTile(bytes: data)
///     for feature in tile.layer(named: "water")?.features ?? [] { … }
package struct VectorTile: Sendable {
    /// The tile's layers in file order.
    package var layers: [VectorTileLayer]
    /// What was left out of the tile and why (a layer of a version MVT
    /// does not have, a name that is not UTF-8, features of no known
    /// geometry type), one line each, for a warning naming the tile.
    package var problems: [String] = []

    /// Most features a layer may hold, and most tags or commands a feature may:
    /// far past any real tile, low enough that a lying count cannot exhaust memory.
    static let maxFeatures = 1_000_000

    /// A tile of these layers, built in code.
    package init(layers: [VectorTileLayer]) {
        self.layers = layers
    }

    /// Decodes a tile's bytes (already inflated).
    package init(bytes: [UInt8]) throws(VectorTileError) {
        var reader = ProtobufReader(bytes[...])
        var layers: [VectorTileLayer] = []
        var problems: [String] = []
        while let (field, wire) = try reader.nextField() {
            if field == 3, wire == .lengthDelimited {
                if let layer = try VectorTileLayer(decoding: try reader.lengthDelimited(), problems: &problems) { layers.append(layer) }
            } else {
                try reader.skip(wire)
            }
        }
        self.layers = layers
        self.problems = problems
    }

    /// The first layer of this name.
    package func layer(named name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }
}

/// One layer of a vector tile: its features and the extent their
/// coordinates are given in (4096 unless the tile says otherwise).
package struct VectorTileLayer: Sendable {
    /// The layer's name, which a style's `source-layer` names.
    package var name: String
    /// Coordinates run from 0 to this across the tile.
    package var extent: Int
    /// The layer's features in file order.
    package var features: [VectorFeature]

    /// A layer of these features, built in code.
    package init(name: String, extent: Int = 4096, features: [VectorFeature]) {
        self.name = name
        self.extent = extent
        self.features = features
    }

    /// The spec's layer versions: 1 and 2 (which differ only in how strictly they are written).
    static let versions: ClosedRange<UInt64> = 1...2

    /// Decodes a layer; nil (with the reason in `problems`) for one pinmap
    /// must not guess at: a version MVT does not have, or a name that is not UTF-8.
    init?(decoding bytes: ArraySlice<UInt8>, problems: inout [String]) throws(VectorTileError) {
        var reader = ProtobufReader(bytes)
        var name: String?
        var nameIsUTF8 = true
        /// Whether every key and text value is UTF-8 (one that is not is read with U+FFFD, and said).
        var textIsUTF8 = true
        var version: UInt64 = 1
        var extent = 4096
        var keys: [String] = []
        var values: [FeatureValue] = []
        var rawFeatures: [ArraySlice<UInt8>] = []
        while let (field, wire) = try reader.nextField() {
            switch (field, wire) {
            case (1, .lengthDelimited):
                let raw = try reader.lengthDelimited()
                nameIsUTF8 = UTF8Check.firstInvalidOffset(of: raw) == nil
                name = String(decoding: raw, as: UTF8.self)
            case (15, .varint): version = try reader.varint()
            case (2, .lengthDelimited):
                guard rawFeatures.count < VectorTile.maxFeatures else { throw .malformed("a layer holds more than \(VectorTile.maxFeatures) features") }
                rawFeatures.append(try reader.lengthDelimited())
            case (3, .lengthDelimited):
                let raw = try reader.lengthDelimited()
                if textIsUTF8 && UTF8Check.firstInvalidOffset(of: raw) != nil { textIsUTF8 = false }
                keys.append(String(decoding: raw, as: UTF8.self))
            case (4, .lengthDelimited): values.append(try VectorTileLayer.value(try reader.lengthDelimited(), isUTF8: &textIsUTF8))
            case (5, .varint):
                let value = try reader.varint()
                guard (1...(1 << 20)).contains(value) else { throw .malformed("a layer's extent is \(value)") }
                extent = Int(value)
            default: try reader.skip(wire)
            }
        }
        guard let name else { throw .malformed("a layer has no name") }
        guard nameIsUTF8 else {
            problems.append("a layer's name (\"\(name)\") is not UTF-8; the layer is left out")
            return nil
        }
        guard VectorTileLayer.versions.contains(version) else {
            problems.append("layer \"\(name)\" is of version \(version), which MVT does not have (only 1 and 2); the layer is left out")
            return nil
        }
        if !textIsUTF8 {
            problems.append("layer \"\(name)\": a property name or text is not UTF-8; its bytes that are not are read as \u{FFFD}")
        }
        let table = PropertyTable(keys: keys, values: values)
        var features: [VectorFeature] = []
        features.reserveCapacity(rawFeatures.count)
        for raw in rawFeatures {
            features.append(try VectorFeature(decoding: raw, table: table, layer: name, problems: &problems))
        }
        self.name = name
        self.extent = extent
        self.features = features
    }

    private static func value(_ bytes: ArraySlice<UInt8>, isUTF8: inout Bool) throws(VectorTileError) -> FeatureValue {
        var reader = ProtobufReader(bytes)
        var value: FeatureValue?
        while let (field, wire) = try reader.nextField() {
            switch (field, wire) {
            case (1, .lengthDelimited):
                let raw = try reader.lengthDelimited()
                if isUTF8 && UTF8Check.firstInvalidOffset(of: raw) != nil { isUTF8 = false }
                value = .string(String(decoding: raw, as: UTF8.self))
            case (2, .fixed32): value = .number(Double(Float(bitPattern: try reader.fixed32())))
            case (3, .fixed64): value = .number(Double(bitPattern: try reader.fixed64()))
            case (4, .varint): value = .number(Double(Int64(bitPattern: try reader.varint())))
            case (5, .varint): value = .number(Double(try reader.varint()))
            case (6, .varint):
                let raw = try reader.varint()
                value = .number(Double(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)))
            case (7, .varint): value = .bool(try reader.varint() != 0)
            default: try reader.skip(wire)
            }
        }
        // A value of no known type is kept as null-like empty text, so the
        // indices of the values after it still match.
        return value ?? .string("")
    }
}

/// The keys and values a layer's features point into; shared, never copied.
final class PropertyTable: Sendable {
    let keys: [String]
    let values: [FeatureValue]
    let keyIndex: [String: UInt32]

    init(keys: [String], values: [FeatureValue]) {
        self.keys = keys
        self.values = values
        var index: [String: UInt32] = [:]
        for (position, key) in keys.enumerated() where index[key] == nil { index[key] = UInt32(position) }
        self.keyIndex = index
    }
}
