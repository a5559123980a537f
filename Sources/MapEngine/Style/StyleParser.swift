/// Reads a style's JSON tree into a `MapStyle`, turning each problem into a
/// `StyleError` with its line and column.
struct StyleParser {
    let bytes: [UInt8]
    let file: String
    private var warnings: [String] = []
    private var notes: [String] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func error(_ reason: String, at range: Range<Int>, layer: String? = nil, property: String? = nil) -> StyleError {
        let position = TextPosition(offset: range.lowerBound, in: bytes)
        return StyleError(file: file, line: position.line, column: position.column, layer: layer, property: property, reason: reason)
    }

    mutating func style(_ root: JSONNode) throws(StyleError) -> MapStyle {
        guard case .object = root.value else { throw error("a style is a JSON object", at: root.range) }
        guard case .number(let version, _)? = root["version"]?.value else {
            throw error("a style needs \"version\": 8", at: root.range)
        }
        guard version == 8 else { throw error("style version \(FeatureValue.format(version)) is not supported (only 8)", at: root["version"]!.range) }
        var style = MapStyle()
        style.name = root["name"]?.string
        style.sprite = root["sprite"]?.string
        style.glyphs = root["glyphs"]?.string
        if let node = root["center"] {
            if let center = node.elements, center.count == 2,
               case .number(let longitude, _) = center[0].value, case .number(let latitude, _) = center[1].value,
               Coordinate(latitude: latitude, longitude: longitude).isValid {
                style.center = Coordinate(latitude: latitude, longitude: longitude)
            } else {
                warnings.append("\(file): \"center\" is not [longitude, latitude] within -180 to 180 and -90 to 90; left out")
            }
        }
        if let node = root["zoom"] {
            // A style's zoom counts 512-point tiles: pinmap's deepest zoom is one less there.
            let deepest = Camera.zoomLimits.upperBound - 1
            if case .number(let zoom, _) = node.value, zoom.isFinite {
                let held = min(max(zoom, 0), deepest)
                if held != zoom {
                    warnings.append("\(file): \"zoom\" is \(FeatureValue.format(zoom)), past 0 to \(FeatureValue.format(deepest)); it opens at \(FeatureValue.format(held))")
                }
                style.zoom = held
            } else {
                warnings.append("\(file): \"zoom\" is not a finite number; left out")
            }
        }
        if let state = root["state"] {
            guard case .object(let members) = state.value else { throw error("\"state\" is an object of named values", at: state.range) }
            for (name, definition) in members {
                guard let value = definition["default"] else {
                    throw error("the state \"\(name)\" needs a \"default\" value", at: definition.range)
                }
                style.globalState[name] = StyleValue(json: value)
            }
        }
        if let node = root["bearing"] {
            // Any heading is a heading: turned round to within one turn, as MapLibre turns it.
            if case .number(let bearing, _) = node.value, bearing.isFinite {
                style.bearing = bearing.truncatingRemainder(dividingBy: 360)
            } else {
                warnings.append("\(file): \"bearing\" is not a finite number; left out")
            }
        }
        if case .number(let pitch, _)? = root["pitch"]?.value, pitch.isFinite {
            // As MapLibre holds a style's pitch to the map's range, with a warning.
            let held = min(max(pitch, Camera.pitchLimits.lowerBound), Camera.pitchLimits.upperBound)
            if held != pitch, !(0...85).contains(pitch) {
                warnings.append("\(file): \"pitch\" is \(FeatureValue.format(pitch)), past 0 to 85 degrees; it is drawn at \(FeatureValue.format(held))")
            }
            style.pitch = held
        }
        if let sources = root["sources"] {
            guard case .object(let members) = sources.value else { throw error("\"sources\" is an object", at: sources.range) }
            for (name, node) in members { style.sources[name] = try source(node, name: name) }
        }
        guard let layerList = root["layers"] else { throw error("a style needs \"layers\"", at: root.range) }
        guard let layerNodes = layerList.elements else { throw error("\"layers\" is an array", at: layerList.range) }
        var seen: Set<String> = []
        for node in layerNodes {
            guard let layer = try layer(node, sources: style.sources) else { continue }
            guard seen.insert(layer.id).inserted else { throw error("two layers are called \"\(layer.id)\"", at: node.range) }
            style.layers.append(layer)
        }
        style.warnings = warnings
        style.notes = notes
        return style
    }

