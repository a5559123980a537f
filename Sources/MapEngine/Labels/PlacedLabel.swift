import Foundation

/// A label placed on screen: its pieces of text (one per line, or one per
/// glyph along a line) and the key that follows it from frame to frame.
package struct PlacedLabel: Sendable, Equatable {
    /// One run of text: its top-left corner and size before rotation, and
    /// the rotation about its centre, in degrees clockwise.
    package struct Piece: Sendable, Equatable {
        /// The characters of this run.
        package var text: String
        /// Its box before rotation, in screen pixels.
        package var rect: Rect
        /// Degrees clockwise about the box's centre.
        package var rotation: Double
    }

    /// An icon from the style's sprite, drawn under the text.
    package struct Icon: Sendable, Equatable {
        /// The icon's name in the style's sprite.
        package var name: String
        /// Where it is drawn, in screen pixels, before it is turned.
        package var rect: Rect
        /// Turned about the rect's centre, in degrees clockwise: along its line, or by `icon-rotate`.
        package var rotation: Double = 0
    }

    /// Same label in the next frame, same key: layer, text and place in the world.
    package var key: LabelKey
    /// The runs of text, in drawing order.
    package var pieces: [Piece]
    /// The look the label was placed with.
    package var look: LabelLook
    /// Font size in pixels, for this frame's zoom and scale.
    package var fontSize: Double
    /// The icon at the anchor, if the label has one.
    package var icon: Icon?
    /// Whether its text turns with the map (a label along a line, or one
    /// aligned to the map): as the map turns, its pieces turn about the anchor.
    package var turnsWithMap = false
    /// The map tile it came from and its feature's place in that tile's
    /// layer, so a tap on it can find the feature (`FeatureQuery`).
    package var origin: LabelOrigin?
    /// Its layer's place, sort key and feature, for the order labels are drawn in.
    package var priority = LabelPriority(layerIndex: 0, featureIndex: 0)
    /// Which of its variable anchors the text stands at (`text-variable-anchor`); nil without them.
    package var textAnchor: LabelLook.Anchor?
}

/// Where a placed label came from: the map tile whose labels offered it
/// and its feature's place in that tile's layer.
package struct LabelOrigin: Hashable, Sendable {
    package let tile: TileID
    package let featureIndex: Int
}

/// What identifies a label across frames and tile levels.
package struct LabelKey: Hashable, Sendable {
    /// The style layer.
    package var layer: String
    /// The label's text.
    package var text: String
    /// The anchor's x in world units at zoom 0 (256 across), times 100,000, rounded.
    package var x: Int64
    /// The anchor's y, likewise.
    package var y: Int64
}

extension PlacedLabel.Icon {
    /// The room it takes on screen: its rect, or the bounds of the rect turned.
    var bounds: Rect {
        guard rotation != 0 else { return rect }
        let angle = rotation * .pi / 180
        let (c, s) = (abs(cos(angle)), abs(sin(angle)))
        let width = rect.width * c + rect.height * s, height = rect.width * s + rect.height * c
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}
