/// What a style expression reads of a feature: its properties, its id and
/// its kind of geometry. A tile's features are read so; a feature given by
/// its values (`ValuedFeature`) may hold values a tile cannot, such as
/// arrays, objects and text ids.
package protocol StyleFeature: Sendable {
    /// The property's value, or nil when the feature has no property of that name.
    func styleValue(_ key: String) -> StyleValue?
    /// Every property, by name (`properties`).
    var styleProperties: [String: StyleValue] { get }
    /// The id, a number or text; nil when it has none.
    var styleID: StyleValue? { get }
    /// Point, line or polygon.
    var type: VectorFeature.GeometryType { get }
    /// The geometry's parts (points, lines or rings) on the world's grid
    /// of `place` (`FeaturePlace`), for `within` and `distance`; nil when it has none.
    func styleGeometry(at place: FeaturePlace) -> [[Point]]?
}

extension VectorFeature: StyleFeature {
    package func styleValue(_ key: String) -> StyleValue? { self[key].map { StyleValue($0) } }
    package var styleID: StyleValue? { id.map { .number(Double($0)) } }
    package var styleProperties: [String: StyleValue] { properties.mapValues { StyleValue($0) } }
    package func styleGeometry(at place: FeaturePlace) -> [[Point]]? {
        guard let parts = try? geometry() else { return nil }
        return parts.map { $0.map(place.grid(tilePoint:)) }
    }
}

/// A feature given by its values, of any JSON kind.
package struct ValuedFeature: StyleFeature {
    package var properties: [String: StyleValue]
    package var styleID: StyleValue?
    package var type: VectorFeature.GeometryType
    /// The geometry's parts in longitudes and latitudes (as x and y), if it has any.
    package var parts: [[Point]]?

    package init(properties: [String: StyleValue], id: StyleValue? = nil, type: VectorFeature.GeometryType, parts: [[Point]]? = nil) {
        self.properties = properties
        self.styleID = id
        self.type = type
        self.parts = parts
    }

    package func styleValue(_ key: String) -> StyleValue? { properties[key] }
    package var styleProperties: [String: StyleValue] { properties }

    /// The parts rounded to the grid, as a tile would hold them.
    package func styleGeometry(at place: FeaturePlace) -> [[Point]]? {
        parts.map { $0.map { $0.map(place.grid(lonLat:)) } }
    }
}
