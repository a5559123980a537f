import MapEngine

/// The menu a right-click (or Ctrl+click) on the map opens at that place,
/// as desktop map apps offer: drop a pin there, say what is there (a
/// callout with its coordinates, name and region), copy its coordinates,
/// measure a path from there, centre the map there, or (where the app
/// offers it) download the area for offline use. It is chosen with a click, or with the arrow keys
/// and Enter; a click elsewhere or Escape closes it. Sizes are in points,
/// times the screen's scale.
package struct ContextMenu: Equatable, Sendable {
    /// What the menu offers, top to bottom.
    package enum Item: Int, CaseIterable, Sendable {
        case dropPin, whatsHere, copyCoordinates, measure, centre, downloadArea, closeFile
    }

    /// Where the click was, in the view's pixels: the menu's top left corner
    /// (moved in where it would leave the view).
    package let anchor: Point
    /// The place clicked.
    package let coordinate: Coordinate
    /// What it offers here: every item, less dropping a pin where the map takes none.
    package let items: [Item]
    /// The item under the pointer or picked with the arrow keys.
    package var highlighted: Item?
    /// The name of the opened file the selection belongs to, which "Close" takes off the map.
    package let closableFile: String?

    static let width = 220.0
    static let rowHeight = 32.0
    static let padding = 6.0
    static let font = FontSpec(size: 14)

    package init(anchor: Point, coordinate: Coordinate, dropsPins: Bool = true, closableFile: String? = nil, downloadsAreas: Bool = false) {
        self.anchor = anchor
        self.coordinate = coordinate
        self.closableFile = closableFile
        items = Item.allCases.filter {
            (dropsPins || $0 != .dropPin) && (closableFile != nil || $0 != .closeFile) && (downloadsAreas || $0 != .downloadArea)
        }
    }

    /// The item `step` rows below the highlighted one (above for a negative
    /// step), wrapping; the first or last when none is highlighted.
    package func item(stepping step: Int) -> Item? {
        guard !items.isEmpty else { return nil }
        guard let highlighted, let index = items.firstIndex(of: highlighted) else { return step >= 0 ? items.first : items.last }
        return items[((index + step) % items.count + items.count) % items.count]
    }

    /// An item's words.
    package func title(of item: Item) -> String {
        switch item {
        case .dropPin: "Drop a pin here"
        case .whatsHere: "What's here?"
        case .measure: "Measure from here"
        case .centre: "Centre the map here"
        case .downloadArea: "Download for offline use"
        case .closeFile: "Close " + (closableFile ?? "file")
        case .copyCoordinates: "Copy " + ContextMenu.coordinateText(coordinate)
        }
    }

    /// The coordinate as the clipboard gets it: "47.37690, 8.54170", latitude first, as map apps paste it.
    package static func coordinateText(_ coordinate: Coordinate) -> String {
        func fixed(_ value: Double) -> String {
            let scaled = (abs(value) * 100_000).rounded()
            let whole = Int(scaled / 100_000), fraction = Int(scaled.truncatingRemainder(dividingBy: 100_000))
            let digits = String(fraction)
            return (value < 0 && scaled > 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 5 - digits.count) + digits
        }
        return fixed(coordinate.latitude) + ", " + fixed(coordinate.longitude)
    }

    /// The menu's frame in a `viewport` of pixels: at the anchor, moved in to stay whole in view.
    package func frame(viewport: Size, scale: Double) -> Rect {
        let size = Size(width: ContextMenu.width * scale,
                        height: (Double(items.count) * ContextMenu.rowHeight + 2 * ContextMenu.padding) * scale)
        let x = min(anchor.x, viewport.width - size.width), y = min(anchor.y, viewport.height - size.height)
        return Rect(origin: Point(x: max(0, x).rounded(), y: max(0, y).rounded()), size: size)
    }

    /// The row of the menu's `index`th item in its `frame`.
    package static func row(_ index: Int, in frame: Rect, scale: Double) -> Rect {
        Rect(x: frame.minX, y: frame.minY + (padding + Double(index) * rowHeight) * scale,
             width: frame.width, height: rowHeight * scale)
    }

    /// The item under `point`; nil between items or outside the menu.
    package func item(at point: Point, viewport: Size, scale: Double) -> Item? {
        let frame = frame(viewport: viewport, scale: scale)
        return items.indices.first { ContextMenu.row($0, in: frame, scale: scale).contains(point) }.map { items[$0] }
    }

    /// Whether `point` lies on the menu.
    package func contains(_ point: Point, viewport: Size, scale: Double) -> Bool {
        frame(viewport: viewport, scale: scale).contains(point)
    }

    /// The menu drawn: a card with a shadow, the highlighted row tinted, each item's words.
    package func commands(viewport: Size, scale: Double, metrics: TextMeasuring) -> [DrawCommand] {
        let frame = frame(viewport: viewport, scale: scale)
        var commands = ControlStyle.card(frame, radius: 8 * scale, role: "context-menu", scale: scale)
        let font = FontSpec(size: ContextMenu.font.size * scale)
        for (index, item) in items.enumerated() {
            let row = ContextMenu.row(index, in: frame, scale: scale)
            if item == highlighted { commands.append(.rect(row, ControlStyle.pick)) }
            let text = metrics.truncated(title(of: item), font: font, maxWidth: row.width - 28 * scale)
            let origin = Point(x: row.minX + 14 * scale, y: (row.midY - text.size.height / 2).rounded())
            commands.append(.text(TextDraw(text: text.text, font: font, color: ControlStyle.ink,
                                           rect: Rect(origin: origin, size: text.size))))
        }
        return commands
    }
}
