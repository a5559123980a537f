import Dispatch
import MapEngine

/// Clusters on the map. Annotations with a clustering identifier are
/// grouped by it, each group in a `ClusterIndex`, rebuilt when such an
/// annotation is added, removed or comes to rest somewhere new (never while
/// one is carried: a dropped pin joins its neighbours after the drop). At
/// each frame the clusters of the current whole zoom that stand in view are
/// on the map as `ClusterAnnotation`s, and their members show no view.
///
///     presenter.markStale()                                  // an annotation came or went
///     presenter.update(camera: camera, scale: 1, canRebuild: true, now: now) { map.removeFromMap($0) }
@MainActor
final class ClusterPresenter {
    private unowned let layer: AnnotationLayer

    /// Clusters the layer's annotations and hides their members' views.
    init(layer: AnnotationLayer) {
        self.layer = layer
        spider = ClusterSpider(layer: layer)
        layer.isHidden = { [unowned self] slot in isHidden(slot) }
        isClustered = { [unowned layer] slot in
            let annotation = layer.store.annotation(slot)
            return annotation.clusteringIdentifier != nil && annotation.givesWay
        }
    }

    /// Brings the clusters up to the camera before a frame: clusters come
    /// and go (`remove` takes one off the map, deselecting it first), and
    /// members of a cluster that split fly out of its centre, those that
    /// merged fly into it.
    func update(camera: Camera, scale: Double, canRebuild: Bool, now: Double,
                remove: (ClusterAnnotation) -> Void) {
        let change = changes(camera: camera, scale: scale, canRebuild: canRebuild, now: now)
        for cluster in change.remove { remove(cluster) }
        for cluster in change.add { layer.add(cluster) }
        var flights = change.flyingSlots
        for (cluster, from) in change.flyingClusters {
            if let slot = layer.store.slot(of: cluster) { flights[slot] = from }
        }
        if !flights.isEmpty { layer.fly(flights, at: now) }
        if !change.landingSlots.isEmpty { layer.land(change.landingSlots, at: now) }
    }

    /// What a click on a cluster does: the zoom to glide to, where it
    /// comes apart (one level in at least), or nil when it fanned out
    /// instead, its members staying together even at the deepest zoom.
    func tapped(_ cluster: ClusterAnnotation, camera: Camera, scale: Double) -> Double? {
        let members = memberSlots(of: cluster)
        if spider.staysTogether(members) {
            spider.fanOut(cluster, members: members, level: level, camera: camera, scale: scale)
            return nil
        }
        let split = Double(splitZoom(of: cluster) ?? Int(camera.zoom.rounded(.down)) + 1)
        return max(split, camera.zoom.rounded(.down) + 1)
    }

    /// How close two views must come to merge, in points (MapKit's pins
    /// are about this wide).
    nonisolated static let radius = 40.0

    /// A cluster on the map: its group (by position in `groups`) and its id there.
    struct Key: Hashable {
        let group: Int32
        let id: Int32
    }

    /// The group of annotations that hide rather than cluster.
    static let hidingGroup = "\u{1}hides"

    /// A finished build, handed from the building thread.
    private struct Build: Sendable {
        var groups: [ClusterGroup]
        var membership: [Member]
        let scale: Double
    }

    /// Where a slot's annotation is in the indexes: its group (-1: none,
    /// it does not cluster) and its point there. One entry per store slot,
    /// so asking costs an array read.
    private struct Member: Sendable {
        static let none = Member(group: -1, point: 0)
        let group: Int32
        let point: Int32
    }

    private var groups: [ClusterGroup] = []
    private var membership: [Member] = []

    private func member(_ slot: Int32) -> Member? {
        guard Int(slot) < membership.count, membership[Int(slot)].group >= 0 else { return nil }
        return membership[Int(slot)]
    }

