/// Makes one pin out of a Point feature's fields: its coordinate (refused
/// when missing, mistyped or out of range), its text and its look, with a
/// warning for each property it cannot use.
struct PinFeatureBuilder {
    let file: String
    let bytes: [UInt8]
    let index: Int
    /// What it could not use, one note each (the reader names the file and feature).
    private(set) var notes: [String] = []

    init(file: String, bytes: [UInt8], index: Int) {
        self.file = file
        self.bytes = bytes
        self.index = index
    }

    private typealias Name = FeatureFields.Properties.Name

    mutating func feature(_ fields: FeatureFields, geometry: FeatureFields.Geometry) throws(PinFileError) -> PinFeature {
        let (coordinate, lonRange, latRange) = try coordinates(geometry.coordinates, id: fields.id)
        let properties = fields.properties
        /// A string property, as the value the feature reads it from.
        func text(_ name: Name) -> FieldValue? {
            guard let value = properties?[name], case .string = value.kind else { return nil }
            return value
        }
        var symbol = PinFeature.Symbol.pin(.red)
        if let color = properties?[.markerColor] {
            if let text = color.text(in: bytes), let pinColor = PinColor(markerColor: text) {
                symbol = .pin(pinColor)
            } else {
                warn("marker-color \(display(color)) is not a colour; the pin stays red")
            }
        }
        if properties?[.markerSymbol]?.isString("bullseye", in: bytes) == true {
            symbol = .bullseye
        }
        let draggable = flag(.draggable, in: properties, default: true, otherwise: "the pin stays draggable")
        let placemark = flag(.placemark, in: properties, default: false, otherwise: "the subtitle is not looked up")
        var layout: String?
        if let callout = properties?[.callout] {
            if let name = callout.text(in: bytes) {
                layout = name
            } else {
                warn("callout is \(callout.kindDescription), not a layout name; the pin shows the standard callout")
            }
        }
        var feature = PinFeature(index: index, id: identifier(fields.id), coordinate: coordinate,
                                 title: text(.title) ?? text(.name), subtitle: text(.subtitle) ?? text(.description),
                                 symbol: symbol, isDraggable: draggable, isPlacemark: placemark,
                                 bytes: bytes, properties: properties?.range,
                                 propertiesAreEmpty: properties?.isEmpty ?? true,
                                 longitudeRange: lonRange, latitudeRange: latRange)
        if let layout { feature.calloutLayoutName = layout }
        if let cluster = properties?[.cluster] {
            if let name = cluster.text(in: bytes), !name.isEmpty {
                feature.clusterName = name
            } else {
                warn("cluster is \(cluster.kindDescription), not a cluster name; the pin does not cluster")
            }
        }
        if let priority = properties?[.priority] {
            switch priority.kind {
            case .string where priority.isString("required", in: bytes): feature.displayPriority = .required
            case .string where priority.isString("high", in: bytes): feature.displayPriority = .defaultHigh
            case .string where priority.isString("low", in: bytes): feature.displayPriority = .defaultLow
            case .number(let value) where value >= 0 && value <= 1000: feature.displayPriority = DisplayPriority(Float(value))
            default:
                warn("priority is \(priority.kindDescription), not required, high, low or a number from 0 to 1000; the default is used")
            }
        }
        if let collision = properties?[.collision] {
            switch collision.text(in: bytes) {
            case "rectangle": feature.collisionMode = .rectangle
            case "circle": feature.collisionMode = .circle
            case "none": feature.collisionMode = .none
            default:
                warn("collision is \(collision.kindDescription), not rectangle, circle or none; rectangle is used")
            }
        }
        return feature
    }

    private mutating func warn(_ text: String) {
        notes.append(text)
    }

    /// A true-or-false property; anything else is warned about (saying what
    /// happens `otherwise`) and taken as the default.
    private mutating func flag(_ name: Name, in properties: FeatureFields.Properties?, default fallback: Bool,
                               otherwise: String) -> Bool {
        guard let value = properties?[name] else { return fallback }
        if case .bool(let flag) = value.kind { return flag }
        warn("\(name.key) is \(value.kindDescription), not true or false; \(otherwise)")
        return fallback
    }

    private func coordinates(_ coordinates: FeatureFields.Coordinates?, id: FieldValue?) throws(PinFileError)
        -> (Coordinate, Range<Int>, Range<Int>) {
        // A refusal names the feature by its id too, when it has one (read only then: pins are many).
        func bad(_ reason: String) -> PinFileError {
            let name = identifier(id).map { $0.text(in: bytes) ?? String(decoding: bytes[$0.range], as: UTF8.self) }
            return .badCoordinates(file: file, index: index, id: name, reason: reason)
        }
        guard let coordinates else { throw bad("the Point has no \"coordinates\"") }
        guard case .array = coordinates.value.kind else {
            throw bad("\"coordinates\" is \(coordinates.value.kindDescription), expected [longitude, latitude]")
        }
        let count = coordinates.count
        guard count >= 2 else {
            throw bad("\"coordinates\" has \(count) number\(count == 1 ? "" : "s"), expected [longitude, latitude]")
        }
        func number(_ position: Int) throws(PinFileError) -> (Double, FieldValue) {
            let element = coordinates.elements[position]!
            let name = position == 0 ? "longitude" : "latitude"
            guard case .number(let value) = element.kind else {
                throw bad("\(name) is \(element.kindDescription), expected a number")
            }
            guard value.isFinite else { throw bad("\(name) \(numberText(element)) is not a finite number") }
            return (value, element)
        }
        let (longitude, lonElement) = try number(0)
        let (latitude, latElement) = try number(1)
        guard Coordinate.readableLongitudes.contains(longitude) else {
            throw bad("longitude \(numberText(lonElement)) is out of range (-540 to 540)")
        }
        guard (-90...90).contains(latitude) else {
            throw bad("latitude \(numberText(latElement)) is out of range (-90 to 90)")
        }
        // A point past ±180 is the same place across the antimeridian.
        return (Coordinate(latitude: latitude, longitude: Coordinate.wrappedLongitude(longitude)), lonElement.range, latElement.range)
    }

    private func numberText(_ value: FieldValue) -> String {
        String(decoding: bytes[value.range], as: UTF8.self)
    }

    /// A feature id: a string or a number (read as written); nil for
    /// anything else, and the pin is known by its index.
    private func identifier(_ value: FieldValue?) -> FieldValue? {
        switch value?.kind {
        case .string, .number: value
        default: nil
        }
    }

    private func display(_ value: FieldValue) -> String {
        value.text(in: bytes).map { "\"\($0)\"" } ?? value.kindDescription
    }
}