    /// A `raster-dem` source's `encoding`: `mapbox` (the default),
    /// `terrarium`, or `custom` with its `redFactor`, `greenFactor`,
    /// `blueFactor` and `baseShift`, each a finite number.
    private func demEncoding(_ node: JSONNode, name: String) throws(StyleError) -> Hillshade.Encoding {
        switch node["encoding"]?.string {
        case nil, "mapbox": return .mapbox
        case "terrarium": return .terrarium
        case "custom":
            var factors: [Double] = []
            for (field, fallback) in [("redFactor", 1.0), ("greenFactor", 1.0), ("blueFactor", 1.0), ("baseShift", 0.0)] {
                guard let value = node[field] else { factors.append(fallback); continue }
                guard case .number(let number, _) = value.value, number.isFinite, abs(number) < 1e9 else {
                    throw error("raster-dem source \"\(name)\": \"\(field)\" is not a number", at: value.range)
                }
                factors.append(number)
            }
            // The spec's shift is added: height = r·red + g·green + b·blue + baseShift.
            return Hillshade.Encoding(red: factors[0], green: factors[1], blue: factors[2], shift: -factors[3])
        default:
            throw error("raster-dem source \"\(name)\": \"encoding\" is \"mapbox\", \"terrarium\" or \"custom\"", at: node["encoding"]!.range)
        }
    }

    /// A source's number held to `range`, with a warning naming the source
    /// and the field when it was past it or not a number; nil when absent or not finite.
    private mutating func sourceNumber(_ node: JSONNode, _ key: String, source name: String,
                                       in range: ClosedRange<Double>) -> Double? {
        guard let field = node[key] else { return nil }
        guard case .number(let value, _) = field.value, value.isFinite else {
            warnings.append("\(file): source \"\(name)\": \"\(key)\" is not a finite number; left out")
            return nil
        }
        let held = min(max(value, range.lowerBound), range.upperBound)
        if held != value {
            warnings.append("\(file): source \"\(name)\": \"\(key)\" is \(FeatureValue.format(value)), past "
                                + "\(FeatureValue.format(range.lowerBound)) to \(FeatureValue.format(range.upperBound)); it is taken as \(FeatureValue.format(held))")
        }
        return held
    }

    private mutating func source(_ node: JSONNode, name: String) throws(StyleError) -> StyleSource {
        guard case .object = node.value else { throw error("source \"\(name)\" is not an object", at: node.range) }
        let kind: StyleSource.Kind
        switch node["type"]?.string {
        case "vector": kind = .vector
        case "raster": kind = .raster
        case "raster-dem": kind = .rasterDEM
        case "geojson": kind = .geojson
        case "image": kind = .image
        case nil: throw error("source \"\(name)\" has no \"type\"", at: node.range)
        default: kind = .other
        }
        var source = StyleSource(kind: kind, url: node["url"]?.string,
                                 tiles: node["tiles"]?.elements?.compactMap(\.string) ?? [],
                                 attribution: node["attribution"]?.string)
        if let value = sourceNumber(node, "minzoom", source: name, in: 0...30) { source.minZoom = Int(value) }
        if let value = sourceNumber(node, "maxzoom", source: name, in: 0...30) { source.maxZoom = Int(value) }
        if let value = sourceNumber(node, "tileSize", source: name, in: 64...4096) { source.tileSize = Int(value) }
        if kind == .raster || kind == .rasterDEM, node["tileSize"] == nil { source.tileSize = 512 }
        if kind == .rasterDEM { source.encoding = try demEncoding(node, name: name) }
        if let scheme = node["scheme"] {
            switch scheme.string {
            case "tms": source.scheme = .tms
            case "xyz": break
            default: warnings.append("\(file): source \"\(name)\": \"scheme\" is neither \"xyz\" nor \"tms\"; rows are read as xyz")
            }
        }
        if kind == .raster || kind == .rasterDEM, node["maxzoom"] == nil { source.maxZoom = 22 }
        if kind == .image {
            source.coordinates = try imageCorners(node, name: name)
            guard source.url != nil else { throw error("image source \"\(name)\" has no \"url\"", at: node.range) }
        }
        if kind == .geojson {
            if node["maxzoom"] == nil { source.maxZoom = 18 }
            if let value = sourceNumber(node, "buffer", source: name, in: 0...512) { source.buffer = value }
            if case .bool(true)? = node["cluster"]?.value { source.cluster = true }
            if case .bool(true)? = node["lineMetrics"]?.value { source.lineMetrics = true }
            if let value = sourceNumber(node, "clusterRadius", source: name, in: 0...512) { source.clusterRadius = value }
            if let value = sourceNumber(node, "clusterMaxZoom", source: name, in: 0...24) { source.clusterMaxZoom = Int(value) }
            if let properties = node["clusterProperties"] {
                // Read as the source is opened; here it is checked, so a bad one is refused with its place in the file.
                do {
                    _ = try GeoJSONClusterProperty.read(Array(bytes[properties.range]))
                } catch {
                    throw self.error(error.reason, at: properties.range)
                }
                source.clusterProperties = Array(bytes[properties.range])
            }
            switch node["data"]?.value {
            case .string(let address)?: source.url = address
            case .object?: source.inlineData = Array(bytes[node["data"]!.range])
            case nil: throw error("GeoJSON source \"\(name)\" has no \"data\"", at: node.range)
            default: throw error("the \"data\" of GeoJSON source \"\(name)\" is GeoJSON or the address of a GeoJSON file",
                                 at: node["data"]!.range)
            }
        }
        return source
    }

