import MapEngine

/// The default look of a cluster: a disc in its members' majority colour
/// with a white ring and the count inside, in three sizes by count. The
/// disc is two images (the ring, and the inside tinted); the map adds the
/// count above the pins as real text (`commands(at:scale:metrics:)`), sharp
/// at every scale.
///
///     func mapView(_ map: MapController, viewFor annotation: any Annotation) -> AnnotationView? {
///         guard let cluster = annotation as? ClusterAnnotation else { return nil }
///         return ClusterAnnotationView(annotation: cluster)   // or a view of your own
///     }
public final class ClusterAnnotationView: AnnotationView {
    /// The identifier cluster views are reused under.
    public static let reuseIdentifier = "pinmap.cluster"
    static let font = FontSpec(size: 13, weight: .bold)
    static let textColor = Color(hex: 0xFFFFFF)
    /// The legs of a fanned-out cluster.
    static let legColor = Color(hex: 0x3C4043, alpha8: 160)

    /// The standard disc for `cluster`.
    public init(annotation: ClusterAnnotation) {
        super.init(annotation: annotation, reuseIdentifier: ClusterAnnotationView.reuseIdentifier)
        fit()
    }

    /// The cluster shown; setting it resizes the disc to the new count.
    public override var annotation: (any Annotation)? {
        didSet { fit() }
    }

    /// 30, 38 or 46 points across for fewer than 10, 100, or more members.
    public static func diameter(forCount count: Int) -> Double {
        BuiltInImages.clusterDiameters[count < 10 ? 0 : count < 100 ? 1 : 2]
    }

    private func fit() {
        let count = (annotation as? ClusterAnnotation)?.memberCount ?? 0
        let side = ClusterAnnotationView.diameter(forCount: count)
        size = Size(width: side, height: side)
        canShowCallout = false
        zPriority = ZPriority(ZPriority.defaultUnselected.value + 100)
        setNeedsDisplay()
    }

    /// The disc: its ring, then its inside in the members' colour.
    public override func draw(into canvas: inout AnnotationCanvas, at now: Double) {
        guard let cluster = annotation as? ClusterAnnotation else { return }
        canvas.draw(BuiltInImages.cluster(fill: false, diameter: size.width), role: "cluster-ring")
        canvas.draw(BuiltInImages.cluster(fill: true, diameter: size.width), tint: cluster.tint, role: "cluster")
    }

    /// Only the disc takes clicks, not the corners of its frame.
    public override func hitTest(_ point: Point) -> Bool {
        (point - Point(x: size.width / 2, y: size.height / 2)).length <= size.width / 2
    }

    /// The count, centred on `center` (screen pixels), as real text.
    func commands(at center: Point, scale: Double, metrics: TextMeasuring) -> [DrawCommand] {
        guard let cluster = annotation as? ClusterAnnotation else { return [] }
        let text = ClusterAnnotation.countText(cluster.memberCount)
        let font = FontSpec(size: ClusterAnnotationView.font.size * scale, weight: .bold)
        let measured = metrics.size(of: text, font: font)
        let rect = Rect(x: (center.x - measured.width / 2).rounded(), y: (center.y - measured.height / 2).rounded(),
                        width: measured.width, height: measured.height)
        return [.text(TextDraw(text: text, font: font, color: ClusterAnnotationView.textColor, rect: rect))]
    }
}
