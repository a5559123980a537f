import Foundation
@testable import MapEngine
import Testing

/// Where the fetched suite's cases are, if a run names it.
private let expressionSuite = ProcessInfo.processInfo.environment["PINMAP_EXPRESSION_SUITE"]

/// MapLibre's public expression suite (`maplibre-style-spec`,
/// `test/integration/expression/tests`) run through the core: each case's
/// expression compiled, then evaluated for each of its inputs. A case
/// passes when it compiles exactly when the suite says it should, and each
/// output is the suite's to six significant figures (cut, as the suite cuts them). Features are given by
/// their values (`ValuedFeature`), of any JSON kind. Colours compare as
/// premultiplied [r, g, b, a] from 0 to 1, as the suite writes them. An
/// evaluation that meets an error (`StyleExpression.result`) passes an
/// expected error; some operators give null where MapLibre raises one, so
/// an expected error also passes on null. The compiled type and constness
/// the suite also lists are not compared yet.
///
/// The suite is not part of the project: `make conformance` fetches it
/// into an ignored folder and runs this with `PINMAP_EXPRESSION_SUITE`
/// naming it. The pass rate may not fall below the floor kept in
/// `tools/conformance/expression-floor`.
@Suite(.enabled(if: expressionSuite != nil, "set PINMAP_EXPRESSION_SUITE (make conformance)"))
struct ExpressionSuiteTests {
    static let root = expressionSuite

