@testable import MapEngine
@testable import MapKitLayer

/// A map 800 x 600 at zoom 4 over western Europe, with no tiles.
@MainActor func makeAnnotationMap(center: Coordinate = Coordinate(latitude: 48, longitude: 2), zoom: Double = 4,
                       size: Size = Size(width: 800, height: 600)) -> MapController {
    MapController(camera: Camera(center: center, zoom: zoom, viewportSize: size), levels: 0...5, attribution: nil)
}

@MainActor func click(_ map: MapController, at p: Point, time: Double = 0, button: MouseButton = .left) {
    map.handle(.pointer(PointerEvent(phase: .down, location: p, button: button)), at: time)
    map.handle(.pointer(PointerEvent(phase: .up, location: p, button: button)), at: time + 0.05)
}

/// Image commands of a frame, in drawing order.
@MainActor func imageDraws(_ map: MapController, at now: Double = 0) -> [ImageDraw] {
    FrameComposer.scene(of: map, at: now, tiles: NoTiles(), text: ZeroMetrics()).commands.flatMap { command -> [ImageDraw] in
        switch command {
        case .image(let image): return [image]
        case .sprites(let batch): return batch.imageDraws
        default: return []
        }
    }
}

struct NoTiles: TileStatusProviding {
    func status(of key: TileKey) -> TileStatus? { nil }
}

struct ZeroMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size { Size(width: 0, height: 0) }
}

/// Records what the map tells its delegate, and makes counting views.
@MainActor
final class RecordingDelegate: MapViewDelegate {
    var events: [String] = []
    var made = 0

    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        if let view = map.dequeueReusableAnnotationView(withIdentifier: "counting") { return view }
        made += 1
        return CountingView(annotation: annotation, reuseIdentifier: "counting")
    }

    func mapView(_ map: MapController, didSelect view: AnnotationView) {
        events.append("select \(view.annotation?.title ?? "?")")
    }

    func mapView(_ map: MapController, didDeselect view: AnnotationView) {
        events.append("deselect \(view.annotation?.title ?? "?")")
    }
}

/// A 20 x 20 view centred on its coordinate that counts its reuses.
@MainActor
final class CountingView: AnnotationView {
    var reuses = 0

    override init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        image = AnnotationImage(name: "dot", size: Size(width: 20, height: 20))
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A delegate giving every annotation a draggable pin with a callout.
@MainActor
final class MovablePins: MapViewDelegate {
    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        let view = PinAnnotationView(annotation: annotation)
        view.isDraggable = true
        view.canShowCallout = true
        return view
    }
}
