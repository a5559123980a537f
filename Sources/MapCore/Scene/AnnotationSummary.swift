/// One annotation as a scene dump shows it.
@_spi(PinmapApp)
public struct AnnotationSummary: Equatable, Sendable {
    public var id: String
    public var coordinate: Coordinate
    public var selected: Bool
    public var dragState: DragState
    /// For a cluster: how many annotations it stands for, and the ids of the first 20.
    public var count: Int?
    public var members: [String]?
    /// How many member ids a cluster's summary lists.
    public static let listedMembers = 20

    public init(id: String, coordinate: Coordinate, selected: Bool, dragState: DragState) {
        self.id = id
        self.coordinate = coordinate
        self.selected = selected
        self.dragState = dragState
    }
}
