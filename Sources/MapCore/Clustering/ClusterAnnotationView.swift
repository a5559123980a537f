/// The default look of a cluster: a disc in its members' majority colour
/// with a white ring and the count inside, in three sizes by count. It
/// draws no image: the map adds the disc and the count to the scene above
/// the pins (`commands(at:scale:metrics:)`), so the count is real text at
/// every scale.
public final class ClusterAnnotationView: AnnotationView {
    public static let reuseIdentifier = "pinmap.cluster"
    static let font = FontSpec(size: 13, weight: .bold)
    static let ringColor = Color(hex: 0xFFFFFF)
    static let textColor = Color(hex: 0xFFFFFF)

    public init(annotation: ClusterAnnotation) {
        super.init(annotation: annotation, reuseIdentifier: ClusterAnnotationView.reuseIdentifier)
        fit()
    }

    public override var annotation: (any Annotation)? {
        didSet { fit() }
    }

    /// 30, 38 or 46 points across for fewer than 10, 100, or more members.
    public static func diameter(forCount count: Int) -> Double {
        count < 10 ? 30 : count < 100 ? 38 : 46
    }

    private func fit() {
        let count = (annotation as? ClusterAnnotation)?.memberCount ?? 0
        let side = ClusterAnnotationView.diameter(forCount: count)
        size = Size(width: side, height: side)
        canShowCallout = false
        zPriority = ZPriority(ZPriority.defaultUnselected.value + 100)
    }

    /// Only the disc takes clicks, not the corners of its frame.
    public override func hitTest(_ point: Point) -> Bool {
        (point - Point(x: size.width / 2, y: size.height / 2)).length <= size.width / 2
    }

    /// The disc and the count, centred on `center` (screen pixels).
    func commands(at center: Point, scale: Double, metrics: TextMeasuring) -> [DrawCommand] {
        guard let cluster = annotation as? ClusterAnnotation else { return [] }
        let radius = size.width / 2 * scale
        var commands: [DrawCommand] = [
            .shape(.disc(center, radius, ClusterAnnotationView.ringColor, feather: 1, role: "cluster-ring")),
            .shape(.disc(center, radius - 3 * scale, cluster.tint, feather: 1, role: "cluster")),
        ]
        let text = ClusterAnnotation.countText(cluster.memberCount)
        let font = FontSpec(size: ClusterAnnotationView.font.size * scale, weight: .bold)
        let measured = metrics.size(of: text, font: font)
        let rect = Rect(x: (center.x - measured.width / 2).rounded(), y: (center.y - measured.height / 2).rounded(),
                        width: measured.width, height: measured.height)
        commands.append(.text(TextDraw(text: text, font: font, color: ClusterAnnotationView.textColor, rect: rect)))
        return commands
    }
}
