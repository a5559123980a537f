import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct AnnotationDrawListTests {
    /// A drawing of `count` images named after the slot.
    func drawing(_ slot: Int32, count: Int = 1) -> AnnotationCanvas {
        var canvas = AnnotationCanvas(scale: 1)
        for i in 0..<count {
            canvas.draw(AnnotationImage(name: "img\(slot)-\(i)", size: Size(width: 4, height: 4)))
        }
        return canvas
    }

    func insert(_ list: inout AnnotationDrawList, _ slot: Int32, y: Double, priority: Double = 500, count: Int = 1) {
        list.insert(slot: slot, world: Point(x: 0.5, y: y), priority: priority, frameOrigin: .zero,
                    drawing: drawing(slot, count: count), id: "pin \(slot)")
    }

    /// Each drawn slot keeps its name for scene dumps, and only while drawn.
    @Test func namesFollowTheDrawnSlots() {
        var list = AnnotationDrawList()
        for slot in Int32(0)..<5 { insert(&list, slot, y: Double(slot) / 10) }
        list.commit()
        list.remove(slot: 1)
        insert(&list, 2, y: 0.9)  // drawn again
        insert(&list, 7, y: 0.5)
        list.remove(slot: 7)      // gone before it was ever committed
        list.commit()
        #expect(list.ids == [0: "pin 0", 2: "pin 2", 3: "pin 3", 4: "pin 4"])
        list.remove(slot: 2)
        insert(&list, 2, y: 0.1)
        list.commit()
        #expect(list.ids[2] == "pin 2" && list.ids.count == 4)
    }

    /// Each group's slot and the names its sprites point at.
    func contents(_ list: AnnotationDrawList) -> [String] {
        list.groups.map { group in
            let names = (group.first..<group.first + group.count).map { list.names[Int(list.sprites[Int($0)].name)] }
            return "\(group.slot):" + names.joined(separator: ",")
        }
    }

    @Test func groupsComeBackToFrontByPriorityThenY() {
        var list = AnnotationDrawList()
        insert(&list, 0, y: 0.5)
        insert(&list, 1, y: 0.2)
        insert(&list, 2, y: 0.1, priority: 1000)
        insert(&list, 3, y: 0.7)
        #expect(list.groups.isEmpty, "nothing shows before the commit")
        list.commit()
        #expect(contents(list) == ["1:img1-0", "0:img0-0", "3:img3-0", "2:img2-0"])
        insert(&list, 4, y: 0.3)
        insert(&list, 5, y: 0.9)
        list.commit()
        #expect(list.groups.map(\.slot) == [1, 4, 0, 3, 5, 2])
    }

    @Test func removingAndRedrawingKeepTheOthers() {
        var list = AnnotationDrawList()
        for slot in Int32(0)..<5 { insert(&list, slot, y: Double(slot) / 10) }
        list.commit()
        list.remove(slot: 1)
        insert(&list, 3, y: 0.95, count: 2)  // drawn again, moved to the front
        list.commit()
        #expect(contents(list) == ["0:img0-0", "2:img2-0", "4:img4-0", "3:img3-0,img3-1"])
    }

    @Test func aGroupRemovedBeforeItsCommitNeverShows() {
        var list = AnnotationDrawList()
        insert(&list, 7, y: 0.1)
        insert(&list, 8, y: 0.2)
        insert(&list, 9, y: 0.3)
        list.remove(slot: 7)
        insert(&list, 8, y: 0.25, count: 3)
        list.commit()
        #expect(contents(list) == ["8:img8-0,img8-1,img8-2", "9:img9-0"])
        #expect(!list.hasPendingChanges)
    }

    @Test func manyRedrawsReclaimTheUnusedSprites() {
        var list = AnnotationDrawList()
        for slot in Int32(0)..<100 { insert(&list, slot, y: Double(slot) / 100) }
        list.commit()
        for round in 0..<200 {
            for slot in Int32(0)..<100 where Int(slot) % 2 == round % 2 { insert(&list, slot, y: Double(slot) / 100) }
            list.commit()
        }
        #expect(list.sprites.count < 100 + 4096 + 100, "old drawings are dropped, not kept forever")
        #expect(contents(list) == (0..<100).map { "\($0):img\($0)-0" })
    }
}
