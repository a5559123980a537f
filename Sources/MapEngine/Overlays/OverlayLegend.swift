/// A small key to an overlay's colours, drawn at the map's lower left:
/// a title, a colour bar and the values at its two ends.
package struct OverlayLegend: Equatable, Sendable {
    /// What the colours stand for, with the unit: "Elevation (m)".
    package var title: String
    /// The colours from the low end to the high end, evenly spread.
    package var colors: [Color]
    /// The value at the low end, as text.
    package var low: String
    /// The value at the high end, as text.
    package var high: String

    /// A key of `colors` from `low` to `high`.
    package init(title: String, colors: [Color], low: String, high: String) {
        self.title = title
        self.colors = colors
        self.low = low
        self.high = high
    }
}
