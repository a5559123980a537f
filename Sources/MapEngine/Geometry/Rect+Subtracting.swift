extension Rect {
    /// The parts of this rectangle outside `other`, as up to four
    /// rectangles that do not overlap: a band above, a band below, and the
    /// pieces left and right of `other` between them.
    ///
    ///     Rect(x: 0, y: 0, width: 10, height: 10)
    ///         .subtracting(Rect(x: 2, y: 0, width: 10, height: 10))   // [(0, 0, 2, 10)]
    public func subtracting(_ other: Rect) -> [Rect] {
        guard intersects(other) else { return width > 0 && height > 0 ? [self] : [] }
        var pieces: [Rect] = []
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        if other.minY > minY { pieces.append(Rect(x: minX, y: minY, width: width, height: other.minY - minY)) }
        if other.maxY < maxY { pieces.append(Rect(x: minX, y: other.maxY, width: width, height: maxY - other.maxY)) }
        if other.minX > minX { pieces.append(Rect(x: minX, y: top, width: other.minX - minX, height: bottom - top)) }
        if other.maxX < maxX { pieces.append(Rect(x: other.maxX, y: top, width: maxX - other.maxX, height: bottom - top)) }
        return pieces
    }
}
