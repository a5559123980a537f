import MapEngine

/// A panel at the top right of the map listing one annotation's details
/// (its properties and coordinate), with a close button. It swallows the
/// clicks that land on it.
///
///     let panel = DetailsPanel(title: "Paris", rows: [("population", "2148000")])
///     commands += panel.drawn(viewport: size, metrics: fonts).commands
struct DetailsPanel: Equatable, Sendable {
    /// What of the panel a pointer is over.
    enum Part: Equatable { case body, closeButton, editButton }

    struct Row: Equatable, Sendable {
        var key: String
        var value: String

        init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    var title: String
    var rows: [Row]
    /// The annotation shown, so the panel closes when it leaves the map.
    var annotationID: String?
    /// A track's profile, drawn below the rows.
    var profile: TrackProfile?
    /// Whether it shows an Edit button (a pin one may name: its name and note).
    var isEditable = false

    static let titleFont = FontSpec(size: 15, weight: .bold)
    static let keyFont = FontSpec(size: 12, weight: .bold)
    static let valueFont = FontSpec(size: 12)
    static let background = Color(hex: 0xFFFFFF, alpha8: 242)
    static let keyColor = Color(hex: 0x5F6368)
    static let valueColor = Color(hex: 0x1B1B1B)
    static let closeFill = Color(hex: 0xE8EAED)
    static let margin = 12.0
    static let padding = 12.0
    static let rowGap = 6.0
    static let maxWidth = 320.0
    static let closeSize = 24.0
    static let closeAction = "close-details"
    static let editAction = "edit-details"
    static let editWidth = 48.0

    init(title: String, rows: [Row], annotationID: String? = nil) {
        self.title = title
        self.rows = rows
        self.annotationID = annotationID
    }

    /// The panel for an annotation: its properties (or its title and
    /// subtitle) and its coordinate.
    @MainActor
    init(describing annotation: any Annotation, id: String?) {
        if let track = (annotation as? OverlayCallout)?.overlay as? TrackOverlay {
            self.init(track: track, id: id)
            return
        }
        var rows: [Row] = []
        if let properties = (annotation as? AnnotationProperties)?.properties {
            rows = properties.map { Row(key: $0.key, value: $0.value) }
        } else if let subtitle = annotation.subtitle, !subtitle.isEmpty {
            rows = [Row(key: "subtitle", value: subtitle)]
        }
        if annotation.isPlacemark, let note = (annotation as? any EditablePin)?.note, !note.isEmpty {
            rows.insert(Row(key: "note", value: note), at: 0)
        }
        rows.append(Row(key: "coordinate", value: annotation.coordinate.displayText))
        self.init(title: annotation.title ?? "", rows: rows, annotationID: id)
        isEditable = (annotation as? any EditablePin)?.isEditable == true
    }

    /// The panel for a track or route: its figures and its profile.
    @MainActor
    init(track: TrackOverlay, id: String?) {
        let stats = track.statistics
        var rows = [Row(key: "length", value: TrackFigures.distance(stats.length))]
        if let duration = stats.duration { rows.append(Row(key: "duration", value: TrackFigures.duration(duration))) }
        if let moving = stats.movingTime { rows.append(Row(key: "moving", value: TrackFigures.duration(moving))) }
        if let range = stats.elevationRange {
            rows.append(Row(key: "climb", value: "\(Int(stats.climb.rounded())) m, descent \(Int(stats.descent.rounded())) m"))
            rows.append(Row(key: "elevation", value: "\(Int(range.lowerBound.rounded()))–\(Int(range.upperBound.rounded())) m"))
        }
        if let speed = stats.maximumSpeed { rows.append(Row(key: "top speed", value: "\(TrackFigures.number(speed * 3.6)) km/h")) }
        rows.append(Row(key: "points", value: "\(stats.points) in \(track.segments.count) segment\(track.segments.count == 1 ? "" : "s")"))
        self.init(title: track.title ?? "Track", rows: rows, annotationID: id)
        profile = TrackProfile(track)
    }

    /// The close button's rectangle on screen, for a panel at `frame`.
    static func closeButton(in frame: Rect) -> Rect {
        Rect(x: frame.maxX - padding - closeSize + 4, y: frame.minY + padding - 4, width: closeSize, height: closeSize)
    }

    /// The Edit button's rectangle, left of the close button.
    static func editButton(in frame: Rect) -> Rect {
        let close = closeButton(in: frame)
        return Rect(x: close.minX - 6 - editWidth, y: close.minY, width: editWidth, height: closeSize)
    }

    /// The panel laid out once: its rectangle on screen and its draw commands.
    func drawn(viewport: Size, metrics: TextMeasuring) -> (frame: Rect, commands: [DrawCommand]) {
        let laid = drawn(viewport: viewport, metrics: metrics, marker: nil)
        return (laid.frame, laid.commands)
    }