    private func group(_ key: Key) -> ClusterGroup? { groups.indices.contains(Int(key.group)) ? groups[Int(key.group)] : nil }
    private var stale = false
    private var builtScale = 0.0
    /// Build the indexes on another thread (the window: the first frame
    /// never waits); headless runs build them in line, so every frame is
    /// the same whatever the machine's speed.
    var buildsInBackground = false
    private let builds = Mailbox<Build>()
    /// True while a build runs on another thread.
    private(set) var isBuilding = false
    /// Tells whether an annotation clusters, for hiding clustered pins while
    /// the first build runs.
    var isClustered: ((Int32) -> Bool)?
    /// Asks for a cluster annotation of one's own (the map's delegate); nil
    /// makes the standard one.
    var makeCluster: ((_ members: ClusterMembers) -> ClusterAnnotation?)?
    /// The whole zoom whose clusters show; -1 before the first update.
    private(set) var level = -1
    private(set) var shown: [Key: ClusterAnnotation] = [:]

    /// A cluster that never comes apart, fanned out.
    let spider: ClusterSpider

    func markStale() {
        stale = true
    }

    /// True when an annotation in a cluster shows no view at the current level.
    func isHidden(_ slot: Int32) -> Bool {
        if !landing.isEmpty, landing[slot] != nil { return false }
        if let shows = spider.shows(slot) { return !shows }
        guard level >= 0, let member = member(slot) else {
            // Until the first index is there, pins that will cluster wait unseen.
            return isBuilding && groups.isEmpty && isClustered?(slot) == true
        }
        // Read in place: asked for every pin a frame shows, this copies no group.
        let number = Int(member.group)
        guard level <= groups[number].index.options.maxZoom else { return false }
        return groups[number].hides ? !groups[number].index.leads(member.point, atZoom: level)
            : !groups[number].index.isAlone(member.point, atZoom: level)
    }

    /// The key of a cluster on the map.
    func key(of cluster: ClusterAnnotation) -> Key? {
        shown.first { $0.value === cluster }?.key
    }

    /// The slots of a cluster's members.
    func memberSlots(of cluster: ClusterAnnotation) -> [Int32] {
        guard let key = key(of: cluster), let group = group(key) else { return [] }
        return group.index.members(of: key.id).map { group.slots[Int($0)] }
    }

    /// The zoom at which a cluster on the map comes apart, or nil past the
    /// deepest clustering level (its members stand together).
    func splitZoom(of cluster: ClusterAnnotation) -> Int? {
        guard let key = key(of: cluster), let group = group(key) else { return nil }
        let zoom = group.index.splitZoom(of: key.id)
        return zoom <= group.index.options.maxZoom + 1 ? zoom : nil
    }

    /// What the map must do after an update: cluster annotations to add
    /// and to take off, and what flies out of the clusters that split
    /// (new clusters, and pins now alone) from where their cluster stood.
    struct Change {
        var add: [ClusterAnnotation] = []
        var remove: [ClusterAnnotation] = []
        var flyingClusters: [(ClusterAnnotation, Point)] = []
        var flyingSlots: [Int32: Point] = [:]
        /// Pins that merged into a cluster, and where they fly into it.
        var landingSlots: [Int32: Point] = [:]
    }

    /// Pins flying into a cluster that formed: they show until this time.
    private var landing: [Int32: Double] = [:]

    /// Splits animate only while this few pins are in the clusters on screen.
    static let animatedMembersLimit = 20_000