    /// An image source's four corners, each a finite [longitude, latitude] on the map.
    private func imageCorners(_ node: JSONNode, name: String) throws(StyleError) -> [Coordinate] {
        let problem = "the \"coordinates\" of image source \"\(name)\" are four [longitude, latitude] pairs"
        guard let field = node["coordinates"] else { throw error(problem, at: node.range) }
        guard let pairs = field.elements, pairs.count == 4 else { throw error(problem, at: field.range) }
        var corners: [Coordinate] = []
        for pair in pairs {
            guard let numbers = pair.elements, numbers.count == 2,
                  case .number(let longitude, _) = numbers[0].value, case .number(let latitude, _) = numbers[1].value,
                  longitude.isFinite, latitude.isFinite, abs(longitude) <= 360, abs(latitude) <= 90 else {
                throw error(problem, at: pair.range)
            }
            corners.append(Coordinate(latitude: latitude, longitude: longitude))
        }
        return corners
    }

    private mutating func layer(_ node: JSONNode, sources: [String: StyleSource]) throws(StyleError) -> StyleLayer? {
        guard case .object(let members) = node.value else { throw error("a layer is an object", at: node.range) }
        guard let id = node["id"]?.string else { throw error("a layer needs an \"id\"", at: node.range) }
        guard let typeName = node["type"]?.string else { throw error("no \"type\"", at: node.range, layer: id) }
        guard let kind = StyleLayer.Kind(rawValue: typeName) else {
            warnings.append("\(file): layer \"\(id)\": layer type \"\(typeName)\" is not drawn")
            return nil
        }
        var layer = StyleLayer(id: id, kind: kind)
        layer.source = node["source"]?.string
        layer.sourceLayer = node["source-layer"]?.string
        // A GeoJSON source's tiles hold one layer, which its layers read without naming it.
        if layer.sourceLayer == nil, let name = layer.source, sources[name]?.kind == .geojson {
            layer.sourceLayer = StyleSource.geoJSONLayerName
        }
        if kind != .background {
            guard let source = layer.source else { throw error("no \"source\"", at: node.range, layer: id) }
            guard sources[source] != nil else { throw error("no source called \"\(source)\"", at: node["source"]!.range, layer: id) }
            if kind == .hillshade, sources[source]?.kind != .rasterDEM {
                warnings.append("\(file): layer \"\(id)\": a hillshade layer draws from a raster-dem source, which \"\(source)\" is not; it is not drawn")
                return nil
            }
        }
        if let fonts = node["layout"]?["text-font"]?.elements, fonts.count > FormattedText.mostFonts {
            warnings.append("\(file): layer \"\(id)\": \"text-font\" lists \(fonts.count) fonts; the first \(FormattedText.mostFonts) are tried")
        }
        for (field, isMin) in [("minzoom", true), ("maxzoom", false)] {
            guard case .number(let value, _)? = node[field]?.value else { continue }
            let (zoom, problem) = StyleRangeCheck.zoom(value)
            if let problem { warnings.append("\(file): layer \"\(id)\": \"\(field)\": \(problem)") }
            if isMin { layer.minZoom = zoom } else { layer.maxZoom = zoom }
        }
        if let filter = node["filter"] {
            do {
                layer.filter = try LegacyFilter.compile(filter)
            } catch {
                throw self.error(error.reason, at: error.range, layer: id, property: "filter")
            }
        }
        for (key, _) in members where !["id", "type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout",
                                          "paint", "metadata", "ref", "interactive"].contains(key) {
            warnings.append("\(file): layer \"\(id)\": \"\(key)\" is not a layer field pinmap knows")
        }
        for (groupName, known) in [("layout", StyleProperty.layout[kind] ?? [:]), ("paint", StyleProperty.paint[kind] ?? [:])] {
            guard let group = node[groupName] else { continue }
            guard case .object(let properties) = group.value else { throw error("\"\(groupName)\" is an object", at: group.range, layer: id) }
            for (name, value) in properties {
                guard let spec = known[name] ?? (groupName == "layout" ? StyleProperty.common[name] : nil) else {
                    warnings.append("\(file): layer \"\(id)\": \"\(name)\" is not a \(kind.rawValue) \(groupName) property pinmap knows")
                    continue
                }
                if !spec.drawn { notes.append("\(file): layer \"\(id)\": \"\(name)\" is not drawn yet") }
                do {
                    let expression = try property(name, value, spec, layer: id)
                    layer.properties[name] = expression
                    if let problem = StyleRangeCheck.problem(name, expression) {
                        warnings.append("\(file): layer \"\(id)\": \"\(name)\": \(problem)")
                    }
                } catch {
                    throw self.error(error.reason, at: error.range, layer: id, property: name)
                }
            }
        }
        if layer.properties["visibility"].map({ $0.evaluate(StyleContext(zoom: 0)) == .string("none") }) == true {
            layer.visible = false
        }
        return layer
    }

