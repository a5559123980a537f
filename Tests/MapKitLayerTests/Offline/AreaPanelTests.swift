import Testing
@testable import MapEngine
@testable import MapKitLayer

/// "Download this area for offline use" in the window: the menu's item and
/// Ctrl+D open a card over an outline of the area the view frames; it counts
/// the tiles and the size before anything is fetched, refuses an area over
/// the cap, and reports what the user asks for the app to do.
@Suite @MainActor struct AreaPanelTests {
    /// A map of Vaduz at zoom 12 whose app downloads areas.
    func makeMap(cap: Int = AreaPlan.mostTiles) -> MapController {
        let map = makeAnnotationMap(center: Coordinate(latitude: 47.14, longitude: 9.52), zoom: 12, size: Size(width: 800, height: 600))
        map.offersAreaDownload = true
        map.areaTileCap = cap
        return map
    }

    func press(_ part: AreaPanel.Part, on map: MapController, at time: Double = 1) throws -> [MapAction] {
        let panel = try #require(map.areaPanel)
        let rect = panel.layout(viewport: map.camera.viewportSize, scale: map.displayScale).rect(of: part)
        #expect(rect.width > 0, "the card has \(part)")
        map.handle(.pointer(PointerEvent(phase: .down, location: rect.center, button: .left)), at: time)
        return map.handle(.pointer(PointerEvent(phase: .up, location: rect.center, button: .left)), at: time + 0.05)
    }

    func texts(_ map: MapController) -> [String] {
        FrameComposer.scene(of: map, at: 2, tiles: NoTiles(), text: FixedMetrics()).commands.compactMap {
            if case .text(let text) = $0 { text.text } else { nil }
        }
    }

    @Test func theMenuAndCtrlDOpenTheCardOnlyWhereTheAppDownloadsAreas() throws {
        let plain = makeAnnotationMap()
        plain.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        #expect(plain.areaPanel == nil, "an app without area downloads offers none")
        ContextMenuTests.rightClick(plain, at: Point(x: 300, y: 250))
        #expect(!(try #require(plain.chrome.menu)).items.contains(.downloadArea))

        let map = makeMap()
        ContextMenuTests.rightClick(map, at: Point(x: 300, y: 250))
        let actions = try ContextMenuTests.choose(.downloadArea, on: map)
        #expect(actions == [.showAreas], "the app is asked for the list of areas")
        #expect(map.showsAreaPanel && map.chrome.menu == nil)
        #expect(map.areaPanel?.zooms == 12...14, "from the view's zoom to the street tiles' deepest")
        map.handle(.key(KeyPress("escape")), at: 2)
        #expect(!map.showsAreaPanel && map.areaPanel == nil, "Escape closes it")
        let again = map.handle(.key(KeyPress("d", modifiers: .control)), at: 3)
        #expect(again == [.showAreas] && map.showsAreaPanel, "Ctrl+D opens it")
    }

    @Test func theCardCountsTheTilesOfTheOutlinedViewAndItsZoomsStep() throws {
        let map = makeMap()
        map.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        let panel = try #require(map.areaPanel)
        guard case .success(let plan) = panel.plan(camera: map.camera, scale: 1) else { Issue.record("no plan"); return }
        #expect(plan.covers(map.camera.centerCoordinate), "the outline is around the view's middle")
        #expect(plan.west > map.camera.coordinate(at: Point(x: 0, y: 300)).longitude, "inside a margin")
        #expect(texts(map).contains("\(grouped(plan.tileCount)) tiles · about \(panel.megabytes(plan.estimatedBytes))"))
        _ = try press(.fromMore, on: map)
        _ = try press(.toLess, on: map, at: 2)
        #expect(map.areaPanel?.zooms == 13...13)
        _ = try press(.toLess, on: map, at: 3)
        #expect(map.areaPanel?.zooms == 13...13, "the deep end stays at or below the shallow one")
        for step in 0..<4 { _ = try press(.fromLess, on: map, at: 4 + Double(step)) }
        #expect(map.areaPanel?.zooms == 9...13)
    }

    @Test func downloadReportsTheOutlinedPlanAndAnAreaOverTheCapIsRefused() throws {
        let map = makeMap()
        map.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        guard case .success(let plan) = try #require(map.areaPanel).plan(camera: map.camera, scale: 1) else { return }
        #expect(try press(.download, on: map) == [.downloadArea(plan)])
        #expect(map.handle(.key(KeyPress("return")), at: 2) == [.downloadArea(plan)], "Enter downloads too")

        let capped = makeMap(cap: 10)
        capped.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        #expect(try press(.download, on: capped).isEmpty, "over the cap: nothing is fetched")
        #expect(texts(capped).contains { $0.contains("over the cap of 10") })
    }

    @Test func whileDownloadingStopIsOfferedAndTheCardClosedKeepsItsProgress() throws {
        let map = makeMap()
        map.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        map.areaPanel?.areas = [AreaPanel.Listed(name: "Vaduz", detail: "zooms 12–14 · 1.2 MB")]
        #expect(try press(.update("Vaduz"), on: map) == [.updateArea("Vaduz")])
        #expect(try press(.delete("Vaduz"), on: map, at: 2) == [.deleteArea("Vaduz")])
        var progress = AreaProgress(total: 100)
        progress.fetched = 40
        progress.bytes = 600_000
        map.areaPanel?.stage = .downloading(name: "Vaduz", progress: progress)
        #expect(texts(map).contains { $0.hasPrefix("40 of 100 tiles · 600 KB") })
        #expect(try press(.stop, on: map, at: 3) == [.stopAreaDownload])
        #expect(try press(.update("Vaduz"), on: map, at: 4).isEmpty, "one download at a time")
        map.handle(.key(KeyPress("escape")), at: 5)
        #expect(!map.showsAreaPanel && map.areaPanel?.isDownloading == true, "closed, the download goes on")
        map.handle(.key(KeyPress("d", modifiers: .control)), at: 6)
        #expect(map.showsAreaPanel && map.areaPanel?.isDownloading == true, "reopened, it shows how far it is")
    }

    /// On a tablet: a long press opens the menu, and a finger's tap works each of the card's buttons.
    @Test func aFingerWorksTheCard() throws {
        let map = makeMap()
        map.handle(.key(KeyPress("d", modifiers: .control)), at: 0)
        func tap(_ part: AreaPanel.Part, at time: Double) throws -> [MapAction] {
            let rect = try #require(map.areaPanel).layout(viewport: map.camera.viewportSize, scale: 1).rect(of: part)
            map.handle(.pointer(PointerEvent(phase: .down, location: rect.center, kind: .touch, id: 7)), at: time)
            return map.handle(.pointer(PointerEvent(phase: .up, location: rect.center, kind: .touch, id: 7)), at: time + 0.08)
        }
        _ = try tap(.toLess, at: 1)
        #expect(map.areaPanel?.zooms == 12...13)
        guard case .success(let plan) = try #require(map.areaPanel).plan(camera: map.camera, scale: 1) else { return }
        #expect(try tap(.download, at: 2) == [.downloadArea(plan)])
        _ = try tap(.close, at: 3)
        #expect(!map.showsAreaPanel)
    }
}
