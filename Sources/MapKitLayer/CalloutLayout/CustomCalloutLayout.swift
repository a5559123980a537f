import MapEngine

/// Lays out a callout from its layout file for one annotation: fills the
/// placeholders, measures, then stacks the elements (dropping labels that
/// came out empty) or puts them at their frames. Text too long for the
/// callout is cut with an ellipsis.
enum CustomCalloutLayout {
    static func body(_ layout: CalloutLayout, values: CalloutValues, metrics: TextMeasuring,
                            scale: Double) -> CalloutBody {
        let builder = Builder(values: values, metrics: metrics, scale: scale)
        let padding = layout.padding * scale
        var elements: [CalloutElement] = []
        var size: Size
        switch layout.arrangement {
        case .frames:
            var farthest = Point.zero
            for element in layout.elements {
                guard let frame = element.frame else { continue }
                let scaled = Rect(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale,
                                  height: frame.height * scale)
                let item = builder.measure(element, maxWidth: scaled.width)
                elements += builder.place(item, in: scaled, alignment: element.alignment)
                farthest = Point(x: max(farthest.x, scaled.maxX), y: max(farthest.y, scaled.maxY))
            }
            size = Size(width: layout.width.map { $0 * scale } ?? farthest.x + padding,
                        height: layout.height.map { $0 * scale } ?? farthest.y + padding)
        case .stack:
            let maxWidth = (layout.width ?? CalloutStyle.maxWidth) * scale - 2 * padding
            let items = layout.elements.map { (builder.measure($0, maxWidth: maxWidth), $0.alignment) }
                .filter { !$0.0.isEmpty }
            let contentWidth = layout.width.map { $0 * scale - 2 * padding }
                ?? max(CalloutStyle.minWidth * scale - 2 * padding, items.map(\.0.size.width).max() ?? 0)
            var y = padding
            for (item, alignment) in items {
                elements += builder.place(item, in: Rect(x: padding, y: y, width: contentWidth,
                                                         height: item.size.height), alignment: alignment)
                y += item.size.height + layout.spacing * scale
            }
            if !items.isEmpty { y -= layout.spacing * scale }
            size = Size(width: contentWidth + 2 * padding, height: y + padding)
        }
        size.height = max(size.height, CalloutStrip.height * scale)
        return CalloutBody(size: Size(width: size.width.rounded(), height: size.height.rounded()),
                           background: .strip(layout.strip), elements: elements)
    }

    /// An element measured: its size and how to turn it into callout elements.
    struct Item {
        var size: Size
        var isEmpty = false
        /// The element's parts for a given frame.
        var make: (Rect) -> [CalloutElement]
    }

    struct Builder {
        let values: CalloutValues
        let metrics: TextMeasuring
        let scale: Double

        /// Titled buttons have this much room around their label, in points.
        static let buttonPadding = Size(width: 12, height: 6)

        func measure(_ element: CalloutLayout.Element, maxWidth: Double) -> Item {
            switch element.kind {
            case .label(let template, let font, let color):
                let scaled = FontSpec(size: font.size * scale, weight: font.weight)
                let text = values.fill(template)
                let shown = metrics.truncated(text, font: scaled, maxWidth: maxWidth)
                return Item(size: shown.size, isEmpty: text.isEmpty) { frame in
                    [CalloutElement(.text(shown.text, font: scaled, color: color),
                                    frame: Rect(origin: frame.origin, size: shown.size))]
                }
            case .image(let image):
                let size = scaled(image.size)
                return Item(size: size) { frame in
                    [CalloutElement(.image(name: image.fileName(forScale: scale)), frame: Rect(origin: frame.origin, size: size))]
                }
            case .button(let button):
                return measure(button, maxWidth: maxWidth)
            case .row(let children, let spacing):
                let gap = spacing * scale
                let items = children.map { measure($0, maxWidth: maxWidth) }.filter { !$0.isEmpty }
                let width = items.map(\.size.width).reduce(0, +) + gap * Double(max(0, items.count - 1))
                let height = items.map(\.size.height).max() ?? 0
                return Item(size: Size(width: width, height: height), isEmpty: items.isEmpty) { frame in
                    var x = frame.minX
                    var parts: [CalloutElement] = []
                    for item in items {
                        let y = (frame.minY + (height - item.size.height) / 2).rounded()
                        parts += item.make(Rect(x: x, y: y, width: item.size.width, height: item.size.height))
                        x += item.size.width + gap
                    }
                    return parts
                }
            }
        }

        private func measure(_ button: CalloutLayout.Button, maxWidth: Double) -> Item {
            switch button.look {
            case .accessory(let kind):
                let image = kind.image
                let size = scaled(image.size)
                return Item(size: size) { frame in
                    [CalloutElement(.control(CalloutControl(accessory: CalloutAccessory(kind, identifier: button.action),
                                                            look: .image(name: image.fileName(forScale: scale)))),
                                    frame: Rect(origin: frame.origin, size: size))]
                }
            case .titled(let title, let font, let textColor, let fill):
                let scaledFont = FontSpec(size: font.size * scale, weight: font.weight)
                let pad = Size(width: Builder.buttonPadding.width * scale, height: Builder.buttonPadding.height * scale)
                let label = metrics.truncated(values.fill(title), font: scaledFont, maxWidth: maxWidth - 2 * pad.width)
                // Every button of a font is as tall as its line, whatever its letters.
                let line = max(label.size.height, metrics.size(of: "Hg", font: scaledFont).height)
                let size = Size(width: (label.size.width + 2 * pad.width).rounded(),
                                height: (line + 2 * pad.height).rounded())
                return Item(size: size) { frame in
                    let box = Rect(origin: frame.origin, size: size)
                    let text = Rect(x: (box.midX - label.size.width / 2).rounded(),
                                    y: (box.midY - label.size.height / 2).rounded(),
                                    width: label.size.width, height: label.size.height)
                    let accessory = CalloutAccessory(.titled(title), identifier: button.action)
                    return [CalloutElement(.control(CalloutControl(accessory: accessory, look: .button(fill: fill))),
                                           frame: box),
                            CalloutElement(.text(label.text, font: scaledFont, color: textColor), frame: text)]
                }
            }
        }

        /// The item's parts placed in `frame` by its alignment.
        func place(_ item: Item, in frame: Rect, alignment: CalloutLayout.Alignment) -> [CalloutElement] {
            let x: Double
            switch alignment {
            case .left: x = frame.minX
            case .center: x = (frame.minX + (frame.width - item.size.width) / 2).rounded()
            case .right: x = frame.maxX - item.size.width
            }
            return item.make(Rect(x: x, y: frame.minY, width: item.size.width, height: item.size.height))
        }

        private func scaled(_ size: Size) -> Size {
            Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
        }
    }
}
