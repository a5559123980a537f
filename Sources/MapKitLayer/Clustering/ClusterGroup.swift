import MapEngine

/// The annotations that share a clustering identifier, as one build of
/// the clusters sees them: their slots, their places and priorities (read
/// by the index, then let go), each one's pin colour, and their index.
struct ClusterGroup: Sendable {
    var name = ""
    /// True for the annotations without a clustering identifier that
    /// give way (priority below `required`): where they collide the
    /// leader shows and the others hide, with no cluster drawn.
    var hides = false
    var mode = CollisionMode.rectangle
    var slots: [Int32] = []
    var points: [Point] = []
    var priorities: [Float] = []
    /// Each point's pin colour, as its place in `palette` plus one (0: none).
    var tints: [UInt16] = []
    var palette: [Color] = []
    /// Each colour's code in `tints`.
    var codes: [Color: UInt16] = [:]
    var index = ClusterIndex(points: [])

    /// The colour most of a cluster's members have, counted from `tints`.
    func majorityTint(of id: Int32) -> Color {
        ClusterAnnotation.majorityTint(of: index.members(of: id).lazy.map { point in
            let code = Int(tints[Int(point)])
            return code == 0 ? nil : palette[code - 1]
        })
    }

    /// The code of a pin colour, added to the palette when new. Most maps
    /// use a few colours: a short palette is searched before the table
    /// (hashing a colour per pin took 10 ms at 100,000 pins).
    mutating func code(of tint: Color?) -> UInt16 {
        guard let tint else { return 0 }
        if palette.count <= 8 {
            if let k = palette.firstIndex(of: tint) { return UInt16(k + 1) }
        } else if let code = codes[tint] {
            return code
        }
        guard palette.count < Int(UInt16.max) else { return 0 }
        palette.append(tint)
        codes[tint] = UInt16(palette.count)
        return UInt16(palette.count)
    }
}
