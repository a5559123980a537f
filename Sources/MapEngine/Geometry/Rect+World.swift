extension Rect {
    /// A rectangle of the unit world that may run past the antimeridian (x
    /// outside 0..<1), as the one or two pieces inside 0…1 across it covers;
    /// the whole width when it is a world wide or more.
    ///
    ///     Rect(x: 0.9, y: 0.2, width: 0.3, height: 0.1).worldPieces
    ///     // [x 0.9 width 0.1, x 0 width 0.2]
    package var worldPieces: [Rect] {
        if width >= 1 { return [Rect(x: 0, y: minY, width: 1, height: height)] }
        let start = minX - minX.rounded(.down)
        var pieces = [Rect(x: start, y: minY, width: min(width, 1 - start), height: height)]
        if start + width > 1 { pieces.append(Rect(x: 0, y: minY, width: start + width - 1, height: height)) }
        return pieces
    }
}
