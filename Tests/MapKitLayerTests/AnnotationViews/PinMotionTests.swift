import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct PinMotionTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func liftBouncesThenRises39PointsIn0Point3Seconds() {
        let lift = PinMotion.lift(from: .rest)
        #expect(lift.duration == 0.3)
        #expect(lift.pose(at: 0) == PinPose(frame: .bounce1, lift: .zero, shadowAlpha: 0, shadowOffset: .zero))
        #expect(lift.pose(at: 0.05).frame == .bounce2)
        #expect(lift.pose(at: 0.09).frame == .bounce3)
        let start = lift.pose(at: 0.1)
        #expect(start.frame == .floating && start.lift == .zero && start.shadowAlpha == 0)
        let half = lift.pose(at: 0.2)
        #expect(close(half.lift.y, -19.5) && close(half.shadowAlpha, 0.5))
        #expect(close(half.shadowOffset.x, PinMotion.shadowSlide.x / 2))
        #expect(lift.pose(at: 0.3) == .carried)
        #expect(lift.pose(at: 5) == .carried)
    }

    @Test func dropKeepsThePinWhereItWasSeenAndBringsTheShadowIn() {
        let drop = PinMotion.drop(from: .carried)
        let start = drop.pose(at: 0)
        #expect(start.lift == .zero && start.frame == .floating)
        // The shadow stays on the ground it lay on: 39 pt below the new anchor.
        #expect(start.shadowOffset == PinMotion.shadowSlide + Point(x: 0, y: 39) && start.shadowAlpha == 1)
        #expect(drop.pose(at: 0.1).shadowAlpha == 1)
        #expect(close(drop.pose(at: 0.15).shadowAlpha, 0.5))
        let landing = drop.pose(at: 0.2)
        #expect(landing.frame == .bounce1 && landing.shadowAlpha == 0 && landing.shadowOffset == .zero)
        #expect(drop.pose(at: 0.3) == .rest)
    }

    @Test func cancelFallsBackDownAndBounces() {
        let fall = PinMotion.fall(from: .carried)
        #expect(fall.pose(at: 0).lift.y == -39)
        #expect(close(fall.pose(at: 0.1).lift.y, -39 * 0.75), "falling: slow first")
        #expect(fall.pose(at: 0.1).shadowAlpha == 1)
        #expect(fall.pose(at: 0.2).lift == .zero && fall.pose(at: 0.2).frame == .bounce1)
        #expect(fall.pose(at: 0.3) == .rest)
    }

    @Test func aTapOnlyBounces() {
        let frames = [0.0, 0.04, 0.07, 0.1].map { PinMotion.bounce.pose(at: $0).frame }
        #expect(frames == [.bounce1, .bounce2, .bounce3, .rest])
        #expect(PinMotion.bounce.pose(at: 0.05).lift == .zero)
    }

    @Test func dropInFallsFromAboveAndLands() {
        let drop = PinMotion.dropIn(height: 300)
        #expect(drop.pose(at: 0).lift.y == -300)
        #expect(drop.pose(at: 0.35).lift == .zero && drop.pose(at: 0.35).frame == .bounce1)
        #expect(drop.pose(at: 0.45) == .rest)
    }

    @Test func bounceEasingTouchesDownThreeTimes() {
        #expect(Easing.bounce.value(at: 0) == 0 && Easing.bounce.value(at: 1) == 1)
        #expect(close(Easing.bounce.value(at: 0.6), 1) && close(Easing.bounce.value(at: 0.85), 1))
        #expect(close(Easing.bounce.value(at: 0.725), 1 - 1.0 / 8), "top of the first rebound")
        #expect(Easing.easeIn.value(at: 0.5) == 0.25)
    }

    @Test func floatingViewRisesOneImageHeightIn0Point3Seconds() {
        let view = FloatingAnnotationView(annotation: nil, reuseIdentifier: nil)
        view.image = AnnotationImage(name: "flag", size: Size(width: 24, height: 30))
        #expect(view.size == Size(width: 24, height: 60) && view.centerOffset == Point(x: 0, y: -30))
        view.setDragState(.starting, animated: true, at: 1)
        for (t, rise) in [(1.0, 0.0), (1.15, 15.0), (1.3, 30.0)] {
            view.advance(to: t)
            #expect(close(view.rise, rise), "at \(t)")
        }
        #expect(view.dragState == .dragging && view.dropPointOffset == Point(x: 0, y: -30))
        #expect(view.hitTest(Point(x: 12, y: 10)) && !view.hitTest(Point(x: 12, y: 45)), "the image is hit where it hovers")
        view.setDragState(.canceling, animated: true, at: 2)
        #expect(view.dragState == .none)
        view.advance(to: 2.15)
        #expect(close(view.rise, 15))
        view.advance(to: 2.3)
        #expect(view.rise == 0 && !view.isAnimating)
    }
}