    /// The panel laid out with its profile (if any), a marker at `marker`
    /// metres along it; `chart` is where the profile's plot is.
    func drawn(viewport: Size, metrics: TextMeasuring, marker: Double?) -> (frame: Rect, commands: [DrawCommand], chart: ProfileChart?) {
        var laid = layout(viewport: viewport, metrics: metrics)
        var chart: ProfileChart?
        if let profile {
            let plot = Rect(x: laid.frame.minX + DetailsPanel.padding + ProfileChart.labelWidth, y: laid.frame.maxY - DetailsPanel.padding + 4,
                            width: laid.frame.width - 2 * DetailsPanel.padding - ProfileChart.labelWidth, height: ProfileChart.height)
            chart = ProfileChart(profile: profile, frame: plot)
            laid.frame.size.height += ProfileChart.height + ProfileChart.labelHeight + 4
        }
        let outline = CalloutDrawing.roundedRect(laid.frame, radius: 10)
        var commands: [DrawCommand] = [
            .shape(CalloutStyle.shadow(of: outline, center: laid.frame.center, rect: laid.frame, role: "details-shadow")),
            .shape(ShapeDraw(outline: outline, center: laid.frame.center, color: DetailsPanel.background,
                             rect: laid.frame, role: "details-panel")),
        ]
        commands += laid.texts.map { .text($0) }
        let close = DetailsPanel.closeButton(in: laid.frame)
        commands.append(.shape(ShapeDraw(outline: CalloutDrawing.roundedRect(close, radius: close.height / 2),
                                         center: close.center, color: DetailsPanel.closeFill, rect: close,
                                         role: "details-close", action: DetailsPanel.closeAction)))
        let cross = metrics.size(of: "×", font: DetailsPanel.titleFont)
        commands.append(.text(TextDraw(text: "×", font: DetailsPanel.titleFont, color: DetailsPanel.keyColor,
                                       rect: Rect(x: (close.midX - cross.width / 2).rounded(),
                                                  y: (close.midY - cross.height / 2).rounded(),
                                                  width: cross.width, height: cross.height))))
        if isEditable {
            let edit = DetailsPanel.editButton(in: laid.frame)
            commands.append(.shape(ShapeDraw(outline: CalloutDrawing.roundedRect(edit, radius: edit.height / 2),
                                             center: edit.center, color: DetailsPanel.closeFill, rect: edit,
                                             role: "details-edit", action: DetailsPanel.editAction)))
            let label = metrics.size(of: "Edit", font: DetailsPanel.keyFont)
            commands.append(.text(TextDraw(text: "Edit", font: DetailsPanel.keyFont, color: Color(hex: 0x1A73E8),
                                           rect: Rect(x: (edit.midX - label.width / 2).rounded(),
                                                      y: (edit.midY - label.height / 2).rounded(),
                                                      width: label.width, height: label.height))))
        }
        if let chart { commands += chart.commands(marker: marker, metrics: metrics) }
        return (laid.frame, commands, chart)
    }

    private func layout(viewport: Size, metrics: TextMeasuring) -> (frame: Rect, texts: [TextDraw]) {
        let width = min(DetailsPanel.maxWidth, viewport.width - 2 * DetailsPanel.margin)
        let origin = Point(x: viewport.width - DetailsPanel.margin - width, y: DetailsPanel.margin)
        let inner = width - 2 * DetailsPanel.padding
        var texts: [TextDraw] = []
        var y = origin.y + DetailsPanel.padding
        let title = metrics.truncated(self.title, font: DetailsPanel.titleFont,
                                      maxWidth: inner - DetailsPanel.closeSize - 8 - (isEditable ? DetailsPanel.editWidth + 6 : 0))
        texts.append(TextDraw(text: title.text, font: DetailsPanel.titleFont, color: DetailsPanel.valueColor,
                              rect: Rect(origin: Point(x: origin.x + DetailsPanel.padding, y: y), size: title.size)))
        y += max(title.size.height, DetailsPanel.closeSize - 4) + DetailsPanel.rowGap + 2
        // Keys in a column as wide as the widest, at most 40% of the room.
        let keyWidth = min(inner * 0.4, rows.map { metrics.size(of: $0.key, font: DetailsPanel.keyFont).width }.max() ?? 0)
        for row in rows {
            let key = metrics.truncated(row.key, font: DetailsPanel.keyFont, maxWidth: keyWidth)
            let value = metrics.truncated(row.value, font: DetailsPanel.valueFont, maxWidth: inner - keyWidth - 10)
            texts.append(TextDraw(text: key.text, font: DetailsPanel.keyFont, color: DetailsPanel.keyColor,
                                  rect: Rect(origin: Point(x: origin.x + DetailsPanel.padding, y: y), size: key.size)))
            texts.append(TextDraw(text: value.text, font: DetailsPanel.valueFont, color: DetailsPanel.valueColor,
                                  rect: Rect(origin: Point(x: origin.x + DetailsPanel.padding + keyWidth + 10, y: y),
                                             size: value.size)))
            y += max(key.size.height, value.size.height) + DetailsPanel.rowGap
        }
        let frame = Rect(x: origin.x, y: origin.y, width: width, height: y - origin.y - DetailsPanel.rowGap + DetailsPanel.padding)
        return (frame, texts)
    }
}
