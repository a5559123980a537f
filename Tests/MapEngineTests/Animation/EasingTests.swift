import Testing
@testable import MapEngine

@Suite struct EasingTests {
    @Test(arguments: [Easing.linear, .easeOut, .easeInOut])
    func startsAtZeroAndEndsAtOne(_ easing: Easing) {
        #expect(easing.value(at: 0) == 0)
        #expect(easing.value(at: 1) == 1)
        #expect(easing.value(at: -1) == 0 && easing.value(at: 2) == 1, "progress is clamped")
    }

    @Test func easeOutIsAheadOfLinearAtHalfTime() {
        #expect(Easing.easeOut.value(at: 0.5) == 0.875)
        #expect(Easing.easeInOut.value(at: 0.5) == 0.5)
    }

    @Test func cameraAnimationReachesItsTarget() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 2,
                            viewportSize: Size(width: 400, height: 400))
        let animation = CameraAnimation(from: camera, motion: .zoom(to: 4, about: Point(x: 200, y: 200)),
                                        start: 1, duration: 0.5)
        #expect(animation.camera(at: 1).zoom == 2)
        #expect(animation.camera(at: 1.25).zoom == 2 + 2 * 0.875)
        #expect(animation.camera(at: 1.5).zoom == 4)
        #expect(!animation.isFinished(at: 1.4) && animation.isFinished(at: 1.5))
    }
}