    /// Brings the clusters up to the camera.
    @MainActor
    private func changes(camera: Camera, scale: Double, canRebuild: Bool, now: Double) -> Change {
        let landed = landing.filter { $0.value <= now }
        if !landed.isEmpty {
            for slot in landed.keys { landing[slot] = nil }
            layer.refreshVisibility()
        }
        var change = Change()
        var removed: [ClusterAnnotation] = []
        if let build = builds.takeAll().last {
            isBuilding = false
            removed = install(build)
        }
        if (stale || scale != builtScale) && canRebuild && !isBuilding {
            let snapshot = ClusterPresenter.snapshot(of: layer.store)
            stale = false
            builtScale = scale
            if buildsInBackground {
                isBuilding = true
                let mailbox = builds
                DispatchQueue.global(qos: .userInitiated).async {
                    mailbox.post(ClusterPresenter.build(snapshot, scale: scale))
                }
                if groups.isEmpty { layer.refreshVisibility() }  // hide the pins that will cluster
            } else {
                removed += install(ClusterPresenter.build(snapshot, scale: scale))
            }
        }
        change.remove = removed
        guard !groups.isEmpty else { return change }
        let zoom = Int(camera.zoom.rounded(.down))
        var departures: [Int32: Point] = [:]
        var arrivals: Set<Int32> = []
        if zoom != level {
            if zoom > level && level >= 0 { departures = departurePoints() }
            if zoom < level && level >= 0 { arrivals = livePins() }
            level = zoom
            layer.refreshVisibility()
        }
        spider.foldIfStale(level: level) { cluster in shown.values.contains { $0 === cluster } }
        var wanted = Set<Key>()
        let region = AnnotationLayer.region(camera: camera, scale: scale)
        for (number, group) in groups.enumerated() where !group.hides {
            for piece in region.worldPieces {
                for case .cluster(let id) in group.index.items(atZoom: level, in: piece) {
                    wanted.insert(Key(group: Int32(number), id: id))
                }
            }
        }
        for (key, cluster) in shown where !wanted.contains(key) {
            change.remove.append(cluster)
            shown[key] = nil
        }
        for key in wanted.sorted(by: { ($0.group, $0.id) < ($1.group, $1.id) }) where shown[key] == nil {
            guard let group = group(key) else { continue }
            let index = group.index, slots = group.slots
            let info = index.cluster(key.id)
            // The layer, not a copy of its store: a copy kept by the clusters
            // made the store's next change copy all its tables (70 MB at a
            // million pins).
            let members: () -> [any Annotation] = { [weak layer] in
                guard let layer else { return [] }
                return index.members(of: key.id).compactMap { layer.store.annotations[Int(slots[Int($0)])] }
            }
            let cluster = makeCluster?(ClusterMembers(list: members)) ?? ClusterAnnotation(
                count: info.count, center: info.center,
                first: layer.store.annotation(slots[Int(index.firstMember(of: key.id))]), members: members,
                tint: { group.majorityTint(of: key.id) })
            shown[key] = cluster
            change.add.append(cluster)
            if let from = departures[group.slots[Int(index.firstMember(of: key.id))]] {
                change.flyingClusters.append((cluster, from))
            }
        }
        for (slot, from) in departures where !isHidden(slot) { change.flyingSlots[slot] = from }
        if !arrivals.isEmpty { change.landingSlots = landingPoints(of: arrivals, now: now) }
        return change
    }

    /// The clustered pins that show alone now, before a zoom out merges them.
    private func livePins() -> Set<Int32> {
        var pins: Set<Int32> = []
        for view in layer.liveViews where view.slot >= 0 && member(view.slot) != nil && !isHidden(view.slot) {
            pins.insert(view.slot)
            if pins.count > ClusterPresenter.animatedMembersLimit { return [] }
        }
        return pins
    }

    /// Where each pin that just merged flies: its new cluster's centre; it
    /// shows until it gets there.
    private func landingPoints(of pins: Set<Int32>, now: Double) -> [Int32: Point] {
        var points: [Int32: Point] = [:]
        for (key, _) in shown {
            guard let group = group(key) else { continue }
            let center = group.index.cluster(key.id).center
            for point in group.index.members(of: key.id) {
                let slot = group.slots[Int(point)]
                if pins.contains(slot) { points[slot] = center }
            }
        }
        for slot in points.keys { landing[slot] = now + AnnotationLayer.flightDuration }
        return points
    }

    /// Where each member of the clusters on the map stands now (its
    /// cluster's centre), before a zoom in splits them.
    private func departurePoints() -> [Int32: Point] {
        var points: [Int32: Point] = [:]
        var total = 0
        for (key, cluster) in shown {
            total += cluster.memberCount
            guard total <= ClusterPresenter.animatedMembersLimit else { return [:] }
            guard let group = group(key) else { continue }
            let center = group.index.cluster(key.id).center
            for point in group.index.members(of: key.id) { points[group.slots[Int(point)]] = center }
        }
        return points
    }

