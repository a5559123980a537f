import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A pin caught again, or undone, while a cancelled drag takes it home:
/// found by the invariant fuzzer, where the pin came to rest at a place
/// half-way home that no file ever held.
@Suite @MainActor struct DragReturnTests {
    let drags = DragTests()

    func carry(_ map: MapController, from start: Point, by offset: Point, at t: Double) {
        _ = drags.mouse(map, .down, start, at: t)
        _ = drags.mouse(map, .move, start + Point(x: 10, y: 0), at: t + 0.02)
        _ = drags.mouse(map, .move, start + offset, at: t + 0.04)
    }

    @Test func aPinCaughtOnItsWayHomeStillRestsAtHome() {
        let (map, _) = drags.setUp()
        let home = drags.paris.coordinate
        carry(map, from: drags.head(map), by: Point(x: 120, y: 0), at: 0)
        _ = map.handle(.key(KeyPress("escape")), at: 0.1)
        drags.run(map, from: 0.1, to: 0.15)  // part of the way home
        #expect(!drags.near(map.shownCoordinate(of: drags.paris), home))
        #expect(drags.near(map.restingCoordinate(of: drags.paris), home))
        // A finger rests on it; the next frame comes only after the long press is due.
        drags.finger(map, .down, map.convert(map.shownCoordinate(of: drags.paris)) + Point(x: 0, y: -20), at: 0.16)
        _ = imageDraws(map, at: 0.8)
        #expect(map.isDragging, "caught again")
        #expect(drags.near(map.restingCoordinate(of: drags.paris), home), "the carry left home, not half-way")
        drags.finger(map, .cancel, .zero, at: 0.85)
        drags.run(map, from: 0.85, to: 2)
        #expect(drags.near(drags.paris.coordinate, home))
    }

    @Test func anUndoWhileAPinGoesHomeStartsFromHome() {
        let (map, _) = drags.setUp()
        let home = drags.paris.coordinate
        carry(map, from: drags.head(map), by: Point(x: 120, y: 0), at: 0)
        #expect(drags.mouse(map, .up, drags.head(map), at: 0.1).contains(.annotationsChanged))
        drags.run(map, from: 0.1, to: 1)
        let moved = drags.paris.coordinate
        carry(map, from: drags.head(map), by: Point(x: 0, y: 90), at: 1.1)
        _ = map.handle(.key(KeyPress("escape")), at: 1.2)
        drags.run(map, from: 1.2, to: 1.25)
        #expect(map.handle(.key(KeyPress("z", modifiers: .control)), at: 1.3).contains(.annotationsChanged))
        drags.run(map, from: 1.3, to: 2.5)
        #expect(drags.near(drags.paris.coordinate, home), "the undo holds; the trip home does not undo it")
        #expect(!drags.near(moved, home))
    }
}
