import MapEngine

/// The quiet notice of where street detail comes from when its server is
/// away: said once each time the map goes deeper than its own data (the
/// embedded world's), while the style's source of detail is left out
/// (`--offline`) or cannot be reached, and again when what it has to say
/// changes on the way (the view moves out of the downloaded areas). Past
/// that depth the world's shapes are drawn, enlarged; nothing is greyed.
///
///     var notice = DetailNotice(source: "streets", fromZoom: 10)
///     notice.message(zoom: 11, availability: .away(.noAreas))   // the notice, once
package struct DetailNotice: Sendable {
    /// Whether the detail's server answers, and if not, what the downloaded areas hold of the view.
    package enum Availability: Sendable, Equatable {
        case reachable
        case away(OfflineCoverage)
    }

    /// The style's source that draws the detail.
    package let source: String
    /// The zoom from which the map needs it.
    package let fromZoom: Double
    private var said: String?

    /// What is said with no area downloaded.
    package static let text = "Street detail needs a connection or a map file; for offline use, download an area from the menu"
    /// What is said where no downloaded area reaches.
    package static let elsewhere = "Offline: no downloaded area covers this view"
    /// What is said where one does.
    package static let covered = "Offline: street detail from your downloaded areas"

    /// The notice for the style's source `source`, needed from `fromZoom` on.
    package init(source: String, fromZoom: Double) {
        self.source = source
        self.fromZoom = fromZoom
    }

    /// The notice to show at `zoom`; nil when there is nothing to say
    /// (again). Going back above the depth, by half a zoom so a hesitating
    /// pinch does not repeat it, lets it be said once more.
    package mutating func message(zoom: Double, availability: Availability) -> String? {
        if zoom < fromZoom - 0.5 { said = nil }
        guard zoom >= fromZoom, case .away(let coverage) = availability else { return nil }
        let text = switch coverage {
        case .noAreas: Self.text
        case .elsewhere: Self.elsewhere
        case .covered: Self.covered
        }
        guard text != said else { return nil }
        said = text
        return text
    }

    /// The notice when no area is downloaded: `reachable` or not.
    package mutating func message(zoom: Double, reachable: Bool) -> String? {
        message(zoom: zoom, availability: reachable ? .reachable : .away(.noAreas))
    }
}
