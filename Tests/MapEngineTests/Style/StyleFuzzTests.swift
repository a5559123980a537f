import Foundation
import Testing
@testable import MapEngine

/// Seeded hostile styles: random expressions (deep, doubling `let`s,
/// arithmetic that divides by zero) and random property values (huge,
/// negative, non-finite, of the wrong type) on the properties of every
/// layer type. Each style is read or refused with its file's name, and a
/// style that is read lays a tile out quickly with every size it draws
/// finite and within what can be drawn. A failing seed runs again alone
/// with `PINMAP_FUZZ_FIRST_SEED=<seed> PINMAP_FUZZ_SEEDS=1`.
@Suite struct StyleFuzzTests {
    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 200) }

    static let numbers = ["1e308", "-1e308", "0", "-1", "1e-9", "-0.5", "3", "65536", "4294967296", "9007199254740993"]

    /// A constant of the type ("number", "color", "boolean", "array", else text), or sometimes null.
    static func leaf(_ type: String, _ random: inout SeededGenerator) -> String {
        if Int.random(in: 0..<10, using: &random) == 0 { return "null" }
        switch type {
        case "number": return numbers.randomElement(using: &random)!
        case "color": return ["\"#ff0000\"", "\"rgba(0, 0, 0, 0.5)\"", "\"hsl(120, 50%, 50%)\""].randomElement(using: &random)!
        case "boolean": return ["true", "false"].randomElement(using: &random)!
        case "array": return "[\(numbers.randomElement(using: &random)!), \(numbers.randomElement(using: &random)!)]"
        default: return ["\"x\"", "\"#ff0000\"", "\"{name}\"", "\"\""].randomElement(using: &random)!
        }
    }

    /// A hostile value for a property of `type`: of that type where the
    /// spec checks types when a style is read (so that some styles are
    /// drawn), anything where it cannot know (what a feature holds).
    static func value(_ random: inout SeededGenerator, type: String, depth: Int = 0) -> String {
        let roll = Int.random(in: 0..<(depth > 3 ? 6 : 12), using: &random)
        switch roll {
        case 0, 1, 2, 3: return leaf(type, &random)
        case 4: return #"["get", "name"]"#
        case 5: return #"["get", "z"]"#
        case 6 where type == "number":
            let op = ["+", "-", "*", "/", "%", "^", "min", "max"].randomElement(using: &random)!
            return #"["\#(op)", \#(value(&random, type: type, depth: depth + 1)), \#(value(&random, type: type, depth: depth + 1))]"#
        case 7 where type == "string":
            return #"["concat", \#(value(&random, type: "any", depth: depth + 1)), \#(value(&random, type: "any", depth: depth + 1))]"#
        case 8 where type == "string":
            // Text that doubles itself, level after level.
            let levels = Int.random(in: 1...40, using: &random)
            var body = #"["var", "v\#(levels)"]"#
            for level in stride(from: levels, through: 1, by: -1) {
                let previous = level == 1 ? value(&random, type: "any", depth: depth + 1) : #"["var", "v\#(level - 1)"]"#
                let op = ["concat", "upcase", "downcase"].randomElement(using: &random)!
                let doubled = op == "concat" ? #"["concat", \#(previous), \#(previous)]"# : #"["concat", ["\#(op)", \#(previous)], \#(previous)]"#
                body = #"["let", "v\#(level)", \#(doubled), \#(body)]"#
            }
            return body
        case 9 where ["number", "color"].contains(type):
            // The zoom only as the input of a curve at the top, as the spec allows it.
            let input = depth == 0 ? #"["zoom"]"# : #"["get", "n"]"#
            return #"["interpolate", ["linear"], \#(input), 0, \#(value(&random, type: type, depth: depth + 1)), 20, \#(value(&random, type: type, depth: depth + 1))]"#
        case 10:
            return #"["case", ["has", "name"], \#(value(&random, type: type, depth: depth + 1)), \#(value(&random, type: type, depth: depth + 1))]"#
        case 11 where type == "number": return #"["length", ["to-string", \#(value(&random, type: "any", depth: depth + 1))]]"#
        default: return leaf(type, &random)
        }
    }

    static func style(_ random: inout SeededGenerator) -> String {
        var layers: [String] = []
        for (index, kind) in StyleLayer.Kind.allCases.enumerated() where kind != .raster {
            let known = Array(((StyleProperty.layout[kind] ?? [:]).keys.map { ("layout", $0) }
                + (StyleProperty.paint[kind] ?? [:]).keys.map { ("paint", $0) }).sorted { $0.1 < $1.1 })
            var groups: [String: [String]] = [:]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let (group, name) = known.randomElement(using: &random)!
                let type: String
                switch StyleLayer.defaultValue(name, kind) {
                case .number: type = "number"
                case .color: type = "color"
                case .bool: type = "boolean"
                case .array: type = "array"
                default: type = "string"
                }
                groups[group, default: []].append(#""\#(name)": \#(value(&random, type: type))"#)
            }
            let source = kind == .background ? "" : #""source": "v", "source-layer": "\#(["areas", "roads", "places"][index % 3])", "#
            let zooms = Bool.random(using: &random) ? #""minzoom": \#(numbers.randomElement(using: &random)!), "# : ""
            let body = groups.sorted { $0.key < $1.key }.map { #""\#($0.key)": {\#($0.value.joined(separator: ", "))}"# }
            layers.append(#"{"id": "l\#(index)", "type": "\#(kind.rawValue)", \#(source)\#(zooms)\#(body.joined(separator: ", "))}"#)
        }
        return #"{"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://x.mbtiles"}}, "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    @Test func hostileStylesAreReadOrRefusedAndDrawBoundedSizes() {
        let tile = try! VectorTile(bytes: VectorTileFuzzTests.goodTile)
        var outcomes = (drawn: 0, refused: 0)
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let text = Self.style(&random)
            let style: MapStyle
            do {
                style = try MapStyle(bytes: Array(text.utf8), file: "fuzz.json")
            } catch {
                #expect(error.description.hasPrefix("fuzz.json:"), "seed \(seed): \(error)")
                if ProcessInfo.processInfo.environment["FUZZ_WHY"] != nil { print("refused: \(error)") }
                outcomes.refused += 1
                continue
            }
            let layout = VectorTileLayout(style: style, source: "v", dataLevels: 0...6)
            let start = Date()
            for (z, scale) in [(4, 1.0), (6, 2.0)] {
                let drawing = layout.drawing(for: TileID(z: z, x: 0, y: 0), data: tile, dataTile: TileID(z: 4, x: 0, y: 0), scale: scale)
                for operation in drawing.operations {
                    switch operation {
                    case .stroke(let lines, let stroke):
                        #expect(stroke.width.isFinite && stroke.width <= StyleRanges.longest * scale, "seed \(seed)")
                        #expect(stroke.dashes.allSatisfy(\.isFinite) && lines.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } },
                                "seed \(seed)")
                    case .circles(let centers, let circle):
                        #expect(circle.radius.isFinite && circle.radius <= StyleRanges.longest * scale && centers.allSatisfy(\.isFinite),
                                "seed \(seed)")
                    default: break
                    }
                }
                for label in drawing.labels {
                    #expect(label.text.count <= LayerOperations.longestLabel && label.look.size.isFinite && label.look.size <= StyleRanges.largestGlyph,
                            "seed \(seed)")
                }
            }
            #expect(Date().timeIntervalSince(start) < 2, "seed \(seed) took \(Date().timeIntervalSince(start)) s")
            outcomes.drawn += 1
        }
        if Self.seeds.count >= 100 { #expect(outcomes.drawn > 0 && outcomes.refused > 0, "\(outcomes)") }
    }
}
