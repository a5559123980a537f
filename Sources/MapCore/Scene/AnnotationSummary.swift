/// One annotation as a scene dump shows it.
package struct AnnotationSummary: Equatable, Sendable {
    /// The annotation's name in dumps.
    public var id: String
    /// Where the annotation is.
    public var coordinate: Coordinate
    /// Whether it is selected.
    public var selected: Bool
    /// Where its view is in a drag.
    public var dragState: DragState
    /// For a cluster: how many annotations it stands for, and the ids of the first 20.
    public var count: Int?
    /// A cluster's members' names; nil for an annotation that is not a cluster.
    public var members: [String]?
    /// How many member ids a cluster's summary lists.
    public static let listedMembers = 20

    /// A summary of the annotation `id`.
    public init(id: String, coordinate: Coordinate, selected: Bool, dragState: DragState) {
        self.id = id
        self.coordinate = coordinate
        self.selected = selected
        self.dragState = dragState
    }
}
