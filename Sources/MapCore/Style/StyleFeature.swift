/// What a style expression reads of a feature: its properties, its id and
/// its kind of geometry. A tile's features are read so; a feature given by
/// its values (`ValuedFeature`) may hold values a tile cannot, such as
/// arrays, objects and text ids.
package protocol StyleFeature: Sendable {
    /// The property's value, or nil when the feature has no property of that name.
    func styleValue(_ key: String) -> StyleValue?
    /// The id, a number or text; nil when it has none.
    var styleID: StyleValue? { get }
    /// Point, line or polygon.
    var type: VectorFeature.GeometryType { get }
}

extension VectorFeature: StyleFeature {
    package func styleValue(_ key: String) -> StyleValue? { self[key].map { StyleValue($0) } }
    package var styleID: StyleValue? { id.map { .number(Double($0)) } }
}

/// A feature given by its values, of any JSON kind.
package struct ValuedFeature: StyleFeature {
    package var properties: [String: StyleValue]
    package var styleID: StyleValue?
    package var type: VectorFeature.GeometryType

    package init(properties: [String: StyleValue], id: StyleValue? = nil, type: VectorFeature.GeometryType) {
        self.properties = properties
        self.styleID = id
        self.type = type
    }

    package func styleValue(_ key: String) -> StyleValue? { properties[key] }
}
