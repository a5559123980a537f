/// One annotation as a scene dump shows it.
public struct AnnotationSummary: Equatable, Sendable {
    public var id: String
    public var coordinate: Coordinate
    public var selected: Bool
    public var dragState: DragState

    public init(id: String, coordinate: Coordinate, selected: Bool, dragState: DragState) {
        self.id = id
        self.coordinate = coordinate
        self.selected = selected
        self.dragState = dragState
    }
}
