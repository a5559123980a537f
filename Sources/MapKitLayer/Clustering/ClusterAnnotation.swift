import MapEngine

/// Annotations that crowd one place, shown as one (MapKit's
/// `MKClusterAnnotation`): it stands at its members' centre, its title is
/// the first member's, its subtitle says how many more there are.
///
///     let cluster = ClusterAnnotation(memberAnnotations: crowd)
///     cluster.title       // "Café de Flore"
///     cluster.subtitle    // "41 more"
public final class ClusterAnnotation: Annotation {
    /// The middle of the members.
    public let coordinate: Coordinate
    /// The first member's title.
    public var title: String?
    /// How many more members there are ("41 more").
    public var subtitle: String?
    /// Where the cluster would announce changes (a cluster never changes; a new one replaces it).
    public let changes = AnnotationChanges()
    /// "cluster:" and the first member's identifier, for scene dumps.
    public let identifier: String?
    /// How many annotations it stands for.
    public let memberCount: Int
    private var members: [any Annotation]?
    private let listMembers: () -> [any Annotation]
    private let findTint: (() -> Color)?
    private var majority: Color?

    /// The disc's colour when the members have none of their own: the red of a standard pin.
    nonisolated public static let defaultTint = Color(hex: 0xC5221F)

    /// The annotations it stands for (listed when first asked: a cluster
    /// of 100,000 pins costs nothing until someone looks).
    public var memberAnnotations: [any Annotation] {
        if let members { return members }
        let listed = listMembers()
        members = listed
        return listed
    }

    /// The colour most of its members' pins have, for the default cluster view.
    public var tint: Color {
        if let majority { return majority }
        let found = findTint?() ?? ClusterAnnotation.majorityTint(of: memberAnnotations.lazy.map(\.pinTint))
        majority = found
        return found
    }

    /// A cluster of these annotations, at their centre.
    public convenience init(memberAnnotations: some Collection<any Annotation>) {
        let memberAnnotations = Array(memberAnnotations)
        var x = 0.0, y = 0.0
        let first = memberAnnotations.first.map { WebMercator.project($0.coordinate.wrapped) } ?? Point(x: 0.5, y: 0.5)
        for member in memberAnnotations {
            let p = WebMercator.project(member.coordinate.wrapped)
            // Around the antimeridian, average on the first member's side.
            x += first.x + WebMercator.shortWay(p.x - first.x)
            y += p.y
        }
        let count = Double(max(1, memberAnnotations.count))
        self.init(count: memberAnnotations.count, center: Point(x: x / count, y: y / count),
                  first: memberAnnotations.first, members: { memberAnnotations })
    }

    /// A cluster whose centre is known and whose members are listed when
    /// asked; `tint` finds their majority colour without listing them.
    init(count: Int, center: Point, first: (any Annotation)?, members: @escaping () -> [any Annotation],
         tint: (() -> Color)? = nil) {
        memberCount = count
        coordinate = WebMercator.unproject(center).wrapped
        listMembers = members
        findTint = tint
        title = first?.title ?? nil
        subtitle = count > 1 ? "\(count - 1) more" : nil
        identifier = "cluster:" + (first?.identifier ?? "\(count)")
    }

    /// The colour most members' pins have (red when they say nothing);
    /// a tie goes to the colour met first.
    nonisolated static func majorityTint(of tints: some Sequence<Color?>) -> Color {
        var counts: [Color: Int] = [:]
        var order: [Color] = []
        for case let tint? in tints {
            if counts[tint] == nil { order.append(tint) }
            counts[tint, default: 0] += 1
        }
        var best = ClusterAnnotation.defaultTint, most = 0
        for tint in order where counts[tint]! > most {
            best = tint
            most = counts[tint]!
        }
        return best
    }

    /// How a count reads on a cluster: 7, 42, 999, 1.2k, 15k, 2.5M.
    public static func countText(_ count: Int) -> String {
        switch count {
        case ..<1000: return String(count)
        case ..<10_000: return trimmed(Double(count) / 1000) + "k"
        case ..<1_000_000: return String(count / 1000) + "k"
        default: return trimmed(Double(count) / 1_000_000) + "M"
        }
    }

    private static func trimmed(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.down) / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}

extension Annotation {
    /// The colour its pin reads as in a cluster; nil when it says none.
    var pinTint: Color? {
        guard case .pin(let color)? = (self as? FeatureAnnotation)?.symbol else { return nil }
        return color.displayColor
    }
}
