import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The found place's marker stands beside the label it would cover (the
/// city's own name, "Vie●na" before), on the label's first line, and where
/// no label is, on the place itself.
@Suite struct SearchMarkerTests {
    @Test func theMarkerStandsLeftOfTheLabelItWouldCover() {
        let place = Point(x: 200, y: 150)
        let label = Rect(x: 170, y: 140, width: 60, height: 20)
        let other = Rect(x: 20, y: 20, width: 50, height: 15)
        let at = SearchPanel.markerPoint(place, beside: [other, label], radius: 9)
        #expect(at.x + 9 < label.minX, "clear of the label: \(at)")
        #expect(at.y == label.midY)
        let disc = Rect(x: at.x - 9, y: at.y - 9, width: 18, height: 18)
        #expect(!disc.intersects(label) && !disc.intersects(other))
    }

    @Test func withoutALabelThereItStandsOnThePlace() {
        let place = Point(x: 200, y: 150)
        #expect(SearchPanel.markerPoint(place, beside: [Rect(x: 20, y: 20, width: 50, height: 15)], radius: 9) == place)
    }

    @Test func aTwoLineLabelKeepsItsFirstLineBesideTheMarker() {
        let latin = Rect(x: 170, y: 140, width: 60, height: 18), local = Rect(x: 180, y: 158, width: 40, height: 18)
        let at = SearchPanel.markerPoint(Point(x: 200, y: 158), beside: [local, latin], radius: 9)
        #expect(at.y == latin.midY && at.x + 9 < latin.minX)
    }
}
