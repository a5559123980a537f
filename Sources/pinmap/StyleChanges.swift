import Foundation
import MapEngine
import MapKitLayer
import MapSDL

/// `--style-changes FILE`: changes made to the style and the camera of a
/// headless run once its first picture is in, as MapLibre's render tests
/// write them (`metadata.test.operations`): a JSON array of operations,
/// each `[name, arguments…]`. Understood: `setPaintProperty`,
/// `setLayoutProperty`, `setFilter`, `addLayer`, `removeLayer`,
/// `addSource` (GeoJSON with inline data), `removeSource`, `setStyle`,
/// `setZoom`, `setBearing`, `setPitch`, `setCenter` (MapLibre's zoom is
/// pinmap's minus one) and `wait` (the picture settles).
@MainActor
struct StyleChanges {
    let operations: [[StyleValue]]
    let file: String

    /// Reads the file; an operation that is not an array beginning with its name is refused.
    init(file: String) throws(UsageError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw UsageError("--style-changes: \(file): cannot be read: \(error.localizedDescription)")
        }
        let value: StyleValue
        do {
            value = StyleValue(json: try JSONParser.parse(bytes))
        } catch {
            throw UsageError("--style-changes: \(file): \(error)")
        }
        guard case .array(let items) = value else { throw UsageError("--style-changes: \(file): not a JSON array of operations") }
        var operations: [[StyleValue]] = []
        for (index, item) in items.enumerated() {
            guard case .array(let operation) = item, case .string? = operation.first else {
                throw UsageError("--style-changes: \(file): operation \(index + 1) is not [name, arguments…]")
            }
            operations.append(operation)
        }
        self.operations = operations
        self.file = file
    }

    /// Makes the changes to the run's map, in order.
    func apply(to run: HeadlessRun) throws(RunError) {
        for (index, operation) in operations.enumerated() {
            guard case .string(let name) = operation[0] else { continue }
            let arguments = Array(operation.dropFirst())
            do {
                try StyleChanges.apply(name, arguments, to: run)
            } catch {
                throw RunError("--style-changes: \(file): operation \(index + 1), \(name): \(error.description)")
            }
        }
    }

    private static func apply(_ name: String, _ arguments: [StyleValue], to run: HeadlessRun) throws(StyleChangeError) {
        func text(_ index: Int) throws(StyleChangeError) -> String {
            guard index < arguments.count, case .string(let text) = arguments[index] else {
                throw StyleChangeError("argument \(index + 1) is not a name")
            }
            return text
        }
        func number(_ index: Int) throws(StyleChangeError) -> Double {
            guard index < arguments.count, case .number(let number) = arguments[index], number.isFinite else {
                throw StyleChangeError("argument \(index + 1) is not a number")
            }
            return number
        }
        func value(_ index: Int) -> StyleValue? {
            guard index < arguments.count, arguments[index] != .null else { return nil }
            return arguments[index]
        }
        let frames = run.session.frames
        switch name {
        case "wait":
            _ = try? run.renderImage()
        case "setPaintProperty":
            let (layer, property) = (try text(0), try text(1))
            try frames.changeStyle { document throws(StyleChangeError) in try document.setPaintProperty(property, to: value(2), layer: layer) }
        case "setLayoutProperty":
            let (layer, property) = (try text(0), try text(1))
            try frames.changeStyle { document throws(StyleChangeError) in try document.setLayoutProperty(property, to: value(2), layer: layer) }
        case "setFilter":
            let layer = try text(0)
            try frames.changeStyle { document throws(StyleChangeError) in try document.setFilter(value(1), layer: layer) }
        case "addLayer":
            guard let layer = value(0) else { throw StyleChangeError("no layer") }
            let before = arguments.count > 1 ? try text(1) : nil
            try frames.changeStyle { document throws(StyleChangeError) in try document.addLayer(layer, before: before) }
        case "removeLayer":
            let id = try text(0)
            try frames.changeStyle { document throws(StyleChangeError) in try document.removeLayer(id) }
        case "addSource":
            let source = try text(0)
            guard let declared = value(1) else { throw StyleChangeError("no source") }
            try frames.changeStyle(reopening: [source]) { document throws(StyleChangeError) in try document.addSource(source, declared) }
        case "removeSource":
            let source = try text(0)
            try frames.changeStyle { document throws(StyleChangeError) in try document.removeSource(source) }
        case "setStyle":
            guard let style = value(0) else { throw StyleChangeError("no style") }
            try frames.replaceStyle(with: style)
        case "setZoom", "setBearing", "setPitch", "setCenter":
            let now = run.session.map.camera
            var center = now.centerCoordinate, zoom = now.zoom, heading = now.heading, pitch = now.pitch
            switch name {
            case "setZoom": zoom = try number(0) + 1
            case "setBearing": heading = try number(0)
            case "setPitch": pitch = min(max(try number(0), 0), 60)
            default:
                guard case .array(let pair)? = value(0), pair.count == 2, case .number(let lon) = pair[0], case .number(let lat) = pair[1] else {
                    throw StyleChangeError("argument 1 is not [longitude, latitude]")
                }
                center = Coordinate(latitude: lat, longitude: lon)
            }
            run.session.map.setCamera(Camera(center: center, zoom: zoom, viewportSize: now.viewportSize, heading: heading, pitch: pitch),
                                      animated: false)
        default:
            throw StyleChangeError("pinmap does not know this operation")
        }
    }
}
