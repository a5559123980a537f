import MapEngine

/// Lays out the standard callout: an accessory at each end if given, the
/// title above the subtitle between them, at least 75 pt and at most
/// 300 pt wide, long text cut with an ellipsis.
///
///     let body = StandardCalloutLayout.body(title: "Paris", subtitle: "France", left: nil,
///                                           right: CalloutAccessory(.detailDisclosure, identifier: "details"),
///                                           metrics: fonts, scale: 1)
enum StandardCalloutLayout {
    static func body(title: String, subtitle: String?, left: CalloutAccessory?, right: CalloutAccessory?,
                            metrics: TextMeasuring, scale: Double) -> CalloutBody {
        typealias S = CalloutStyle
        let titleFont = FontSpec(size: S.titleFont.size * scale, weight: S.titleFont.weight)
        let subtitleFont = FontSpec(size: S.subtitleFont.size * scale, weight: S.subtitleFont.weight)
        let leftSize = left.map { accessorySize($0, scale: scale) }
        let rightSize = right.map { accessorySize($0, scale: scale) }
        // Where the text may start and how much the right side takes.
        let textStart = leftSize.map { (S.accessoryMargin + S.accessoryGap) * scale + $0.width } ?? S.textMargin * scale
        let textEndSpace = rightSize.map { (S.accessoryMargin + S.accessoryGap) * scale + $0.width }
            ?? S.textMargin * scale
        let maxTextWidth = max(0, S.maxWidth * scale - textStart - textEndSpace)

        let shownTitle = metrics.truncated(title, font: titleFont, maxWidth: maxTextWidth)
        let subtitleText = subtitle.flatMap { $0.isEmpty ? nil : $0 }
        let shownSubtitle = subtitleText.map { metrics.truncated($0, font: subtitleFont, maxWidth: maxTextWidth) }
        let textWidth = max(shownTitle.size.width, shownSubtitle?.size.width ?? 0)
        let textHeight = shownTitle.size.height + (shownSubtitle.map { S.lineGap * scale + $0.size.height } ?? 0)
        let accessoryHeight = max(leftSize?.height ?? 0, rightSize?.height ?? 0)

        let width = max(S.minWidth * scale, textStart + textWidth + textEndSpace)
        let height = max(S.minBodyHeight * scale, textHeight + 2 * S.verticalPadding * scale,
                         accessoryHeight + 2 * S.verticalPadding * scale)
        // With a minimum width to fill, the text sits in the middle of its room.
        let room = width - textStart - textEndSpace
        let textX = textStart + max(0, (room - textWidth) / 2)
        var y = ((height - textHeight) / 2).rounded()

        var elements: [CalloutElement] = []
        elements.append(CalloutElement(.text(shownTitle.text, font: titleFont, color: S.titleColor),
                                       frame: Rect(origin: Point(x: textX.rounded(), y: y), size: shownTitle.size)))
        if let shownSubtitle {
            y += shownTitle.size.height + S.lineGap * scale
            elements.append(CalloutElement(.text(shownSubtitle.text, font: subtitleFont, color: S.subtitleColor),
                                           frame: Rect(origin: Point(x: textX.rounded(), y: y.rounded()),
                                                       size: shownSubtitle.size)))
        }
        if let left, let size = leftSize {
            let origin = Point(x: S.accessoryMargin * scale, y: ((height - size.height) / 2).rounded())
            elements.append(accessoryElement(left, frame: Rect(origin: origin, size: size), scale: scale))
        }
        if let right, let size = rightSize {
            let origin = Point(x: width - S.accessoryMargin * scale - size.width,
                               y: ((height - size.height) / 2).rounded())
            elements.append(accessoryElement(right, frame: Rect(origin: origin, size: size), scale: scale))
        }
        return CalloutBody(size: Size(width: width.rounded(), height: height.rounded()), background: .bubble,
                           elements: elements)
    }

    static func accessorySize(_ accessory: CalloutAccessory, scale: Double) -> Size {
        let size = accessory.kind.image.size
        return Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    private static func accessoryElement(_ accessory: CalloutAccessory, frame: Rect, scale: Double) -> CalloutElement {
        let name = accessory.kind.image.fileName(forScale: scale)
        return CalloutElement(.control(CalloutControl(accessory: accessory, look: .image(name: name))),
                              frame: frame)
    }
}
