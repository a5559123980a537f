import Testing
@testable import MapEngine

/// Labels that stood keep their place as the map moves a little: against
/// labels of their own rank, and against padding, but not against a label
/// of a higher rank.
@Suite struct StandingLabelTests {
    typealias Fixture = LabelPlacementTests

    func candidate(_ text: String, at point: Point, feature: Int, layer: Int = 0,
                   look: LabelLook = LabelLook(size: 16, padding: 2)) -> LabelCandidate {
        LabelCandidate(text: text, tile: Fixture.tile, styleZoom: 9, placement: .point(point), layer: "layer\(layer)", look: look,
                       priority: LabelPriority(layerIndex: layer, featureIndex: feature))
    }

    func place(_ candidates: [LabelCandidate], shown: Set<LabelKey> = []) -> [String] {
        var placer = LabelPlacer(camera: Fixture.camera(), scale: 1, metrics: FixedLabelMetrics())
        return placer.place(ordered: LabelPlacer.inPriorityOrder(candidates), shown: shown).map(\.key.text)
    }

    func key(of candidate: LabelCandidate) throws -> LabelKey {
        var placer = LabelPlacer(camera: Fixture.camera(), scale: 1, metrics: FixedLabelMetrics())
        return try #require(placer.place([candidate]).first?.key)
    }

    @Test func aLabelThatStoodKeepsItsPlaceAgainstOneOfItsRank() throws {
        let winterthur = candidate("Winterthur", at: Point(x: 128, y: 128), feature: 2)
        let zurich = candidate("Zurich", at: Point(x: 130, y: 130), feature: 1)
        #expect(place([winterthur, zurich]) == ["Zurich"], "from nothing, feature order decides")
        #expect(place([winterthur, zurich], shown: [try key(of: winterthur)]) == ["Winterthur"])
    }

    @Test func aLabelOfAHigherRankStillWinsItsRoom() throws {
        let winterthur = candidate("Winterthur", at: Point(x: 128, y: 128), feature: 1, layer: 0)
        let zurich = candidate("Zurich", at: Point(x: 130, y: 130), feature: 2, layer: 1)
        #expect(place([winterthur, zurich], shown: [try key(of: winterthur)]) == ["Zurich"], "the upper layer's label is placed first")
    }

    @Test func paddingIsAskedOnlyOfNewcomers() throws {
        // 22 px apart, 19 px high: 3 px between the texts, less than the two paddings of 2 px.
        let upper = candidate("Aaaa", at: Point(x: 128, y: 100), feature: 1, layer: 1)
        let lower = candidate("Bbbb", at: Point(x: 128, y: 122), feature: 1, layer: 0)
        #expect(place([upper, lower]) == ["Aaaa"], "a newcomer keeps its padding clear")
        #expect(place([upper, lower], shown: [try key(of: lower)]) == ["Aaaa", "Bbbb"], "one that stood needs only its text's room")
        let touching = candidate("Bbbb", at: Point(x: 128, y: 110), feature: 1, layer: 0)
        #expect(place([upper, touching], shown: [try key(of: touching)]) == ["Aaaa"], "but never overlaps another's text")
    }
}
