import Testing
@testable import MapEngine

@Suite struct ClusterIndexTests {
    /// Random points in a box around Europe, from a fixed seed.
    func points(_ count: Int, seed: UInt64, spread: Double = 0.1) -> [Point] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            Point(x: 0.5 + Double.random(in: 0...spread, using: &random),
                  y: 0.3 + Double.random(in: 0...spread, using: &random))
        }
    }

    let world = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Every point's membership at a level: which item holds it.
    func owners(_ index: ClusterIndex, zoom: Int) -> [Int32: ClusterIndex.Item] {
        var owner: [Int32: ClusterIndex.Item] = [:]
        for item in index.items(atZoom: zoom, in: world) {
            switch item {
            case .point(let p): owner[p] = owner[p] == nil ? item : .point(-1)
            case .cluster(let id):
                for p in index.members(of: id) { owner[p] = owner[p] == nil ? item : .point(-1) }
            }
        }
        return owner
    }

    @Test func everyPointIsInExactlyOneItemAtEveryZoomAndCountsAddUp() {
        let points = points(2000, seed: 3)
        let index = ClusterIndex(points: points)
        for zoom in 0...index.options.maxZoom {
            let owner = owners(index, zoom: zoom)
            #expect(owner.count == points.count, "zoom \(zoom): every point somewhere")
            #expect(!owner.values.contains(.point(-1)), "zoom \(zoom): no point twice")
            let items = index.items(atZoom: zoom, in: world)
            #expect(items.reduce(0) { $0 + index.count(of: $1) } == points.count)
            for (p, item) in owner {
                #expect(index.isAlone(p, atZoom: zoom) == (item == .point(p)), "zoom \(zoom) point \(p)")
            }
        }
        #expect(index.items(atZoom: 0, in: world).count < 10, "the whole box is a few clusters at zoom 0")
        #expect(index.items(atZoom: 16, in: world).count > 1900, "and nearly all alone at zoom 16")
    }

    @Test func theSameAsAPlainGreedyGroupingOnSmallSets() {
        for seed in UInt64(1)...20 {
            let points = points(60, seed: seed, spread: 0.02)
            let index = ClusterIndex(points: points, options: .init(radius: 40, maxZoom: 12))
            // The same greedy rule, by brute force: items of the level below, in order.
            // In the order the index takes the points (along its Z-order curve).
            var below: [(members: [Int32], x: Double, y: Double)] = index.order.map { ([$0], points[Int($0)].x, points[Int($0)].y) }
            for zoom in stride(from: 12, through: 0, by: -1) {
                let r = 40 / (256 * Double(1 << zoom))
                var taken = [Bool](repeating: false, count: below.count)
                var level: [(members: [Int32], x: Double, y: Double)] = []
                for i in below.indices where !taken[i] {
                    taken[i] = true
                    var group = [i]
                    for j in below.indices where !taken[j] && abs(below[j].x - below[i].x) <= r && abs(below[j].y - below[i].y) <= r {
                        taken[j] = true
                        group.append(j)
                    }
                    let weight = group.reduce(0.0) { $0 + Double(below[$1].members.count) }
                    level.append((group.flatMap { below[$0].members },
                                  group.reduce(0.0) { $0 + below[$1].x * Double(below[$1].members.count) } / weight,
                                  group.reduce(0.0) { $0 + below[$1].y * Double(below[$1].members.count) } / weight))
                }
                let expected = Set(level.map { Set($0.members) })
                let actual = Set(index.items(atZoom: zoom, in: world).map { item -> Set<Int32> in
                    switch item {
                    case .point(let p): [p]
                    case .cluster(let id): Set(index.members(of: id))
                    }
                })
                #expect(actual == expected, "seed \(seed) zoom \(zoom)")
                below = level
            }
        }
    }

    @Test func aClusterSplitsAtItsSplitZoomAndQueriesStayInTheirRectangle() throws {
        let points = points(500, seed: 9, spread: 0.01)
        let index = ClusterIndex(points: points)
        let top = try #require(index.items(atZoom: 3, in: world).first { if case .cluster = $0 { true } else { false } })
        guard case .cluster(let id) = top else { return }
        let split = index.splitZoom(of: id)
        let members = Set(index.members(of: id))
        let holders = Set(owners(index, zoom: split).filter { members.contains($0.key) }.map(\.value))
        #expect(holders.count > 1, "at zoom \(split) its members are in several items")
        let left = Rect(x: 0.5, y: 0.3, width: 0.005, height: 0.01)
        for item in index.items(atZoom: 14, in: left) {
            let c = index.center(of: item) { points[Int($0)] }
            #expect(c.x >= left.minX && c.x <= left.maxX && c.y >= left.minY && c.y <= left.maxY)
        }
    }

    @Test func pointsWhoseViewsNeverCollideNeverCluster() {
        let index = ClusterIndex(points: points(300, seed: 4), options: .init(collisionMode: .none))
        #expect(index.items(atZoom: 0, in: world).count == 300)
    }
}

