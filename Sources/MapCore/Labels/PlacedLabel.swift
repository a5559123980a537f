/// A label placed on screen: its pieces of text (one per line, or one per
/// glyph along a line) and the key that follows it from frame to frame.
public struct PlacedLabel: Sendable, Equatable {
    /// One run of text: its top-left corner and size before rotation, and
    /// the rotation about its centre, in degrees clockwise.
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var rect: Rect
        public var rotation: Double
    }

    /// An icon from the style's sprite, drawn under the text.
    public struct Icon: Sendable, Equatable {
        public var name: String
        public var rect: Rect
    }

    /// Same label in the next frame, same key: layer, text and place in the world.
    public var key: LabelKey
    public var pieces: [Piece]
    public var look: LabelLook
    /// Font size in pixels, for this frame's zoom and scale.
    public var fontSize: Double
    public var icon: Icon?
}

/// What identifies a label across frames and tile levels.
public struct LabelKey: Hashable, Sendable {
    public var layer: String
    public var text: String
    /// The anchor in world units at zoom 0, rounded to a few metres.
    public var x: Int64
    public var y: Int64
}
