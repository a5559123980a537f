import Foundation

/// `text-variable-anchor` and `text-radial-offset`: a point label tries its
/// anchors in turn, each with the text moved away from the point towards
/// the side it lies on, and takes the first that finds room.
///
///     look.variableAnchors = [.left, .right, .top]   // east of the point first, then west, then south
///     look.radialOffset = 0.5
///     look.offset(for: .right)                        // (-0.5, 0): the text ends half an em west of the point
extension LabelLook {
    /// The anchors to try, in order: the variable ones, else `text-anchor` alone.
    var anchorsToTry: [Anchor] { variableAnchors.isEmpty ? [anchor] : variableAnchors }

    /// Where the top-left corner of text of `size` goes for it to stand
    /// at `anchor` by its `textAnchor` part, moved by its offset (in ems of `em` pixels).
    func origin(ofText size: Size, at anchor: Point, standingAt textAnchor: Anchor, em: Double) -> Point {
        let offset = self.offset(for: textAnchor)
        var origin = Point(x: anchor.x + offset.x * em, y: anchor.y + offset.y * em)
        switch textAnchor {
        case .left, .topLeft, .bottomLeft: break
        case .right, .topRight, .bottomRight: origin.x -= size.width
        default: origin.x -= size.width / 2
        }
        switch textAnchor {
        case .top, .topLeft, .topRight: break
        case .bottom, .bottomLeft, .bottomRight: origin.y -= size.height
        default: origin.y -= size.height / 2
        }
        return origin
    }

    /// The text's offset in ems when it stands at `anchor`. Without
    /// variable anchors, `text-offset` as written. With them, the offset
    /// points from the point into the text: `text-radial-offset` ems along
    /// the anchor's direction (split evenly between the axes at a corner,
    /// so the distance stays the same), or else `text-offset`'s sizes on
    /// each axis, their signs taken from the anchor.
    func offset(for anchor: Anchor) -> Point {
        guard !variableAnchors.isEmpty else { return offset }
        let (x, y) = anchor.side
        if let radialOffset {
            let along = x != 0 && y != 0 ? radialOffset / 2.squareRoot() : radialOffset
            return Point(x: x * along, y: y * along)
        }
        return Point(x: x * abs(offset.x), y: y * abs(offset.y))
    }
}

extension LabelLook.Anchor {
    /// Where the text lies from its point, on each axis: a `left` anchor
    /// has the text east of it (+1, 0), a `bottom` one north (0, -1), `center` on it.
    var side: (x: Double, y: Double) {
        switch self {
        case .center: (0, 0)
        case .left: (1, 0)
        case .right: (-1, 0)
        case .top: (0, 1)
        case .bottom: (0, -1)
        case .topLeft: (1, 1)
        case .topRight: (-1, 1)
        case .bottomLeft: (1, -1)
        case .bottomRight: (-1, -1)
        }
    }
}
