import Foundation
import MapEngine
import MapKitLayer

/// Changing the map's style while it is open, after MapLibre's map API
/// (`setPaintProperty`, `addLayer`, `setFilter`, a GeoJSON source's
/// `setData` …). Each change is checked as a style file is: one the style
/// spec refuses throws its reason and changes nothing. The map's tiles are
/// then painted anew, and drawn as they were until the new ones come, so a
/// change never flashes.
///
///     try map.setPaintProperty("fill-color", to: "#e04030", layer: "water")
///     try map.setFilter(["==", ["get", "class"], "park"], layer: "parks")
///     try map.setData(vehiclesGeoJSON, source: "vehicles")   // an app's moving vehicles
///
/// The map must show a style (`MapOptions.vectorLayout`, read from a file).
/// Sources added at run time are GeoJSON sources with inline `data`.
extension MapView {
    /// Replaces the whole style with another (its JSON object), as
    /// MapLibre's `setStyle`: sources of the same name that are kept are
    /// not opened again, and the map is drawn as it was until the new
    /// style's tiles come, so it does not flash.
    public func setStyle(_ style: StyleJSON) throws(StyleChangeError) {
        try session.frames.replaceStyle(with: style.value)
        dirty = true
    }

    /// Sets a layer's paint property (`nil`: its default).
    public func setPaintProperty(_ name: String, to value: StyleJSON?, layer: String) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.setPaintProperty(name, to: value?.value, layer: layer) }
    }

    /// Sets a layer's layout property, `visibility` among them (`nil`: its default).
    public func setLayoutProperty(_ name: String, to value: StyleJSON?, layer: String) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.setLayoutProperty(name, to: value?.value, layer: layer) }
    }

    /// Sets a layer's filter (`nil`: every feature).
    public func setFilter(_ filter: StyleJSON?, layer: String) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.setFilter(filter?.value, layer: layer) }
    }

    /// Adds a layer (its style JSON object) just below the layer `before`, or on top of all.
    public func addLayer(_ layer: StyleJSON, before: String? = nil) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.addLayer(layer.value, before: before) }
    }

    /// Takes a layer away.
    public func removeLayer(_ id: String) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.removeLayer(id) }
    }

    /// Moves a layer to just below the layer `before`, or to the top.
    public func moveLayer(_ id: String, before: String? = nil) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.moveLayer(id, before: before) }
    }

    /// Adds a GeoJSON source (its style JSON object, with inline `data`) for layers to draw from.
    public func addSource(_ name: String, _ source: StyleJSON) throws(StyleChangeError) {
        try change(reopening: [name]) { document throws(StyleChangeError) in try document.addSource(name, source.value) }
    }

    /// Takes a source away; refused while a layer draws from it.
    public func removeSource(_ name: String) throws(StyleChangeError) {
        try change { document throws(StyleChangeError) in try document.removeSource(name) }
    }

    /// Replaces a GeoJSON source's data with `geoJSON` (a Feature,
    /// FeatureCollection or geometry, as bytes).
    public func setData(_ geoJSON: Data, source: String) throws(StyleChangeError) {
        guard let node = try? JSONParser.parse(Array(geoJSON)), case .object = node.value else {
            throw StyleChangeError("the data for the source \"\(source)\" is not a GeoJSON object")
        }
        let object = StyleValue(json: node)
        try change(reopening: [source]) { document throws(StyleChangeError) in try document.setData(object, source: source) }
    }

    /// Merges `state` into the state of the feature `id` (its numeric id in
    /// the tiles, or a GeoJSON feature's `id`) of the source `source`: the
    /// style reads it with `["feature-state", "hover"]`. A value of
    /// `.null` takes that key away. As MapLibre's `setFeatureState`.
    public func setFeatureState(_ state: [String: StyleJSON], id: UInt64, source: String) throws(StyleChangeError) {
        try session.frames.setFeatureState(state.mapValues(\.value), id: id, source: source)
        dirty = true
    }

    /// Takes away all the state of the feature `id` of `source`.
    public func removeFeatureState(id: UInt64, source: String) throws(StyleChangeError) {
        try session.frames.setFeatureState(nil, id: id, source: source)
        dirty = true
    }

    /// The features the style draws at `point` (window units), topmost
    /// first: the labels shown there, then the areas, lines and circles
    /// under it, layer by layer, with a few points of room for a finger; of
    /// the style layers `layers` names only, when given. As MapLibre's
    /// `queryRenderedFeatures`. Empty for a map of images.
    public func queryRenderedFeatures(at point: Point, layers: [String]? = nil) -> [RenderedFeature] {
        guard let painted = session.frames.painted, let producer = session.tiles.baseProducer as? VectorTileProducer else { return [] }
        let camera = map.camera
        let onMap = camera.screenPoint(forWorld: WebMercator.project(coordinate(at: point)))
        let query = FeatureQuery(layout: painted.layout, producer: producer, camera: camera, levels: map.levels, scale: map.displayScale)
        return query.features(at: onMap, labels: map.labels.labels(at: onMap), only: layers.map(Set.init))
    }

    private func change(reopening: Set<String> = [],
                        _ edit: (inout StyleDocument) throws(StyleChangeError) -> MapStyle) throws(StyleChangeError) {
        try session.frames.changeStyle(reopening: reopening, edit)
        dirty = true
    }
}
