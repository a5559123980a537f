import Testing
@testable import MapEngine
@testable import MapKitLayer

/// The router on its own, with interactions that write down what they get.
@Suite @MainActor struct InteractionRouterTests {
    final class Recorder: ExclusiveInteraction {
        let name: String
        var takesPresses: Bool
        var isActive = false
        var log: [String] = []
        var resets = 0

        init(_ name: String, takesPresses: Bool) {
            self.name = name
            self.takesPresses = takesPresses
        }

        func handle(_ event: PointerEvent, at now: Double) -> InteractionReply {
            if event.phase == .down && !takesPresses && !isActive { return .ignored }
            log.append("\(event.phase.rawValue)\(event.id)")
            return .handled([])
        }

        func reset(at now: Double) { resets += 1 }
    }

    func finger(_ phase: PointerEvent.Phase, _ id: Int) -> PointerEvent {
        PointerEvent(phase: phase, location: .zero, kind: .touch, id: id)
    }

    @Test func aPressGoesToTheFirstThatTakesItWhichThenHoldsThePointer() {
        let first = Recorder("first", takesPresses: false), second = Recorder("second", takesPresses: true)
        let router = InteractionRouter([first, second])
        _ = router.route(finger(.down, 1), at: 0)
        _ = router.route(finger(.move, 1), at: 0.1)
        first.takesPresses = true  // too late: the pointer is held
        _ = router.route(finger(.up, 1), at: 0.2)
        #expect(first.log.isEmpty && second.log == ["down1", "move1", "up1"])
        _ = router.route(finger(.down, 2), at: 0.3)
        #expect(first.log == ["down2"], "after the release, the order decides again")
    }

    @Test func movesOfAPointerNobodyHoldsGoNowhere() {
        let only = Recorder("only", takesPresses: true)
        let router = InteractionRouter([only])
        _ = router.route(finger(.move, 3), at: 0)
        _ = router.route(finger(.up, 3), at: 0)
        #expect(only.log.isEmpty)
    }

    @Test func anActiveExclusiveInteractionTakesEverythingFirst() {
        let carry = Recorder("carry", takesPresses: false), press = Recorder("press", takesPresses: true)
        let router = InteractionRouter([carry, press])
        _ = router.route(finger(.down, 1), at: 0)
        carry.isActive = true
        _ = router.route(finger(.move, 1), at: 0.1)
        _ = router.route(finger(.down, 2), at: 0.2)
        #expect(carry.log == ["move1", "down2"] && press.log == ["down1"])
    }

    @Test func resetLetsEveryInteractionGoAndForgetsHolders() {
        let a = Recorder("a", takesPresses: true), b = Recorder("b", takesPresses: true)
        let router = InteractionRouter([a, b])
        _ = router.route(finger(.down, 1), at: 0)
        router.reset(at: 0.1)
        #expect(a.resets == 1 && b.resets == 1)
        _ = router.route(finger(.move, 1), at: 0.2)
        #expect(a.log == ["down1"], "a pointer let go of is held by no one")
        router.hand(pointer: 1, kind: .touch, to: b)
        _ = router.route(finger(.move, 1), at: 0.3)
        #expect(b.log == ["move1"])
    }
}