    /// The counts of the clusters on screen, above the pins.
    func countCommands(camera: Camera, scale: Double, text: TextMeasuring) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let screen = Rect(origin: .zero, size: camera.viewportSize)
        // Where the world repeats across the screen, each copy's clusters show their counts.
        let copies = Int((camera.viewportSize.width / 2 / camera.worldSize).rounded(.up)) + 1
        for cluster in shown.values.sorted(by: { ($0.identifier ?? "") < ($1.identifier ?? "") }) {
            guard let view = layer.view(for: cluster) as? ClusterAnnotationView else { continue }
            let frame = layer.frame(of: view, camera: camera, scale: scale)
            for copy in -copies...copies {
                let shifted = frame.offsetBy(Point(x: Double(copy) * camera.worldSize, y: 0))
                guard shifted.intersects(screen) else { continue }
                commands += view.commands(at: shifted.center, scale: scale, metrics: text)
            }
        }
        return commands
    }

    /// Takes a finished build in: the old clusters leave the map.
    private func install(_ build: Build) -> [ClusterAnnotation] {
        spider.fold()
        groups = build.groups
        membership = build.membership
        let removed = Array(shown.values)
        shown.removeAll()
        level = -1
        layer.refreshVisibility()
        return removed
    }

    /// The annotations that cluster, by identifier (groups in the order
    /// their first member was added), with their slots and places.
    private static func snapshot(of store: AnnotationStore) -> Build {
        var groups: [ClusterGroup] = []
        var numbers: [String: Int] = [:]
        var membership = [Member](repeating: .none, count: store.annotations.count)
        for slot in store.slotsInAddingOrder {
            guard let annotation = store.annotations[Int(slot)], annotation.givesWay,
                  !(annotation is ClusterAnnotation) else { continue }
            let name = annotation.clusteringIdentifier ?? hidingGroup
            let number = numbers[name] ?? {
                groups.append(ClusterGroup(name: name, hides: annotation.clusteringIdentifier == nil,
                                    mode: annotation.collisionMode))
                numbers[name] = groups.count - 1
                return groups.count - 1
            }()
            membership[Int(slot)] = Member(group: Int32(number), point: Int32(groups[number].slots.count))
            groups[number].slots.append(slot)
            groups[number].points.append(store.world(slot))
            groups[number].priorities.append(annotation.displayPriority.rawValue)
            groups[number].tints.append(groups[number].code(of: annotation.pinTint))
        }
        for number in groups.indices {
            // Kept while the map shows the pins; the rest goes to the index.
            groups[number].slots = groups[number].slots.exactCapacityCopy()
            groups[number].tints = groups[number].tints.exactCapacityCopy()
        }
        return Build(groups: groups, membership: membership, scale: 0)
    }

    /// Builds the index of every group (on any thread).
    nonisolated private static func build(_ snapshot: Build, scale: Double) -> Build {
        var built = snapshot
        for number in built.groups.indices {
            let group = built.groups[number]
            built.groups[number].index = ClusterIndex(
                points: group.points, priorities: group.priorities,
                options: ClusterIndex.Options(radius: radius * scale, collisionMode: group.mode))
            // The index holds the places now.
            built.groups[number].points = []
            built.groups[number].priorities = []
            built.groups[number].codes = [:]
        }
        return Build(groups: built.groups, membership: built.membership, scale: scale)
    }
}

@MainActor
extension Annotation {
    /// True when it takes part in crowding: it clusters or hides where it
    /// collides. `required` ones and those that never collide always show.
    var givesWay: Bool {
        displayPriority < .required && collisionMode != .none
    }
}

extension PinColor {
    /// The colour a pin of this kind reads as, for clusters of them.
    public var displayColor: Color {
        switch self {
        case .red: Color(hex: 0xC5221F)
        case .green: Color(hex: 0x188038)
        case .purple: Color(hex: 0x7B3FB8)
        case .tint(let color): color
        }
    }
}
