@testable import MapEngine

/// Features and expressions for the style tests.
enum StyleTestSupport {
    static func feature(_ properties: [(String, TileEncoder.EncodedValue)], type: Int = 3, id: UInt64? = nil) -> VectorFeature {
        let bytes = TileEncoder.encode([.init(name: "layer", features: [
            .init(id: id, type: type, properties: properties, commands: TileEncoder.commands([[(0, 0), (10, 0), (10, 10)]], close: type == 3)),
        ])])
        return try! VectorTile(bytes: bytes).layers[0].features[0]
    }

    static func expression(_ json: String) throws -> StyleExpression {
        try StyleExpression.parse(try JSONParser.parse(Array(json.utf8)))
    }

    static func filter(_ json: String) throws -> StyleExpression {
        try LegacyFilter.compile(try JSONParser.parse(Array(json.utf8)))
    }

    static func function(_ json: String, interpolatable: Bool = true) throws -> StyleExpression {
        try LegacyFunction.compile(try JSONParser.parse(Array(json.utf8)), interpolatable: interpolatable)
    }
}
