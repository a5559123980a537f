/// A control at one side of a callout (MapKit's left and right callout
/// accessory views). A tap on it is reported to the map's delegate with its
/// `identifier`.
///
///     view.rightCalloutAccessory = CalloutAccessory(.detailDisclosure, identifier: "details")
public struct CalloutAccessory: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case detailDisclosure
        case infoButton
        case image(AnnotationImage)
    }

    public var kind: Kind
    public var identifier: String

    /// Accessories are at most this tall, in points.
    public static let maxHeight = 32.0

    public init(_ kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }
}
