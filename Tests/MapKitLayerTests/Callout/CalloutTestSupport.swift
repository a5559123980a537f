@testable import MapEngine
@testable import MapKitLayer

/// Text metrics that are easy to reckon with: every character is half the
/// font size wide, every line the font size plus 3 high.
struct HalfSizeMetrics: TextMeasuring {
    func size(of text: String, font: FontSpec) -> Size {
        text.isEmpty ? .zero : Size(width: Double(text.count) * font.size / 2, height: font.size + 3)
    }
}

extension CalloutBody {
    var texts: [(text: String, frame: Rect)] {
        elements.compactMap { element in
            if case .text(let text, _, _) = element.content { return (text, element.frame) }
            return nil
        }
    }

    var controls: [(action: String, frame: Rect)] {
        elements.compactMap { element in element.control.map { ($0.action, element.frame) } }
    }
}
