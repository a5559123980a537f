import Foundation

/// How a placed point label's text is moved and turned, and where its icon goes.
extension LabelPlacer {
    /// A move of a label by `points` (`text-translate`), in pixels, turned
    /// with the map when it is anchored to it.
    func shift(_ points: Point, turning: Bool) -> Point {
        guard points != .zero else { return .zero }
        let moved = points * scale
        guard turning, camera.heading != 0 else { return moved }
        let angle = -camera.heading * .pi / 180
        return Point(x: moved.x * cos(angle) - moved.y * sin(angle), y: moved.x * sin(angle) + moved.y * cos(angle))
    }

    /// A point label turned `degrees` clockwise about its anchor (`text-rotate`,
    /// and the map's turn under `text-rotation-alignment: map`): each line
    /// turned, its box the bounds of the turned label.
    func turned(_ label: ([PlacedLabel.Piece], [Rect]), about anchor: Point, degrees: Double) -> ([PlacedLabel.Piece], [Rect]) {
        let angle = degrees * .pi / 180
        func turned(_ p: Point) -> Point {
            let d = p - anchor
            return anchor + Point(x: d.x * cos(angle) - d.y * sin(angle), y: d.x * sin(angle) + d.y * cos(angle))
        }
        let pieces = label.0.map { piece -> PlacedLabel.Piece in
            let centre = turned(piece.rect.center)
            return PlacedLabel.Piece(text: piece.text, rect: Rect(x: centre.x - piece.rect.width / 2, y: centre.y - piece.rect.height / 2,
                                                                  width: piece.rect.width, height: piece.rect.height),
                                     rotation: degrees)
        }
        let boxes = label.1.map { box -> Rect in
            let corners = box.corners.map(turned)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        return (pieces, boxes)
    }


    /// Where a point label's icon goes: centred on the anchor, its size in
    /// points times `icon-size` and the display scale; nil without one.
    func iconPlace(_ look: LabelLook, at anchor: Point) -> PlacedLabel.Icon? {
        guard let name = look.icon, let icon = sprite?.icons[name] else { return nil }
        let width = icon.size.width * look.iconSize * scale, height = icon.size.height * look.iconSize * scale
        return PlacedLabel.Icon(name: name, rect: Rect(x: anchor.x - width / 2, y: anchor.y - height / 2, width: width, height: height),
                                rotation: look.iconRotate)
    }

    /// The icon stretched to frame the text's `box` (`icon-text-fit`) with
    /// its padding, as MapLibre fits it: across the text's width, and down
    /// its lines (each `text-line-height` high) about the box's middle; a
    /// side not fitted keeps its size, centred on the text.
    func fitted(_ icon: PlacedLabel.Icon, to box: Rect, lines: Int, look: LabelLook, size: Double) -> PlacedLabel.Icon {
        guard look.iconTextFit != .none else { return icon }
        let padding = look.iconTextFitPadding.map { $0 * scale }
        let height = Double(max(lines, 1)) * look.lineHeight * size
        var rect = icon.rect
        if look.iconTextFit == .width || look.iconTextFit == .both {
            rect = Rect(x: box.minX - padding[3], y: rect.minY, width: box.width + padding[1] + padding[3], height: rect.height)
        } else {
            rect.origin.x = box.midX - rect.width / 2
        }
        if look.iconTextFit == .height || look.iconTextFit == .both {
            rect = Rect(x: rect.minX, y: box.midY - height / 2 - padding[0], width: rect.width, height: height + padding[0] + padding[2])
        } else {
            rect.origin.y = box.midY - rect.height / 2
        }
        guard rect.width > 0, rect.height > 0 else { return icon }
        return PlacedLabel.Icon(name: icon.name, rect: rect)
    }
}
