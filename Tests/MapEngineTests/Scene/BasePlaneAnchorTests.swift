import Testing
@testable import MapEngine

/// The base plane stays while the map pans by whole pixels within its
/// margin, and moves when the map passes the margin, zooms or rests
/// between pixels.
@Suite struct BasePlaneAnchorTests {
    static func view() -> Camera {
        Camera(center: Coordinate(latitude: 47, longitude: 8), zoom: 6, viewportSize: Size(width: 400, height: 300))
    }

    @Test func aPanByWholePixelsWithinTheMarginKeepsThePlaneAndMovesIt() throws {
        var view = Self.view()
        var anchor = BasePlaneAnchor()
        anchor.follow(view, scale: 1, atRest: true)
        let plane = try #require(anchor.camera)
        let margin = BasePlaneAnchor.margin
        #expect(plane.viewportSize == Size(width: 400 + 2 * margin, height: 300 + 2 * margin))
        #expect(anchor.origin(for: view) == Point(x: -margin, y: -margin))
        view.pan(by: Point(x: -37, y: 12))
        anchor.follow(view, scale: 1, atRest: true)
        #expect(anchor.camera == plane)
        // The content moved 37 px left and 12 down: so does the picture.
        let origin = try #require(anchor.origin(for: view))
        #expect(abs(origin.x - (-margin - 37)) < 1e-6 && abs(origin.y - (-margin + 12)) < 1e-6)
    }

    @Test func passingTheMarginMovesThePlaneAheadOfThePan() throws {
        var view = Self.view()
        var anchor = BasePlaneAnchor()
        anchor.follow(view, scale: 2, atRest: true)
        let margin = BasePlaneAnchor.margin * 2
        view.pan(by: Point(x: -(margin + 10), y: 0))   // the view moves right, past the margin
        anchor.follow(view, scale: 2, atRest: true)
        // Anchored anew, reaching ahead: the view at the plane's trailing side.
        let origin = try #require(anchor.origin(for: view))
        #expect(abs(origin.x) < 1e-6 && abs(origin.y + margin) < 1e-6, "\(origin)")
    }

    @Test func betweenPixelsThePlaneWaitsWhileMovingAndMovesAtRest() throws {
        var view = Self.view()
        var anchor = BasePlaneAnchor()
        anchor.follow(view, scale: 1, atRest: true)
        let plane = anchor.camera
        view.pan(by: Point(x: 10.4, y: 0))
        anchor.follow(view, scale: 1, atRest: false)
        #expect(anchor.camera == plane && anchor.origin(for: view) == nil, "a fling's frame is drawn whole")
        anchor.follow(view, scale: 1, atRest: true)
        #expect(anchor.camera != plane && anchor.origin(for: view) == Point(x: -128, y: -128))
    }

    @Test func aZoomOrAResizeMovesThePlane() throws {
        var view = Self.view()
        var anchor = BasePlaneAnchor()
        anchor.follow(view, scale: 1, atRest: true)
        view.zoom(to: 6.5, about: view.viewportSize.center)
        #expect(anchor.origin(for: view) == nil)
        anchor.follow(view, scale: 1, atRest: false)
        #expect(anchor.camera?.zoom == 6.5)
        view.resize(to: Size(width: 500, height: 300))
        anchor.follow(view, scale: 1, atRest: true)
        #expect(anchor.camera?.viewportSize == Size(width: 756, height: 556))
        // Too large a view for a picture: no plane.
        view.resize(to: Size(width: 8000, height: 6000))
        anchor.follow(view, scale: 1, atRest: true)
        #expect(anchor.camera == nil && anchor.origin(for: view) == nil)
    }
}
