import Foundation
import MapEngine

/// The JSON form of a scene, written by `--dump-scene` so tests can read what
/// a frame shows without looking at pixels:
/// `{"annotations":[...],"camera":{"center":[lat,lon],"zoom":z,"heading":h,"pitch":p,"size":[w,h]},"commands":[...]}`.
/// Keys are sorted and numbers rounded (to 1/1000, annotation coordinates to
/// 1/1,000,000) so dumps are byte-identical
/// from run to run.
package struct SceneDump: Encodable, Sendable {
    struct CameraDump: Encodable, Sendable {
        let center: [Double]
        let zoom: Double
        let heading: Double
        let pitch: Double
        let size: [Double]
    }

    struct CommandDump: Encodable, Sendable {
        let kind: String
        let rect: [Double]
        var z: Int?, x: Int?, y: Int?
        var source: [Double]?
        var name: String?, role: String?, id: String?
        var alpha: Double?
        var color: String?, top: String?, bottom: String?, tint: String?
        var text: String?
        var fontSize: Double?
        var weight: String?
        var from: [Double]?, to: [Double]?
        var width: Double?
        var action: String?
        /// An SDF icon's halo colour, when it has one.
        var halo: String?
        var rotation: Double?
        /// The whole label a letter along a line belongs to.
        var label: String?

        enum CodingKeys: String, CodingKey {
            case kind, rect, z, x, y, source, name, role, id, alpha, color, top, bottom, tint, text
            case fontSize = "font_size", weight, from, to, width, action, halo, rotation, label
        }
    }

    struct AnnotationDump: Encodable, Sendable {
        let id: String
        let coordinate: [Double]
        let selected: Bool
        let dragState: String
        /// For a cluster: true, how many it stands for, and the first 20 members' ids.
        let cluster: Bool?
        let count: Int?
        let members: [String]?

        enum CodingKeys: String, CodingKey {
            case id, coordinate, selected, dragState = "drag_state", cluster, count, members
        }
    }

    let camera: CameraDump
    let commands: [CommandDump]
    let annotations: [AnnotationDump]
    /// The overlays on the map: an id and whether it is selected (absent without overlays).
    let overlays: [OverlayDump]?

    struct OverlayDump: Encodable, Sendable {
        let id: String
        let selected: Bool
    }

    /// The scene, the annotations' state (see `MapController.annotationSummaries()`)
    /// and the overlays' (see `OverlayLayer.summaries()`).
    package init(scene: Scene, annotations: [AnnotationSummary] = [], overlays: [(id: String, selected: Bool)] = []) {
        self.overlays = overlays.isEmpty ? nil : overlays.map { OverlayDump(id: $0.id, selected: $0.selected) }
        let center = scene.camera.centerCoordinate
        camera = CameraDump(center: [round3(center.latitude), round3(center.longitude)],
                            zoom: round3(scene.camera.zoom), heading: round3(scene.camera.heading),
                            pitch: round3(scene.camera.pitch),
                            size: [scene.camera.viewportSize.width, scene.camera.viewportSize.height])
        commands = scene.commands.flatMap(SceneDump.dump)
        self.annotations = annotations.map { summary in
            AnnotationDump(id: summary.id,
                           coordinate: [round6(summary.coordinate.latitude), round6(summary.coordinate.longitude)],
                           selected: summary.selected, dragState: summary.dragState.rawValue,
                           cluster: summary.members == nil ? nil : true, count: summary.count,
                           members: summary.members)
        }
    }

    /// The dump as UTF-8 JSON with sorted keys, ending in a newline.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    private static func dump(_ command: DrawCommand) -> [CommandDump] {
        switch command {
        case .tile(let tile):
            var d = CommandDump(kind: "tile", rect: numbers(tile.rect))
            (d.z, d.x, d.y) = (tile.tile.z, tile.tile.x, tile.tile.y)
            if tile.key.layer != .base { d.role = "overlay" }
            d.alpha = tile.alpha == 1 ? nil : round3(tile.alpha)
            d.source = numbers(tile.source)
            return [d]
        case .image(let image):
            var d = CommandDump(kind: "image", rect: numbers(image.rect))
            (d.name, d.role, d.id) = (image.catalog == .styleIcons ? "style-icon:" + image.name : image.name, image.role, image.id)
            d.alpha = image.alpha == 1 ? nil : round3(image.alpha)
            d.tint = image.tint?.description
            d.action = image.action
            if let sdf = image.sdf, sdf.haloColor.alpha > 0 { d.halo = sdf.haloColor.description }
            d.rotation = image.rotation == 0 ? nil : round3(image.rotation)
            return [d]
        case .rect(let rect, let color):
            var d = CommandDump(kind: "rect", rect: numbers(rect))
            d.color = color.description
            return [d]
        case .gradient(let rect, let top, let bottom):
            var d = CommandDump(kind: "gradient", rect: numbers(rect))
            (d.top, d.bottom) = (top.description, bottom.description)
            return [d]
        case .text(let text):
            var d = CommandDump(kind: "text", rect: numbers(text.rect))
            (d.text, d.fontSize, d.weight) = (text.text, text.font.size, text.font.weight.rawValue)
            d.color = text.color.description
            d.alpha = text.alpha == 1 ? nil : round3(text.alpha)
            d.role = text.role
            d.label = text.wholeLabel
            return [d]
        case .line(let from, let to, let color, let width):
            var d = CommandDump(kind: "line", rect: numbers(command.rect))
            (d.from, d.to, d.width) = ([round3(from.x), round3(from.y)], [round3(to.x), round3(to.y)], width)
            d.color = color.description
            return [d]
        case .sprites(let batch):
            return batch.imageDraws.flatMap { dump(.image($0)) }
        case .shape(let shape):
            var d = CommandDump(kind: "shape", rect: numbers(shape.rect))
            (d.role, d.action) = (shape.role, shape.action)
            d.color = shape.color.description
            return [d]
        case .triangles(let triangles):
            var d = CommandDump(kind: "triangles", rect: numbers(triangles.bounds))
            d.role = triangles.role
            d.alpha = triangles.opacity == 1 ? nil : round3(triangles.opacity)
            return [d]
        }
    }

    private static func numbers(_ rect: Rect) -> [Double] {
        [rect.minX, rect.minY, rect.width, rect.height].map(round3)
    }
}

private func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
/// Annotation coordinates keep six decimals (about 10 cm), enough to see a drag.
private func round6(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
