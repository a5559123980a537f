/// One Point feature of a pins file as the map shows it: where it is, its
/// text and its look, and where its coordinates sit in the file's bytes.
public struct PinFeature: Equatable, Sendable {
    public enum Symbol: Equatable, Sendable {
        case pin(PinColor)
        case bullseye
    }

    /// Position in the file's "features" array.
    public let index: Int
    /// The feature's `id`, else its index, as text.
    public let id: String
    public let coordinate: Coordinate
    public let title: String?
    public let subtitle: String?
    public let symbol: Symbol
    public let isDraggable: Bool
    /// Byte ranges of the longitude and latitude numbers in the file.
    let longitudeRange: Range<Int>
    let latitudeRange: Range<Int>
}