/// The deep levels look only at points that have a neighbour near enough:
/// the grouping must come out as if every point were looked at.
@Suite struct ClusterIndexDeepLevelTests {
    @Test func denseCrowdsGroupAsAPlainGreedyGroupingFromTheDeepestLevel() {
        for seed in UInt64(1)...6 {
            var random = SeededGenerator(seed: seed)
            // Tight knots of points (some on the same spot) among scattered ones.
            var points: [Point] = []
            for _ in 0..<8 {
                let cx = 0.5 + Double.random(in: 0...0.0005, using: &random)
                let cy = 0.3 + Double.random(in: 0...0.0005, using: &random)
                for _ in 0..<Int.random(in: 1...25, using: &random) {
                    let d = Double.random(in: 0...1, using: &random) < 0.2 ? 0 : 0.000004
                    points.append(Point(x: cx + Double.random(in: -d...d, using: &random),
                                        y: cy + Double.random(in: -d...d, using: &random)))
                }
            }
            for _ in 0..<100 {
                points.append(Point(x: 0.5 + Double.random(in: 0...0.001, using: &random),
                                    y: 0.3 + Double.random(in: 0...0.001, using: &random)))
            }
            for mode in [CollisionMode.rectangle, .circle] {
                let index = ClusterIndex(points: points, options: .init(radius: 40, maxZoom: 16, collisionMode: mode))
                var below: [(members: Set<Int32>, x: Double, y: Double)] = index.order.map { ([$0], points[Int($0)].x, points[Int($0)].y) }
                for zoom in stride(from: 16, through: 0, by: -1) {
                    let r = 40 / (256 * Double(1 << zoom))
                    func meets(_ a: Int, _ b: Int) -> Bool {
                        let dx = below[a].x - below[b].x, dy = below[a].y - below[b].y
                        return mode == .circle ? dx * dx + dy * dy <= r * r : abs(dx) <= r && abs(dy) <= r
                    }
                    var taken = [Bool](repeating: false, count: below.count)
                    var level: [(members: Set<Int32>, x: Double, y: Double)] = []
                    for i in below.indices where !taken[i] {
                        taken[i] = true
                        var group = [i]
                        for j in below.indices where !taken[j] && meets(i, j) {
                            taken[j] = true
                            group.append(j)
                        }
                        var weight = 0.0, x = 0.0, y = 0.0
                        for k in group {
                            let w = Double(below[k].members.count)
                            weight += w
                            x += below[k].x * w
                            y += below[k].y * w
                        }
                        level.append((group.reduce(into: Set<Int32>()) { $0.formUnion(below[$1].members) }, x / weight, y / weight))
                    }
                    let actual = Set(index.items(atZoom: zoom, in: Rect(x: 0, y: 0, width: 1, height: 1)).map { item -> Set<Int32> in
                        switch item {
                        case .point(let p): [p]
                        case .cluster(let id): Set(index.members(of: id))
                        }
                    })
                    #expect(actual == Set(level.map(\.members)), "seed \(seed) \(mode) zoom \(zoom)")
                    below = level
                }
            }
        }
    }
}

/// Crowds at one place and across the antimeridian.
@Suite struct ClusterIndexEdgeCaseTests {
    let world = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The sets of points each item of a level holds.
    func groups(_ index: ClusterIndex, zoom: Int) -> Set<Set<Int32>> {
        Set(index.items(atZoom: zoom, in: world).map { item -> Set<Int32> in
            switch item {
            case .point(let p): [p]
            case .cluster(let id): Set(index.members(of: id))
            }
        })
    }

    @Test func pointsStackedAtOnePlaceAreOneClusterAtEveryLevel() {
        // 20,000 on one spot (their search once walked the whole crowd for
        // each of them), and a few far away, alone from zoom 3 down.
        var points = [Point](repeating: Point(x: 0.51, y: 0.34), count: 20_000)
        points += (0..<5).map { Point(x: 0.1 + Double($0) * 0.05, y: 0.7) }
        let index = ClusterIndex(points: points)
        for zoom in 3...index.options.maxZoom {
            let levels = groups(index, zoom: zoom)
            #expect(levels.contains(Set(0..<20_000)), "zoom \(zoom): the crowd is one cluster")
            #expect(levels.count == 6, "zoom \(zoom): and the others stand alone")
        }
        #expect(!index.isAlone(12_345, atZoom: index.options.maxZoom))
        #expect(index.isAlone(12_345, atZoom: index.options.maxZoom + 1))
    }

    /// Unit x of a longitude.
    func x(_ longitude: Double) -> Double { (longitude + 180) / 360 }

    @Test func pointsAcrossTheAntimeridianClusterLikePointsAtGreenwich() throws {
        let y = 0.47
        let across = [x(179.99999), x(180), x(-179.99999)].map { Point(x: $0, y: y) }
        let greenwich = [x(0.00001), x(0), x(-0.00001)].map { Point(x: $0, y: y) }
        for points in [across, greenwich] {
            let index = ClusterIndex(points: points)
            for zoom in 0...index.options.maxZoom {
                #expect(groups(index, zoom: zoom) == [[0, 1, 2]], "zoom \(zoom): \(points[0].x)")
                for p in Int32(0)...2 { #expect(!index.isAlone(p, atZoom: zoom)) }
            }
            let top = try #require(index.items(atZoom: 16, in: world).first)
            guard case .cluster(let id) = top else { Issue.record("not a cluster"); continue }
            let center = index.cluster(id).center
            #expect(center.x >= 0 && center.x < 1)
            #expect(abs(WebMercator.shortWay(center.x - points[1].x)) < 1e-7, "centred on them, not mid-world: \(center)")
        }
    }

    @Test func pointsJustEitherSideOfTheAntimeridianMeetOnlyWithinTheRadius() {
        // 40 points at zoom 16 is about 0.000_000_6 of the world: two points
        // that far apart across the seam merge at 16, two ten times as far do not.
        let r = 40.0 / (256 * Double(1 << 16))
        let near = ClusterIndex(points: [Point(x: 1 - 0.3 * r, y: 0.5), Point(x: 0.3 * r, y: 0.5)])
        #expect(!near.isAlone(0, atZoom: 16))
        let far = ClusterIndex(points: [Point(x: 1 - 5 * r, y: 0.5), Point(x: 5 * r, y: 0.5)])
        #expect(far.isAlone(0, atZoom: 16) && far.isAlone(1, atZoom: 16))
        #expect(!far.isAlone(0, atZoom: 12), "but they do a few levels up")
    }
}
