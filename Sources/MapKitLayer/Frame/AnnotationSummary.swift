import MapEngine

/// One annotation as a scene dump shows it.
package struct AnnotationSummary: Equatable, Sendable {
    /// The annotation's name in dumps.
    package var id: String
    /// Where the annotation is.
    package var coordinate: Coordinate
    /// Whether it is selected.
    package var selected: Bool
    /// Where its view is in a drag.
    package var dragState: DragState
    /// For a cluster: how many annotations it stands for, and the ids of the first 20.
    package var count: Int?
    /// A cluster's members' names; nil for an annotation that is not a cluster.
    package var members: [String]?
    /// How many member ids a cluster's summary lists.
    package static let listedMembers = 20

    /// A summary of the annotation `id`.
    package init(id: String, coordinate: Coordinate, selected: Bool, dragState: DragState) {
        self.id = id
        self.coordinate = coordinate
        self.selected = selected
        self.dragState = dragState
    }
}