    private mutating func property(_ name: String, _ node: JSONNode, _ spec: StyleProperty,
                                   layer id: String) throws(StyleValueError) -> StyleExpression {
        let expects: String?
        switch spec.defaultValue {
        case .number: expects = "number"
        case .color: expects = "color"
        case .bool: expects = "boolean"
        case .array: expects = "array"
        case .string: expects = "string"
        default: expects = nil
        }
        // The properties without a default, by the spec's types.
        let typed = ["text-field": "formatted", "icon-image": "resolvedImage", "symbol-sort-key": "number"][name]
        if case .object = node.value {
            return try LegacyFunction.compile(node, interpolatable: spec.interpolatable, expects: expects,
                                              tokens: name == "text-field" || name == "icon-image")
        }
        if StyleExpression.isExpression(node) { return try StyleExpression.parseProperty(node, expects: expects ?? typed) }
        let value = try StyleExpression.literal(node)
        if name == "text-field" || name == "icon-image", case .string(let text) = value, text.contains("{") {
            let (expression, cut) = StyleParser.tokens(text)
            if cut {
                warnings.append("\(file): layer \"\(id)\": \"\(name)\": it names more than \(StyleParser.mostTokens) {properties}; the rest is left out")
            }
            return expression
        }
        if spec.interpolatable, case .color = spec.defaultValue, case .string(let text) = value {
            guard let color = StyleColor(css: text) else {
                throw StyleValueError(reason: "\"\(text)\" is not a colour", range: node.range)
            }
            return .literal(.color(color))
        }
        return .literal(value)
    }

    /// The most `{properties}` one text names: a label of more could not be drawn.
    static let mostTokens = 256

    /// `"{name:latin} {ref}"`: literal text and properties, concatenated;
    /// and whether it was cut after `mostTokens` properties.
    static func tokens(_ text: String) -> (StyleExpression, cut: Bool) {
        var parts: [StyleExpression] = []
        var rest = Substring(text)
        var count = 0
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            count += 1
            guard count <= mostTokens else { return (.concat(parts), true) }
            if open > rest.startIndex { parts.append(.literal(.string(String(rest[..<open])))) }
            parts.append(.coalesce([.toString(.get(String(rest[rest.index(after: open)..<close]))), .literal(.string(""))]))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(.string(String(rest)))) }
        return (.concat(parts), false)
    }
}
