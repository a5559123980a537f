/// A polyline moved sideways (right of its direction for positive
/// distances, as `line-offset` is), its corners mitred and the mitres capped
/// so a sharp turn does not shoot a spike.
///
///     LineOffset.offset([a, b, c], by: 3)
enum LineOffset {
    static func offset(_ line: [Point], by distance: Double) -> [Point] {
        guard line.count >= 2, distance != 0 else { return line }
        var normals: [Point] = []
        normals.reserveCapacity(line.count - 1)
        for index in 1..<line.count {
            let d = line[index] - line[index - 1]
            let length = d.length
            // In y-down pixels the right-hand normal of (dx, dy) is (-dy, dx).
            normals.append(length > 0 ? Point(x: -d.y / length, y: d.x / length) : (normals.last ?? Point(x: 0, y: 0)))
        }
        var output: [Point] = []
        output.reserveCapacity(line.count)
        output.append(line[0] + normals[0] * distance)
        for index in 1..<(line.count - 1) {
            let a = normals[index - 1], b = normals[index]
            var mitre = Point(x: a.x + b.x, y: a.y + b.y)
            let length = mitre.length
            if length < 1e-6 {
                mitre = a
            } else {
                // Scale to reach the offset lines' crossing, at most 4 times the distance.
                let cosine = (a.x * b.x + a.y * b.y + 1) / 2
                mitre = mitre * (1 / length) * (1 / max(cosine.squareRoot(), 0.25))
            }
            output.append(line[index] + mitre * distance)
        }
        output.append(line[line.count - 1] + normals[normals.count - 1] * distance)
        return output
    }
}
