import MapEngine

/// The quiet notice that street detail cannot be had: said once each time
/// the map goes deeper than its own data (the embedded world's), while the
/// style's source of detail is left out (`--offline`) or cannot be reached.
/// Past that depth the world's shapes are drawn, enlarged; nothing is greyed.
///
///     var notice = DetailNotice(source: "streets", fromZoom: 10)
///     notice.message(zoom: 11, reachable: false)   // the notice, once
package struct DetailNotice: Sendable {
    /// The style's source that draws the detail.
    package let source: String
    /// The zoom from which the map needs it.
    package let fromZoom: Double
    private var said = false

    /// What is said.
    package static let text = "Street detail needs a connection or a map file"

    /// The notice for the style's source `source`, needed from `fromZoom` on.
    package init(source: String, fromZoom: Double) {
        self.source = source
        self.fromZoom = fromZoom
    }

    /// The notice to show at `zoom` when the detail's source is `reachable`
    /// or not; nil when there is nothing to say (again). Going back above the
    /// depth, by half a zoom so a hesitating pinch does not repeat it, lets it be said once more.
    package mutating func message(zoom: Double, reachable: Bool) -> String? {
        if zoom < fromZoom - 0.5 { said = false }
        guard zoom >= fromZoom, !reachable, !said else { return nil }
        said = true
        return Self.text
    }
}
