import Foundation
import PinmapKit
import PinmapTesting
import Testing
import Thumbnails

/// Thumbnails of a small GPX file: a ride from Zurich's main station up the
/// Uetliberg, with a waypoint at the top.
@MainActor
@Suite struct ThumbnailsTests {
    let file: URL

    init() throws {
        let points = [(47.3779, 8.5403, 408.0), (47.3712, 8.5236, 420.0), (47.3630, 8.5090, 480.0),
                      (47.3555, 8.4985, 610.0), (47.3497, 8.4918, 869.0)]
        let trackPoints = points.map { #"<trkpt lat="\#($0.0)" lon="\#($0.1)"><ele>\#($0.2)</ele></trkpt>"# }
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="ThumbnailsTests" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="47.3497" lon="8.4918"><name>Uto Kulm</name></wpt>
              <trk><name>Up the Uetliberg</name><trkseg>\(trackPoints.joined())</trkseg></trk>
            </gpx>
            """
        file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnails-\(UUID().uuidString).gpx")
        try Data(gpx.utf8).write(to: file)
    }

    @Test func theRideIsFramedWithItsMargin() throws {
        let snapshot = try TrackThumbnail(size: Size(width: 320, height: 200)).snapshot(ofGPX: file)
        #expect(snapshot.size == Size(width: 320, height: 200))
        let start = snapshot.point(for: Coordinate(latitude: 47.3779, longitude: 8.5403))
        let top = snapshot.point(for: Coordinate(latitude: 47.3497, longitude: 8.4918))
        for point in [start, top] {
            #expect((8...312).contains(point.x) && (8...192).contains(point.y), "inside, with room: \(point)")
        }
        #expect(start.x > top.x && start.y < top.y, "the station lies north-east of the summit")
        try GoldenImage(named: "uetliberg").assertMatches(snapshot)
    }

    @Test func twiceTheScaleIsTheSamePictureInTwiceThePixels() throws {
        let one = try TrackThumbnail(scale: 1).snapshot(ofGPX: file)
        let two = try TrackThumbnail(scale: 2).snapshot(ofGPX: file)
        #expect(one.size == two.size)
        let summit = Coordinate(latitude: 47.3497, longitude: 8.4918)
        #expect(abs(one.point(for: summit).x - two.point(for: summit).x) < 0.01)
        let (sharp, plain) = (try two.pngData(), try one.pngData())
        #expect(sharp.count > plain.count)
    }

    @Test func aFileWithNothingToDrawIsSaidInPlainWords() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnails-empty-\(UUID().uuidString).gpx")
        try Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"></gpx>"#.utf8)
            .write(to: empty)
        #expect(throws: ThumbnailError.empty(empty.path)) { try TrackThumbnail().snapshot(ofGPX: empty) }
    }
}
