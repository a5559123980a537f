import MapEngine

/// Which tiles a change of the style reaches, so that only those are
/// painted anew: a change to layers (a paint or layout property, a filter,
/// a layer added, taken away or moved) reaches only tiles at whose zoom one
/// of those layers draws, and whose data holds its source layer; a change
/// to anything else (sources, sprite, state) reaches every tile.
///
///     let scope = StyleChangeScope(from: old, to: new)
///     scope.reaches(tile, styleZoom: 13.2, holds: { data.layer(named: $0) != nil })
package struct StyleChangeScope: Sendable {
    /// The changed layers, as they were and as they are; nil: every tile is reached.
    package let layers: [StyleLayer]?

    /// The scope of the change from `old` to `new`, compared as the JSON
    /// each was read from (so it holds however the file was written).
    package init(from old: MapStyle, to new: MapStyle) {
        guard let before = try? JSONParser.parse(old.bytes), let after = try? JSONParser.parse(new.bytes),
              case .object(let oldMembers) = before.value, case .object(let newMembers) = after.value else {
            layers = nil
            return
        }
        // Anything but the layers changed: every tile.
        func others(_ members: [(key: String, value: JSONNode)]) -> [String: StyleValue] {
            var values: [String: StyleValue] = [:]
            for (key, value) in members where key != "layers" { values[key] = StyleValue(json: value) }
            return values
        }
        guard others(oldMembers) == others(newMembers) else {
            layers = nil
            return
        }
        func byID(_ root: JSONNode) -> (order: [String], values: [String: StyleValue])? {
            var order: [String] = [], values: [String: StyleValue] = [:]
            for node in root["layers"]?.elements ?? [] {
                guard let id = node["id"]?.string, values[id] == nil else { return nil }
                order.append(id)
                values[id] = StyleValue(json: node)
            }
            return (order, values)
        }
        guard let was = byID(before), let now = byID(after) else {
            layers = nil
            return
        }
        var changed = Set(was.order).symmetricDifference(now.order)
        for id in was.order where now.values[id] != nil && was.values[id] != now.values[id] { changed.insert(id) }
        // A moved layer changes what it covers and what covers it: the layers kept in both whose rank among them moved.
        let keptBefore = was.order.filter { now.values[$0] != nil }, keptAfter = now.order.filter { was.values[$0] != nil }
        for (a, b) in zip(keptBefore, keptAfter) where a != b { changed.formUnion([a, b]) }
        layers = old.layers.filter { changed.contains($0.id) } + new.layers.filter { changed.contains($0.id) }
    }

    /// A change that reaches every tile.
    package static let everything = StyleChangeScope(layers: nil)

    private init(layers: [StyleLayer]?) {
        self.layers = layers
    }

    /// Whether a tile drawn at `styleZoom` is reached: some changed layer
    /// draws at that zoom, from no source layer or one its data holds
    /// (`holds` answers nil when the data is not at hand: then it is reached).
    package func reaches(styleZoom: Double, holds: (_ source: String, _ sourceLayer: String) -> Bool?) -> Bool {
        guard let layers else { return true }
        return layers.contains { layer in
            guard layer.isGathered(inTileAt: styleZoom) else { return false }
            guard let source = layer.source, let sourceLayer = layer.sourceLayer else { return true }
            return holds(source, sourceLayer) ?? true
        }
    }
}
