import MapEngine

/// A track's elevation profile drawn in the details panel: the ground as a
/// filled area under its line, distance across and elevation up, the
/// second line (heart rate or speed) in red on its own scale, and a marker
/// at the distance the pointer is over.
///
///     commands += ProfileChart(profile: profile, frame: chart).commands(marker: 5_000, metrics: fonts)
struct ProfileChart {
    let profile: TrackProfile
    /// Where the plot goes (labels go to its left and below it).
    let frame: Rect

    static let height = 100.0
    /// Room at the left for elevation labels, and below for distances.
    static let labelWidth = 40.0
    static let labelHeight = 16.0
    static let font = FontSpec(size: 10)
    static let markerFont = FontSpec(size: 10, weight: .bold)
    static let ground = Color(hex: 0x9CCB9A, alpha8: 200)
    static let groundLine = Color(hex: 0x2E7D32)
    static let otherLine = Color(hex: 0xD7191C)
    static let backdrop = Color(hex: 0xF1F3F4)
    static let ink = Color(hex: 0x5F6368)
    static let markerColor = Color(hex: 0x1B1B1B)

    /// The distance (metres) under screen x, or nil outside the plot.
    func distance(at point: Point) -> Double? {
        guard frame.insetBy(-2).contains(point), frame.width > 0 else { return nil }
        return min(max((point.x - frame.minX) / frame.width, 0), 1) * profile.length
    }

    func commands(marker: Double?, metrics: TextMeasuring) -> [DrawCommand] {
        var commands: [DrawCommand] = [.rect(frame, ProfileChart.backdrop)]
        let columns = max(1, Int(frame.width))
        func x(_ column: Int) -> Double { frame.minX + Double(column) }
        func distance(_ column: Int) -> Double { Double(column) / Double(max(1, columns - 1)) * profile.length }
        if let range = profile.elevationRange {
            // A little room above and below, so a flat track is a line in the middle, not the edge.
            let span = max(range.upperBound - range.lowerBound, 10)
            let low = (range.lowerBound + range.upperBound) / 2 - span * 0.55
            func y(_ elevation: Double) -> Double { frame.maxY - (elevation - low) / (span * 1.1) * frame.height }
            var previous: Point?
            for column in 0..<columns {
                guard let elevation = profile.value(atDistance: distance(column), \.elevation) else { previous = nil; continue }
                let top = y(elevation)
                commands.append(.rect(Rect(x: x(column), y: top, width: 1, height: frame.maxY - top), ProfileChart.ground))
                let point = Point(x: x(column) + 0.5, y: top)
                if let previous { commands.append(.line(from: previous, to: point, color: ProfileChart.groundLine, width: 1.5)) }
                previous = point
            }
            commands += label("\(Int(range.upperBound.rounded())) m", right: frame.minX - 4, y: y(range.upperBound), metrics: metrics)
            commands += label("\(Int(range.lowerBound.rounded())) m", right: frame.minX - 4, y: y(range.lowerBound), metrics: metrics)
        } else {
            commands += centred("No elevation in this track", y: frame.midY, metrics: metrics)
        }
        if let other = profile.other, let range = profile.otherRange {
            let span = max(range.upperBound - range.lowerBound, 1)
            func y(_ value: Double) -> Double { frame.maxY - 4 - (value - range.lowerBound) / span * (frame.height - 8) }
            var previous: Point?
            for column in 0..<columns {
                guard let value = profile.value(atDistance: distance(column), \.other) else { previous = nil; continue }
                let point = Point(x: x(column) + 0.5, y: y(value))
                if let previous { commands.append(.line(from: previous, to: point, color: ProfileChart.otherLine, width: 1)) }
                previous = point
            }
            let text = "\(other.label) \(Int(range.lowerBound.rounded()))–\(Int(range.upperBound.rounded())) \(other.unit)"
            let size = metrics.size(of: text, font: ProfileChart.font)
            // Under the plot, between the distances (where the marker's figure goes while it shows).
            if marker == nil {
                commands.append(.text(TextDraw(text: text, font: ProfileChart.font, color: ProfileChart.otherLine,
                                               rect: Rect(x: (frame.midX - size.width / 2).rounded(), y: frame.maxY + 2,
                                                          width: size.width, height: size.height))))
            }
        }
        let below = frame.maxY + 2
        // The marker's figure, then the ends' distances where it leaves them room.
        var taken: Rect?
        if let marker, profile.length > 0 {
            let mx = (frame.minX + marker / profile.length * frame.width).rounded() + 0.5
            commands.append(.line(from: Point(x: mx, y: frame.minY), to: Point(x: mx, y: frame.maxY),
                                  color: ProfileChart.markerColor, width: 1))
            var text = TrackFigures.distance(marker)
            if let elevation = profile.value(atDistance: marker, \.elevation) { text += " · \(Int(elevation.rounded())) m" }
            let size = metrics.size(of: text, font: ProfileChart.markerFont)
            let left = min(max(mx - size.width / 2, frame.minX), frame.maxX - size.width)
            let rect = Rect(x: left, y: below, width: size.width, height: size.height)
            commands.append(.text(TextDraw(text: text, font: ProfileChart.markerFont, color: ProfileChart.markerColor, rect: rect)))
            taken = rect.insetBy(-4)
        }
        let total = TrackFigures.distance(profile.length)
        let start = metrics.size(of: "0", font: ProfileChart.font), end = metrics.size(of: total, font: ProfileChart.font)
        for (text, rect) in [("0", Rect(origin: Point(x: frame.minX, y: below), size: start)),
                             (total, Rect(origin: Point(x: frame.maxX - end.width, y: below), size: end))]
            where !(taken?.intersects(rect) ?? false) {
            commands.append(.text(TextDraw(text: text, font: ProfileChart.font, color: ProfileChart.ink, rect: rect)))
        }
        return commands
    }

    private func label(_ text: String, right: Double, y: Double, metrics: TextMeasuring) -> [DrawCommand] {
        let size = metrics.size(of: text, font: ProfileChart.font)
        return [.text(TextDraw(text: text, font: ProfileChart.font, color: ProfileChart.ink,
                               rect: Rect(x: right - size.width, y: (y - size.height / 2).rounded(), width: size.width,
                                          height: size.height)))]
    }

    private func centred(_ text: String, y: Double, metrics: TextMeasuring) -> [DrawCommand] {
        let size = metrics.size(of: text, font: ProfileChart.font)
        return [.text(TextDraw(text: text, font: ProfileChart.font, color: ProfileChart.ink,
                               rect: Rect(x: frame.midX - size.width / 2, y: y - size.height / 2, width: size.width,
                                          height: size.height)))]
    }
}

extension TrackProfile {
    /// A sample's value at `distance`, between the samples around it; nil where either has none.
    func value(atDistance distance: Double, _ value: KeyPath<Sample, Double?>) -> Double? {
        guard !samples.isEmpty else { return nil }
        var low = 0, high = samples.count - 1
        guard distance > samples[0].distance else { return samples[0][keyPath: value] }
        guard distance < samples[high].distance else { return samples[high][keyPath: value] }
        while high - low > 1 {
            let middle = (low + high) / 2
            if samples[middle].distance < distance { low = middle } else { high = middle }
        }
        let a = samples[low], b = samples[high]
        guard let va = a[keyPath: value], let vb = b[keyPath: value] else { return a[keyPath: value] ?? b[keyPath: value] }
        let t = b.distance > a.distance ? (distance - a.distance) / (b.distance - a.distance) : 0
        return va + (vb - va) * t
    }
}
