import Foundation

/// A style as its JSON, edited at run time after MapLibre's map API
/// (`setPaintProperty`, `addLayer`, `removeSource` …): each edit is made to a
/// copy, which is read whole again (`MapStyle(bytes:file:)`), so an edit is
/// checked exactly as a style file is; one the spec refuses leaves the
/// document as it was and throws its reason.
///
///     var document = try StyleDocument(style)
///     let restyled = try document.setPaintProperty("fill-color", to: .string("#ff0000"), layer: "water")
package struct StyleDocument {
    /// The style's JSON object, as the engine's JSON reader reads it.
    private var root: [String: StyleValue]
    /// What the style's file was called, for the reasons given.
    package let file: String

    /// The document of a style read from a file (it keeps its bytes).
    package init(_ style: MapStyle) throws(StyleChangeError) {
        guard let node = try? JSONParser.parse(style.bytes), case .object(let object) = StyleValue(json: node) else {
            throw StyleChangeError("the style was not read from a file, so it cannot be changed")
        }
        root = object
        file = style.file
    }

    /// Sets a paint property of a layer, or takes it away (`nil`: its default).
    package mutating func setPaintProperty(_ name: String, to value: StyleValue?, layer: String) throws(StyleChangeError) -> MapStyle {
        try editLayer(layer) { $0.set(name, in: "paint", to: value) }
    }

    /// Sets a layout property of a layer (`visibility` too), or takes it away.
    package mutating func setLayoutProperty(_ name: String, to value: StyleValue?, layer: String) throws(StyleChangeError) -> MapStyle {
        try editLayer(layer) { $0.set(name, in: "layout", to: value) }
    }

    /// Sets a layer's filter, or takes it away (`nil`: every feature).
    package mutating func setFilter(_ filter: StyleValue?, layer: String) throws(StyleChangeError) -> MapStyle {
        try editLayer(layer) { $0["filter"] = filter.map(StyleDocument.plain) }
    }

    /// Adds a layer (a style layer's JSON object) before the layer `before`, or on top.
    package mutating func addLayer(_ layer: StyleValue, before: String? = nil) throws(StyleChangeError) -> MapStyle {
        guard case .object(let object) = StyleDocument.plain(layer), let id = object["id"]?.text else {
            throw StyleChangeError("a layer is an object with an \"id\"")
        }
        var layers = self.layers
        guard !layers.contains(where: { $0["id"]?.text == id }) else { throw StyleChangeError("there is a layer \"\(id)\" already") }
        try layers.insert(object, at: position(before, in: layers))
        return try commit { $0["layers"] = StyleDocument.array(layers) }
    }

    /// Takes a layer away.
    package mutating func removeLayer(_ id: String) throws(StyleChangeError) -> MapStyle {
        var layers = self.layers
        guard let index = layers.firstIndex(where: { $0["id"]?.text == id }) else { throw StyleChangeError("there is no layer \"\(id)\"") }
        layers.remove(at: index)
        return try commit { $0["layers"] = StyleDocument.array(layers) }
    }

    /// Moves a layer to just before the layer `before`, or to the top.
    package mutating func moveLayer(_ id: String, before: String? = nil) throws(StyleChangeError) -> MapStyle {
        var layers = self.layers
        guard let index = layers.firstIndex(where: { $0["id"]?.text == id }) else { throw StyleChangeError("there is no layer \"\(id)\"") }
        let layer = layers.remove(at: index)
        try layers.insert(layer, at: position(before, in: layers))
        return try commit { $0["layers"] = StyleDocument.array(layers) }
    }

    /// Adds a source (a style source's JSON object) by name.
    package mutating func addSource(_ name: String, _ source: StyleValue) throws(StyleChangeError) -> MapStyle {
        guard case .object = source else {
            throw StyleChangeError("a source is an object with a \"type\"")
        }
        guard sources[name] == nil else { throw StyleChangeError("there is a source \"\(name)\" already") }
        return try commit { root in root.setMember(name, in: "sources", to: StyleDocument.plain(source)) }
    }

    /// Takes a source away; refused while a layer draws from it, as MapLibre refuses it.
    package mutating func removeSource(_ name: String) throws(StyleChangeError) -> MapStyle {
        guard sources[name] != nil else { throw StyleChangeError("there is no source \"\(name)\"") }
        if let user = layers.first(where: { $0["source"]?.text == name }), let id = user["id"]?.text {
            throw StyleChangeError("the layer \"\(id)\" draws from the source \"\(name)\"; remove it first")
        }
        return try commit { root in root.setMember(name, in: "sources", to: nil) }
    }

    /// Sets a GeoJSON source's data (a GeoJSON object) in the document.
    package mutating func setData(_ data: StyleValue, source name: String) throws(StyleChangeError) -> MapStyle {
        guard var source = sources[name] else { throw StyleChangeError("there is no source \"\(name)\"") }
        guard source["type"]?.text == "geojson" else { throw StyleChangeError("the source \"\(name)\" is not a GeoJSON source") }
        source["data"] = StyleDocument.plain(data)
        return try commit { root in root.setMember(name, in: "sources", to: .object(source)) }
    }

    /// Replaces the whole style (MapLibre's `setStyle`) with another's JSON object.
    package mutating func replace(with style: StyleValue) throws(StyleChangeError) -> MapStyle {
        guard case .object(let object) = StyleDocument.plain(style) else {
            throw StyleChangeError("a style is a JSON object")
        }
        return try commit { $0 = object }
    }

    // MARK: Reading and committing

    private var layers: [[String: StyleValue]] {
        guard case .array(let items) = root["layers"] else { return [] }
        return items.compactMap { item in
            if case .object(let layer) = item { return layer }
            return nil
        }
    }

    private var sources: [String: [String: StyleValue]] {
        guard case .object(let members) = root["sources"] else { return [:] }
        return members.compactMapValues { member in
            if case .object(let source) = member { return source }
            return nil
        }
    }

    /// Where a layer goes before `before` (the end when nil).
    private func position(_ before: String?, in layers: [[String: StyleValue]]) throws(StyleChangeError) -> Int {
        guard let before else { return layers.count }
        guard let index = layers.firstIndex(where: { $0["id"]?.text == before }) else {
            throw StyleChangeError("there is no layer \"\(before)\" to go before")
        }
        return index
    }

    private mutating func editLayer(_ id: String, _ edit: (inout [String: StyleValue]) -> Void) throws(StyleChangeError) -> MapStyle {
        var layers = self.layers
        guard let index = layers.firstIndex(where: { $0["id"]?.text == id }) else { throw StyleChangeError("there is no layer \"\(id)\"") }
        edit(&layers[index])
        return try commit { $0["layers"] = StyleDocument.array(layers) }
    }

    /// Makes `edit` to a copy of the document and reads it as a style: kept when the style is sound.
    private mutating func commit(_ edit: (inout [String: StyleValue]) -> Void) throws(StyleChangeError) -> MapStyle {
        var changed = root
        edit(&changed)
        let bytes = Array(StyleValue.object(changed).json.utf8)
        let style: MapStyle
        do {
            style = try MapStyle(bytes: bytes, file: file)
        } catch {
            var place = ""
            if let layer = error.layer { place += "layer \"\(layer)\": " }
            if let property = error.property { place += "\"\(property)\": " }
            throw StyleChangeError(place + error.reason)
        }
        root = changed
        return style
    }

    private static func array(_ layers: [[String: StyleValue]]) -> StyleValue { .array(layers.map(StyleValue.object)) }

    /// A style value as a style file holds it: a colour as CSS, an image by
    /// name, formatted text as its plain text, a collator as null.
    static func plain(_ value: StyleValue) -> StyleValue {
        switch value {
        case .null, .collator: .null
        case .bool, .number, .string: value
        case .color(let color): .string(color.description)
        case .array(let items): .array(items.map(plain))
        case .object(let members): .object(members.mapValues(plain))
        case .formatted(let text): .string(text.plainText)
        case .image(let image): .string(image.name)
        }
    }
}