    @Test func passRateHoldsItsFloor() throws {
        let root = URL(fileURLWithPath: try #require(Self.root))
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("test.json") }.sorted()
        #expect(!files.isEmpty, "no test.json under \(root.path)")
        var byFolder: [String: (passed: Int, total: Int)] = [:]
        var failures: [String] = []
        for file in files {
            let folder = String(file.split(separator: "/").first ?? "")
            let passed = (try? Self.run(Data(contentsOf: root.appendingPathComponent(file)))) ?? false
            byFolder[folder, default: (0, 0)].total += 1
            if passed { byFolder[folder, default: (0, 0)].passed += 1 } else { failures.append(file) }
            if !passed, ProcessInfo.processInfo.environment["PINMAP_EXPRESSION_TRACE"] != nil { print("^ failed: \(file)") }
        }
        let passed = byFolder.values.reduce(0) { $0 + $1.passed }
        var report = byFolder.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.passed)/\($0.value.total)" }
        let rate = Double(passed) / Double(max(files.count, 1)) * 100
        report.append(String(format: "expressions: %d of %d cases pass (%.1f %%)", passed, files.count, rate))
        let text = report.joined(separator: "\n") + "\n\nfailing:\n" + failures.joined(separator: "\n") + "\n"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-expression-suite.txt")
        try Data(text.utf8).write(to: out)
        print(report.joined(separator: "\n") + "\n(every case: \(out.path))")
        let floorFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../tools/conformance/expression-floor").standardized
        let floor = Double(try String(contentsOf: floorFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 100
        #expect(rate >= floor, "the expression suite passes \(rate) %, under its floor of \(floor) %")
    }

    /// Whether one case of the suite passes.
    static func run(_ data: Data) throws -> Bool {
        let fixture = try JSONParser.parse([UInt8](data))
        guard let expected = fixture["expected"], let compiled = expected["compiled"], let node = fixture["expression"] else {
            return false
        }
        let spec = fixture["propertySpec"]
        let type = spec?["type"]?.string
        let expression: StyleExpression
        do {
            if case .object = node.value {
                var interpolated = true
                if case .bool(let flag)? = spec?["expression"]?["interpolated"]?.value { interpolated = flag }
                // MapLibre fills the tokens of a property function's outputs when it lays a label out, not in the
                // function (pinmap fills them in the function): the suite sees them filled only for zoom functions.
                var tokens = false
                if case .bool(let flag)? = spec?["tokens"]?.value { tokens = flag && node["property"] == nil }
                expression = try LegacyFunction.compile(node, interpolatable: interpolated, expects: type == "enum" ? "string" : type,
                                                        tokens: tokens)
            } else {
                expression = try StyleExpression.parseProperty(node, expects: type == "enum" ? "string" : type)
            }
        } catch {
            return compiled["result"]?.string == "error"
        }
        guard compiled["result"]?.string == "success" else { return false }
        let resultType = compiled["type"]?.string ?? ""
        // As a style property takes a value: of its type, else its default (null where it has none).
        let fallback = spec?["default"].map(StyleValue.init(json:)) ?? .null
        let inputs = fixture["inputs"]?.elements ?? [], outputs = expected["outputs"]?.elements ?? []
        guard inputs.count == outputs.count else { return false }
        for (input, want) in zip(inputs, outputs) {
            guard var context = Self.context(input) else { return false }
            if case .object(let members)? = fixture["globalState"]?.value {
                for (key, value) in members { context.globalState[key] = StyleValue(json: value) }
            }
            // An evaluation that met an error is one: the suite's error outputs, or the property's default.
            guard var value = expression.result(context) else {
                let shown = resultType == "color" ? fallback.asColor.map { .color($0) } ?? .null : fallback
                let passes = want["error"] != nil || (fallback != .null && Self.matches(shown, want))
                if !passes, ProcessInfo.processInfo.environment["PINMAP_EXPRESSION_TRACE"] != nil { print("got an error, want \(want.value)") }
                if passes { continue } else { return false }
            }
            if resultType == "color" { value = value.asColor.map { .color($0) } ?? .null }
            value = Self.coerced(value, to: type, context)
            // A string property's value is made text, as MapLibre's top level coerces it (null to "").
            if type == "string" { value = .string(value.description) }
            if let type, !["enum", "color", "formatted", "resolvedImage", "numberArray", "colorArray", "projectionDefinition"].contains(type),
               !StyleFunction.typeName(value).hasPrefix(type == "array" ? "array" : type) {
                value = .null
            }
            if value == .null, fallback != .null { value = resultType == "color" ? fallback.asColor.map { .color($0) } ?? .null : fallback }
            guard Self.matches(value, want) else {
                if ProcessInfo.processInfo.environment["PINMAP_EXPRESSION_TRACE"] != nil { print("got \(value), want \(want.value)") }
                return false
            }
        }
        return true
    }

    /// The zoom and feature of one input; nil for an input this harness cannot give.
    static func context(_ input: JSONNode) -> StyleContext? {
        let globals = input.elements?.first, feature = input.elements?.dropFirst().first
        var properties: [String: StyleValue] = [:]
        if case .object(let members)? = feature?["properties"]?.value {
            for (key, value) in members { properties[key] = StyleValue(json: value) }
        }
        let geometry = feature?["geometry"]
        let kinds: [String: VectorFeature.GeometryType] = ["Point": .point, "MultiPoint": .point, "LineString": .lineString,
                                                           "MultiLineString": .lineString, "Polygon": .polygon, "MultiPolygon": .polygon]
        var context = StyleContext(zoom: globals?["zoom"]?.number ?? 0,
                                   subject: ValuedFeature(properties: properties, id: feature?["id"].map(StyleValue.init(json:)),
                                                          type: kinds[geometry?["type"]?.string ?? ""] ?? .unknown,
                                                          parts: geometry.flatMap(Self.parts)))
        if case .object(let members)? = feature?["featureState"]?.value {
            for (key, value) in members { context.featureState[key] = StyleValue(json: value) }
        }
        if let density = globals?["heatmapDensity"]?.number { context.drawingInputs[.heatmapDensity] = density }
        if let progress = globals?["lineProgress"]?.number { context.drawingInputs[.lineProgress] = progress }
        if let elevation = globals?["elevation"]?.number { context.drawingInputs[.elevation] = elevation }
        context.availableImages = Set(globals?["availableImages"]?.elements?.compactMap(\.string) ?? [])
        if let tile = globals?["canonicalID"], let z = tile["z"]?.number, let x = tile["x"]?.number, let y = tile["y"]?.number {
            context.place = FeaturePlace(tile: TileID(z: Int(z), x: Int(x), y: Int(y)))
        }
        return context
    }

    /// A value as a property of the type takes it: text (or a number or
    /// boolean, or nothing) as one section of formatted text, a name as an image.
    static func coerced(_ value: StyleValue, to type: String?, _ context: StyleContext) -> StyleValue {
        switch (type, value) {
        case ("formatted", .string), ("formatted", .number), ("formatted", .bool), ("formatted", .null):
            return .formatted(FormattedText(sections: [FormattedText.Section(text: value.description)]))
        case ("resolvedImage", .string(let name)):
            return .image(StyleImage(name: name, available: context.availableImages?.contains(name) ?? true))
        default: return value
        }
    }

    /// A GeoJSON geometry's parts as a tile holds them: each point its own
    /// part, each line one, and every ring of every polygon one.
    static func parts(_ geometry: JSONNode) -> [[Point]]? {
        guard let pieces = try? GeoShape.pieces(of: geometry), !pieces.isEmpty else { return nil }
        return pieces.flatMap { piece -> [[Point]] in
            switch piece {
            case .point(let p): return [[p]]
            case .line(let line): return [line]
            case .polygon(let rings): return rings
            }
        }
    }

    /// Whether a value is the suite's output, numbers to six significant figures.
    static func matches(_ value: StyleValue, _ want: JSONNode) -> Bool {
        if want["error"] != nil { return value == .null }
        switch (value, want.value) {
        case (.null, .null): return true
        case (.bool(let flag), .bool(let wanted)): return flag == wanted
        case (.number(let x), .number(let y, _)): return close(x, y)
        case (.string(let text), .string(let wanted)): return text == wanted
        case (.color(let color), .array(let channels)):
            let premultiplied = [color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha]
            return channels.count == 4 && zip(premultiplied, channels).allSatisfy { close($0, $1.number ?? .nan) }
        case (.array(let items), .object) where want["values"] != nil:
            // An array property's value (numberArray, colorArray), as the suite writes it.
            guard let wanted = want["values"]?.elements, wanted.count == items.count else { return false }
            return zip(items, wanted).allSatisfy { item, node in
                if let color = item.asColor, case .object = node.value {
                    return [color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha]
                        .elementsEqual(["r", "g", "b", "a"].map { node[$0]?.number ?? .nan }, by: close)
                }
                return matches(item, node)
            }
        case (.array(let items), .array(let wanted)):
            return items.count == wanted.count && zip(items, wanted).allSatisfy { matches($0, $1) }
        case (.image(let image), .object):
            return want["name"]?.string == image.name && { if case .bool(let flag)? = want["available"]?.value { return flag == image.available } else { return false } }()
        case (.formatted(let text), .object):
            guard let sections = want["sections"]?.elements, sections.count == text.sections.count else { return false }
            return zip(text.sections, sections).allSatisfy { section, wanted in
                let color = section.color.map { c in
                    StyleValue.object(["r": .number(c.red * c.alpha), "g": .number(c.green * c.alpha), "b": .number(c.blue * c.alpha), "a": .number(c.alpha)])
                } ?? .null
                return wanted["text"]?.string == section.text
                    && matches(section.image.map(StyleValue.image) ?? .null, wanted["image"] ?? JSONNode(value: .null, range: 0..<0))
                    && matches(section.scale.map(StyleValue.number) ?? .null, wanted["scale"] ?? JSONNode(value: .null, range: 0..<0))
                    && matches(section.fonts.map { .string($0.joined(separator: ",")) } ?? .null, wanted["fontStack"] ?? JSONNode(value: .null, range: 0..<0))
                    && matches(color, wanted["textColor"] ?? JSONNode(value: .null, range: 0..<0))
                    && matches(section.verticalAlign.map(StyleValue.string) ?? .null, wanted["verticalAlign"] ?? JSONNode(value: .null, range: 0..<0))
            }
        case (.object(let members), .object(let wanted)):
            return members.count == wanted.count && wanted.allSatisfy { key, node in members[key].map { matches($0, node) } ?? false }
        default: return false
        }
    }

    /// Whether two numbers agree once both are cut (not rounded) to six
    /// significant figures, but never short of the decimal point, as the suite compares them.
    static func close(_ a: Double, _ b: Double) -> Bool {
        func strip(_ x: Double) -> Double {
            guard x != 0, x.isFinite else { return x }
            let multiplier = pow(10, max(0, 6 - (log10(abs(x))).rounded(.up)))
            // Twice, so a number already cut stays as it is despite the floating point.
            return ((x * multiplier).rounded(.down) / multiplier * multiplier).rounded(.down) / multiplier
        }
        return a == b || strip(a) == strip(b)
    }
}
