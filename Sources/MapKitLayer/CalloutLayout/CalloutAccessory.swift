import MapEngine

/// A control at one side of a callout (MapKit's left and right callout
/// accessory views). A tap on it hands the control to the delegate, as
/// MapKit hands the tapped `UIControl`:
///
///     view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "details")
///
///     func mapView(_ map: MapController, annotationView view: AnnotationView,
///                  calloutAccessoryControlTapped control: CalloutAccessory) {
///         if control == view.rightCalloutAccessory { showDetails(of: view.annotation) }
///     }
public struct CalloutAccessory: Equatable, Sendable {
    /// The looks a callout control can have (MapKit's button types).
    ///
    ///     view.leftCalloutAccessory = CalloutAccessory(.image(AnnotationImage(name: "bus", size: Size(width: 24, height: 24))),
    ///                                               identifier: "timetable")
    public enum Kind: Equatable, Sendable {
        /// A blue disc with a chevron: "more about this".
        case detailDisclosure
        /// An "i" in a ring.
        case infoButton
        /// A plus in a ring (MapKit's contact-add button).
        case add
        /// A button showing any image, scaled down to at most 32 pt tall.
        case image(AnnotationImage)
        /// A button with a title: how a callout layout file's titled button
        /// is handed to the delegate. A callout's sides hold images only, so
        /// as a left or right accessory it is not drawn.
        case titled(String)

        /// The image drawn, at its size in points (at most `maxHeight` tall).
        public var image: AnnotationImage {
            switch self {
            case .detailDisclosure: return CalloutAccessory.detailImage
            case .infoButton: return CalloutAccessory.infoImage
            case .add: return CalloutAccessory.addImage
            case .titled: return AnnotationImage(name: "", size: Size(width: 0, height: 0), hasDoubleScale: false)
            case .image(let image):
                guard image.size.height > CalloutAccessory.maxHeight, image.size.height > 0 else { return image }
                let k = CalloutAccessory.maxHeight / image.size.height
                return AnnotationImage(name: image.name, size: Size(width: image.size.width * k,
                                                                    height: CalloutAccessory.maxHeight))
            }
        }
    }

    static let detailImage = AnnotationImage(name: "callout-detail", size: Size(width: 26, height: 26))
    static let infoImage = AnnotationImage(name: "callout-info", size: Size(width: 22, height: 22))
    static let addImage = AnnotationImage(name: "callout-add", size: Size(width: 22, height: 22))

    /// How the control looks.
    public var kind: Kind
    /// What the delegate is told when the control is tapped.
    public var identifier: String

    /// Accessories are at most this tall, in points.
    public static let maxHeight = 32.0

    /// A control that looks like `kind` and reports `identifier` when tapped.
    public init(_ kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }
}