extension StyleValue {
    /// The text, when this is a string.
    fileprivate var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

extension Dictionary where Key == String, Value == StyleValue {
    /// Sets `name` in the object `group` ("paint" or "layout"), or takes it away.
    fileprivate mutating func set(_ name: String, in group: String, to value: StyleValue?) {
        setMember(name, in: group, to: value.map(StyleDocument.plain))
    }

    /// Sets the member `name` of the object `group` (made when missing), or takes it away.
    fileprivate mutating func setMember(_ name: String, in group: String, to value: StyleValue?) {
        var members: [String: StyleValue] = [:]
        if case .object(let existing) = self[group] { members = existing }
        members[name] = value
        self[group] = .object(members)
    }
}

/// Why a change to a style at run time was refused, in plain words.
///
///     do { try map.setPaintProperty("fill-color", to: 12, layer: "water") } catch { print(error) }   // the reason
public struct StyleChangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}

extension StyleValue {
    /// A value written as JSON text, as a style file holds it: a property's
    /// value, an expression, a filter or a whole layer.
    ///
    ///     try StyleValue(json: #"["interpolate", ["linear"], ["zoom"], 10, 1, 16, 6]"#)
    package init(json text: String) throws(StyleChangeError) {
        do {
            self.init(json: try JSONParser.parse(Array(text.utf8)))
        } catch {
            throw StyleChangeError("not JSON: \(error)")
        }
    }
}
