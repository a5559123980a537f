import Foundation
import PinmapKit

/// A bus stop: where it is, its name and the lines that call there. The
/// coordinate is a plain stored property; the map announces the moves it
/// makes itself (see `MovableAnnotation`).
public final class BusStop: MovableAnnotation {
    /// Where the stop is; the map sets it when the stop is dragged.
    public var coordinate: Coordinate
    /// The stop's name, the callout's first line.
    public let title: String?
    /// The lines calling there, the callout's second line.
    public var subtitle: String? { "Lines " + lines.joined(separator: ", ") }
    /// The numbers of the lines that call there.
    public let lines: [String]
    /// Where the stop tells the maps showing it that it moved.
    public let changes = AnnotationChanges()

    /// A stop called `name` at `coordinate`, served by `lines`.
    public init(_ name: String, at coordinate: Coordinate, lines: [String]) {
        title = name
        self.coordinate = coordinate
        self.lines = lines
    }
}

/// A bus stop drawn as its green "H" sign, centred on the stop, with the
/// numbers of its lines on small badges under it (drawn with shapes and
/// text), a callout naming its lines and a timetable button.
public final class BusStopView: AnnotationView {
    /// The reuse identifier of these views.
    public static let reuseIdentifier = "bus-stop"
    /// The sign, 28 points square (from the package's `Icons` folder).
    public static let sign = AnnotationImage(name: "bus-stop", size: Size(width: 28, height: 28))
    /// The badges' look: white bold numbers on the city's dark blue.
    static let badgeFont = FontSpec(size: 10, weight: .bold)
    static let badgeColor = Color(hex: 0x1B3A6B)

    /// A view for `annotation`, draggable, with a callout.
    public init(annotation: (any Annotation)?) {
        super.init(annotation: annotation, reuseIdentifier: BusStopView.reuseIdentifier)
        image = BusStopView.sign
        canShowCallout = true
        isDraggable = true
        rightCalloutAccessory = CalloutAccessory(.infoButton, identifier: "timetable")
    }

    /// A reused view shows its new stop's lines.
    public override var annotation: (any Annotation)? {
        didSet { setNeedsDisplay() }
    }

    /// The sign, then a row of line badges centred under it. The badges
    /// reach below the view's frame: they are drawn, but a tap there is the map's.
    public override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        canvas.draw(BusStopView.sign)
        let lines = (annotation as? BusStop)?.lines ?? []
        let widths = lines.map { max(14, canvas.size(of: $0, font: BusStopView.badgeFont).width + 6) }
        var x = (size.width - widths.reduce(0, +) - 2 * Double(max(0, lines.count - 1))) / 2
        for (line, width) in zip(lines, widths) {
            let badge = Rect(x: x, y: size.height + 2, width: width, height: 13)
            canvas.fill(.roundedRect(badge, cornerRadius: 3), color: BusStopView.badgeColor)
            canvas.draw(line, font: BusStopView.badgeFont, color: Color(hex: 0xFFFFFF), centeredIn: badge)
            x += width + 2
        }
    }
}

/// Makes the stops' views and remembers the timetables asked for.
public final class BusStopViews: MapViewDelegate {
    /// The stops whose timetable button was tapped, by name.
    public private(set) var timetablesShown: [String] = []

    /// A delegate with no timetable shown yet.
    public init() {}

    /// A `BusStopView` for a stop, reused when one is free; the standard pin for anything else.
    public func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
        guard annotation is BusStop else { return nil }
        if let view = map.dequeueReusableAnnotationView(withIdentifier: BusStopView.reuseIdentifier) {
            view.annotation = annotation
            return view
        }
        return BusStopView(annotation: annotation)
    }

    /// Notes the stop whose timetable button was tapped.
    public func mapView(_ map: MapController, annotationView view: AnnotationView,
                        calloutAccessoryControlTapped control: CalloutAccessory) {
        if control.identifier == "timetable", let name = view.annotation?.title ?? nil { timetablesShown.append(name) }
    }
}

extension MapResources {
    /// pinmap's fonts and images, and this package's bus stop sign.
    public static var withBusStops: MapResources {
        var resources = MapResources()
        if let icons = Bundle.module.url(forResource: "Icons", withExtension: nil) {
            resources.imageFolders.insert(icons, at: 0)
        }
        return resources
    }
}
