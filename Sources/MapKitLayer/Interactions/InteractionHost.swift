import MapEngine

/// What an interaction reads of the map it serves: the camera, the screen's
/// scale, the layers and controls it hit-tests. Interactions change none of
/// it; they answer with effects that the map's controller applies
/// (`MapController` is the one host).
@MainActor
protocol InteractionHost: AnyObject {
    /// Where the map looks and the viewport's size.
    var camera: Camera { get }
    /// Pixels per point.
    var displayScale: Double { get }
    /// The zoom levels the map's tiles reach.
    var levels: ClosedRange<Int> { get }
    /// The map's own controls and panels.
    var chrome: MapChrome { get }
    /// Whether the app downloads areas for offline use (Ctrl+D, the menu's item).
    var offersAreaDownload: Bool { get }
    /// The annotations and their views.
    var annotationLayer: AnnotationLayer { get }
    /// The callout shown, and its controls.
    var callouts: CalloutPresenter { get }
    /// The user's location, when a feed gives it.
    var userLocation: UserLocation { get }
    /// The search field and its matches.
    var search: SearchBox { get }
    /// The pin editor's text.
    var pinEditor: PinEditor { get }
    /// The lines and areas drawn over the map.
    var overlayLayer: OverlayLayer { get }
    /// Whether an annotation is carried.
    var isDragging: Bool { get }
    /// The selected annotation, if any, as a list.
    var selectedAnnotations: [any Annotation] { get }
    /// The view showing an annotation, if it has one now.
    func view(for annotation: any Annotation) -> AnnotationView?
}

extension InteractionHost {
    /// The selected annotation when it is a pin whose name can be edited.
    var selectedPin: (any EditablePin)? {
        guard let pin = selectedAnnotations.first as? any EditablePin, pin.isEditable else { return nil }
        return pin
    }
}
