import MapEngine

/// "Download this area for offline use", in the window: a card at the
/// bottom of the view and an outline over the map of the area it would
/// download (what the view shows, inside a margin, so panning and zooming
/// the map frames it). The card gives the zoom range (the view's zoom to the
/// street tiles' deepest, 14, by default; each end steps with its − and +),
/// the number of tiles and the size to expect before anything is fetched,
/// and refuses an area over the cap (a setting). While the app downloads it
/// shows the progress and a Stop button; below, the areas already
/// downloaded, each with Update and Delete. Sizes are in points, times the
/// screen's scale.
package struct AreaPanel: Equatable, Sendable {
    /// Where the panel is in its work.
    package enum Stage: Equatable, Sendable {
        /// The user frames the area and picks its zooms.
        case choosing
        /// The app downloads the area `name`.
        case downloading(name: String, progress: AreaProgress)
        /// The app finished (or stopped) downloading it.
        case finished(name: String, progress: AreaProgress)
        /// The app could not download it: the words why.
        case failed(String)
    }

    /// An area already downloaded, as the card lists it.
    package struct Listed: Equatable, Sendable {
        /// Its name, by which the app updates or deletes it.
        package let name: String
        /// Its zooms, size and date, in words.
        package let detail: String

        package init(name: String, detail: String) {
            self.name = name
            self.detail = detail
        }
    }

    /// What a press may land on.
    package enum Part: Equatable, Sendable {
        case close, fromLess, fromMore, toLess, toMore, download, stop, update(String), delete(String), body
    }

    /// The shallowest and deepest zooms to download.
    package private(set) var zooms: ClosedRange<Int>
    package var stage = Stage.choosing
    /// The areas downloaded before, as the app lists them.
    package var areas: [Listed] = []
    /// The most tiles an area may have (the `areaMaxTiles` setting).
    package var mostTiles: Int

    /// The street tiles' deepest zoom: deeper views draw these larger.
    package static let deepest = 14
    static let width = 480.0
    static let padding = 14.0
    static let rowHeight = 30.0
    static let buttonHeight = 30.0
    static let mostListed = 4
    static let titleFont = FontSpec(size: 15, weight: .bold)
    static let textFont = FontSpec(size: 13)
    static let buttonFont = FontSpec(size: 13, weight: .bold)
    static let accent = Color(hex: 0x1A73E8)
    static let warning = Color(hex: 0xC5221F)

    /// A panel for a view at `zoom`: from that zoom (whole) to 14.
    package init(zoom: Double, mostTiles: Int = AreaPlan.mostTiles) {
        let from = zoom.isFinite ? min(max(Int(zoom.rounded(.down)), 0), Self.deepest) : Self.deepest
        zooms = from...Self.deepest
        self.mostTiles = max(1, mostTiles)
    }

    /// The range with its shallow end moved by `step` (within 0 and the deep end).
    package mutating func stepFrom(by step: Int) {
        zooms = min(max(zooms.lowerBound + step, 0), zooms.upperBound)...zooms.upperBound
    }

    /// The range with its deep end moved by `step` (within the shallow end and 16).
    package mutating func stepTo(by step: Int) {
        zooms = zooms.lowerBound...min(max(zooms.upperBound + step, zooms.lowerBound), 16)
    }

    /// Whether the app is downloading.
    package var isDownloading: Bool { if case .downloading = stage { true } else { false } }

    // MARK: The area

    /// The outline on screen: the view inside a margin, above the card.
    static func outline(viewport: Size, scale: Double, card: Rect) -> Rect {
        let top = 64 * scale, side = 18 * scale
        let bottom = max(top + 40 * scale, card.minY - 12 * scale)
        return Rect(x: side, y: top, width: max(viewport.width - 2 * side, 1), height: bottom - top)
    }

    /// The area inside the outline, as the camera shows it, or why there is none.
    package func plan(camera: Camera, scale: Double) -> Result<AreaPlan, AreaPlanError> {
        let outline = Self.outline(viewport: camera.viewportSize, scale: scale, card: layout(viewport: camera.viewportSize, scale: scale).frame)
        let corners = [Point(x: outline.minX, y: outline.minY), Point(x: outline.maxX, y: outline.minY),
                       Point(x: outline.minX, y: outline.maxY), Point(x: outline.maxX, y: outline.maxY)].map { camera.coordinate(at: $0) }
        let latitudes = corners.map(\.latitude), longitudes = corners.map(\.longitude)
        guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(), let east = longitudes.max() else {
            return .failure(AreaPlanError("the view shows no area"))
        }
        guard east - west < 180 else { return .failure(AreaPlanError("the view crosses the date line or shows half the world: zoom in")) }
        do {
            return .success(try AreaPlan(south: max(south, -85), west: max(west, -180), north: min(north, 85), east: min(east, 180), zooms: zooms))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Layout

    /// Where the card and its buttons are.
    struct Layout: Equatable {
        var frame: Rect
        var parts: [(part: Part, rect: Rect)]

        /// The button's rectangle (empty when the card has no such button).
        func rect(of part: Part) -> Rect {
            for entry in parts where entry.part == part { return entry.rect }
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }

        static func == (a: Layout, b: Layout) -> Bool {
            a.frame == b.frame && a.parts.count == b.parts.count && zip(a.parts, b.parts).allSatisfy { $0.part == $1.part && $0.rect == $1.rect }
        }
    }

    /// The card at the bottom centre of `viewport`, above the credit line.
    func layout(viewport: Size, scale: Double) -> Layout {
        let listed = min(areas.count, Self.mostListed)
        let rows = 4 + (listed > 0 ? 1 + listed : 0)
        let width = min(Self.width * scale, viewport.width - 16 * scale)
        let height = (2 * Self.padding + Double(rows) * Self.rowHeight) * scale
        let frame = Rect(x: ((viewport.width - width) / 2).rounded(), y: (viewport.height - height - 26 * scale).rounded(),
                         width: width, height: height)
        let pad = Self.padding * scale, row = Self.rowHeight * scale, button = Self.buttonHeight * scale
        func rowRect(_ index: Int) -> Rect { Rect(x: frame.minX + pad, y: frame.minY + pad + Double(index) * row, width: width - 2 * pad, height: row) }
        var parts: [(Part, Rect)] = [(.close, Rect(x: frame.maxX - pad - 26 * scale, y: frame.minY + pad, width: 26 * scale, height: 26 * scale))]
        let zoomRow = rowRect(1)
        let step = 26 * scale
        func stepper(at x: Double) -> (less: Rect, more: Rect) {
            (Rect(x: x, y: zoomRow.midY - step / 2, width: step, height: step),
             Rect(x: x + step + 34 * scale, y: zoomRow.midY - step / 2, width: step, height: step))
        }
        let fromStepper = stepper(at: zoomRow.minX + 64 * scale), toStepper = stepper(at: zoomRow.minX + 64 * scale + 130 * scale)
        parts += [(.fromLess, fromStepper.less), (.fromMore, fromStepper.more), (.toLess, toStepper.less), (.toMore, toStepper.more)]
        let actionRow = rowRect(3)
        let action = Rect(x: actionRow.minX, y: actionRow.midY - button / 2, width: 110 * scale, height: button)
        parts.append((isDownloading ? .stop : .download, action))
        for index in 0..<listed {
            let line = rowRect(5 + index), name = areas[index].name
            let delete = Rect(x: line.maxX - 64 * scale, y: line.midY - 12 * scale, width: 64 * scale, height: 24 * scale)
            let update = Rect(x: delete.minX - 6 * scale - 70 * scale, y: delete.minY, width: 70 * scale, height: 24 * scale)
            parts += [(.update(name), update), (.delete(name), delete)]
        }
        return Layout(frame: frame, parts: parts)
    }

    /// What lies under `point`: a button, the card's body, or nothing.
    package func part(at point: Point, viewport: Size, scale: Double) -> Part? {
        let laid = layout(viewport: viewport, scale: scale)
        guard laid.frame.contains(point) else { return nil }
        for entry in laid.parts where entry.rect.contains(point) { return entry.part }
        return .body
    }
}

/// Whole numbers with thousands apart: 12,345.
func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
}
