import BusStops
import PinmapKit
import PinmapTesting
import Testing

/// Screenshots of the bus stop view on the embedded world, driven as a person would.
@MainActor @Suite struct BusStopsTests {
    let bellevue = BusStop("Bellevue", at: Coordinate(latitude: 47.3667, longitude: 8.5450), lines: ["2", "4", "11"])
    let central = BusStop("Central", at: Coordinate(latitude: 47.3774, longitude: 8.5441), lines: ["3", "10"])
    let paradeplatz = BusStop("Paradeplatz", at: Coordinate(latitude: 47.3697, longitude: 8.5392), lines: ["8", "13"])

    func tester(_ views: BusStopViews) throws -> MapTester {
        var options = try MapOptions.world()
        options.resources = .withBusStops
        options.size = Size(width: 360, height: 280)
        options.center = Coordinate(latitude: 47.372, longitude: 8.543)
        options.zoom = 13
        options.showsControls = false
        let tester = try MapTester(options: options, delegate: views)
        tester.map.addAnnotations([bellevue, central, paradeplatz])
        return tester
    }

    @Test func threeStopsShowTheirSigns() throws {
        let tester = try tester(BusStopViews())
        try tester.assertMatchesGolden(named: "three-stops")
    }

    @Test func aTappedStopShowsItsLinesAndItsTimetableButtonWorks() throws {
        let views = BusStopViews()
        let tester = try tester(views)
        try tester.tap(central)
        #expect(tester.map.selectedAnnotations.first === central)
        try tester.assertMatchesGolden(named: "central-selected")
        try tester.tapCalloutAccessory("timetable")
        #expect(views.timetablesShown == ["Central"])
    }

    @Test func aStopDraggedToANewCornerIsDrawnThere() throws {
        let tester = try tester(BusStopViews())
        let corner = Coordinate(latitude: 47.3745, longitude: 8.5330)
        try tester.drag(paradeplatz, to: corner)
        #expect(abs(paradeplatz.coordinate.latitude - corner.latitude) < 1e-4)
        #expect(abs(paradeplatz.coordinate.longitude - corner.longitude) < 1e-4)
        try tester.assertMatchesGolden(named: "paradeplatz-moved")
    }
}
