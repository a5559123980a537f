/// Closed rings of points: polygon outlines and their holes.
enum Ring {
    /// Whether `point` lies inside `ring` (even-odd: a ring crossed an odd number of times).
    static func contains(_ ring: [Point], _ point: Point) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
