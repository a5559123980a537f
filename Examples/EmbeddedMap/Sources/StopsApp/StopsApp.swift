import CSDL2
import Foundation
import PinmapKit

/// The app: a sidebar on the left (a title, an "Add stop" button and the
/// stops added so far) and pinmap's map filling the rest of the window.
/// It draws with the app's own SDL renderer and is handed the app's events.
@MainActor public final class StopsApp {
    /// The sidebar's width, in window units.
    public static let sidebarWidth = 200.0
    /// The map, right of the sidebar.
    public let mapView: MapView
    /// The stops added with the button, in order.
    public private(set) var stops: [PointAnnotation] = []
    /// The button that adds a stop at the middle of the map.
    public let addButton = Rect(x: 16, y: 52, width: 168, height: 36)

    private let renderer: OpaquePointer
    private let font: OpaquePointer?
    private var sidebarChanged = true
    private var buttonPressed = false
    private let views = StopViews()

    /// The app on `renderer`, a window `size` units large.
    public init(renderer: OpaquePointer, size: Size) throws {
        self.renderer = renderer
        var options = try MapOptions.world()
        options.center = Coordinate(latitude: 47.3769, longitude: 8.5417)
        options.zoom = 11
        mapView = try MapView(renderer: renderer, frame: StopsApp.mapFrame(in: size), options: options, delegate: views)
        font = TTF_OpenFont(PinmapResources.fontsDirectory.appendingPathComponent("DejaVuSans.ttf").path, 14)
    }

    /// The window was resized: the map takes the new room.
    public func resize(to size: Size) {
        mapView.frame = StopsApp.mapFrame(in: size)
        sidebarChanged = true
    }

    private static func mapFrame(in size: Size) -> Rect {
        Rect(x: sidebarWidth, y: 0, width: max(1, size.width - sidebarWidth), height: size.height)
    }

    /// One event: the map's if it takes it, else the sidebar's.
    public func handle(_ event: SDL_Event, at time: Double) {
        if mapView.handle(event, at: time) { return }
        let type = SDL_EventType(rawValue: event.type)
        guard type == SDL_MOUSEBUTTONDOWN || type == SDL_MOUSEBUTTONUP else { return }
        let point = Point(x: Double(event.button.x), y: Double(event.button.y))
        if type == SDL_MOUSEBUTTONDOWN {
            buttonPressed = addButton.contains(point)
        } else if buttonPressed {
            buttonPressed = false
            if addButton.contains(point) { addStop() }
        }
        sidebarChanged = true
    }

    /// Adds a stop where the map's middle is, selected so its callout shows.
    public func addStop() {
        let map = mapView.map
        let middle = Point(x: map.camera.viewportSize.width / 2, y: map.camera.viewportSize.height / 2) / map.displayScale
        let stop = PointAnnotation(coordinate: map.coordinate(at: middle), title: "Stop \(stops.count + 1)",
                                   subtitle: "Added from the sidebar")
        stops.append(stop)
        map.addAnnotation(stop)
        map.selectAnnotation(stop)
        sidebarChanged = true
    }

    /// True when the sidebar or the map has something new to show.
    public var needsDisplay: Bool { sidebarChanged || mapView.needsDisplay }

    /// Draws the sidebar and the map; the caller presents. With
    /// `waitingForTiles` the map's tiles are all in first (screenshots).
    public func draw(at time: Double, waitingForTiles: Bool = false) throws {
        var height: Int32 = 0, width: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        fill(Rect(x: 0, y: 0, width: StopsApp.sidebarWidth, height: Double(height)), 38, 50, 56)
        text("Stops", at: Point(x: 16, y: 16), 255, 255, 255)
        fill(addButton, buttonPressed ? 21 : 30, buttonPressed ? 101 : 136, buttonPressed ? 192 : 229)
        text("Add stop", at: Point(x: addButton.minX + 12, y: addButton.minY + 9), 255, 255, 255)
        for (i, stop) in stops.enumerated() {
            text(stop.title ?? "", at: Point(x: 16, y: 108 + Double(i) * 24), 207, 216, 220)
        }
        if waitingForTiles { try mapView.drawWhenLoaded(at: time) } else { mapView.draw(at: time) }
        sidebarChanged = false
    }

    private func fill(_ rect: Rect, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        SDL_SetRenderDrawColor(renderer, r, g, b, 255)
        var sdl = SDL_Rect(x: Int32(rect.minX), y: Int32(rect.minY), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderFillRect(renderer, &sdl)
    }

    private func text(_ string: String, at point: Point, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        guard let font, let surface = TTF_RenderUTF8_Blended(font, string, SDL_Color(r: r, g: g, b: b, a: 255)) else { return }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
        defer { SDL_DestroyTexture(texture) }
        var destination = SDL_Rect(x: Int32(point.x), y: Int32(point.y), w: surface.pointee.w, h: surface.pointee.h)
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }
}

/// Stops are purple discs with their number, with a callout.
final class StopViews: MapViewDelegate {
    func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        let view = map.dequeueReusableAnnotationView(withIdentifier: StopView.reuseIdentifier)
            ?? StopView(annotation: annotation)
        view.annotation = annotation
        return view
    }
}

/// A stop drawn with shapes and text: a purple disc in a white ring, its
/// number in the middle; draggable, with a callout.
final class StopView: AnnotationView {
    static let reuseIdentifier = "stop"

    init(annotation: any Annotation) {
        super.init(annotation: annotation, reuseIdentifier: StopView.reuseIdentifier)
        size = Size(width: 26, height: 26)
        canShowCallout = true
        isDraggable = true
    }

    /// A reused view shows its new stop's number.
    override var annotation: (any Annotation)? {
        didSet { setNeedsDisplay() }
    }

    override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        let middle = Point(x: 13, y: 13)
        let number = (annotation?.title ?? nil)?.split(separator: " ").last.map(String.init) ?? ""
        canvas.fill(.circle(center: middle, radius: 13), color: Color(hex: 0xFFFFFF))
        canvas.fill(.circle(center: middle, radius: 11), color: Color(hex: 0x7B1FA2))
        canvas.draw(number, font: FontSpec(size: 12, weight: .bold), color: Color(hex: 0xFFFFFF),
                    centeredIn: Rect(x: 0, y: 0, width: 26, height: 26))
    }

    /// Only the disc takes taps, not the corners of its square.
    override func hitTest(_ point: Point) -> Bool {
        (point - Point(x: 13, y: 13)).length <= 13
    }
}
