/// Which lines a layer labels in a data tile, at a style zoom (`JoinedLineCache`).
struct JoinedLineKey: Hashable, Sendable {
    let source: String
    let tile: TileID
    let layer: Int
    let zoom: Double
}

/// The lines each layer labels in the last data tiles, joined, shared by the
/// workers: the many tiles of an enlarged data tile would each read and join
/// every line of it again.
typealias JoinedLineCache = DecodedTileCache<JoinedLineKey, [LayerOperations.PendingLine]>

/// Labels along lines, gathered as MapLibre lays them out: a road cut into
/// several features of one name is joined end to start into one line first,
/// so its name is spaced along the whole road and a short piece between two
/// junctions still finds room; then anchors are chosen along each line cut to
/// the data tile, and this tile keeps those within it. An anchor closer
/// than half the spacing to one of the same text is left out, so the two
/// carriageways of a motorway do not each carry its number.
extension LayerOperations {
    /// A line a label follows, in the data tile's own coordinates (so ends
    /// meet exactly), with what its label says and looks like.
    struct PendingLine {
        var text: String
        var look: LabelLook
        var priority: LabelPriority
        var centred: Bool
        var points: [Point]
        /// Whether it may be joined to another: only a feature's first part is, as in MapLibre.
        var mergeable: Bool
    }

    /// Keeps a feature's lines for `finishLineLabels`: the first part of each
    /// may be joined to another's, as MapLibre joins them; further parts stand alone.
    mutating func pendLineLabel(text: String, look: LabelLook, priority: LabelPriority, centred: Bool, parts: [[Point]]) {
        for (index, part) in parts.enumerated() where part.count >= 2 {
            pendingLines.append(PendingLine(text: text, look: look, priority: priority, centred: centred, points: part,
                                            mergeable: index == 0))
        }
    }

    /// Joins the kept lines (or takes them `joined` already, by another tile
    /// of the same data tile) and offers their labels' anchors in this tile;
    /// returns the joined lines, for the other tiles.
    @discardableResult
    mutating func finishLineLabels(joined: [PendingLine]? = nil) -> [PendingLine] {
        let lines = joined ?? LayerOperations.joined(pendingLines)
        pendingLines = []
        guard !lines.isEmpty else { return [] }
        let spacing = layer.number("symbol-spacing", StyleContext(zoom: zoom)) * scale
        let tileUnits = Rect(x: 0, y: 0, width: WebMercator.tileSize, height: WebMercator.tileSize)
        // The anchors of every line near this tile are weighed, so the tiles around agree which to leave out;
        // lines farther away cannot reach into it (a data tile is laid out by up to 4,096 tiles enlarged).
        var anchored: [String: [Point]] = [:]
        let reach = spacing / 2
        let near = Rect(x: -reach, y: -reach, width: tileUnits.width + 2 * reach, height: tileUnits.height + 2 * reach)
        for pending in lines {
            let box = LayerOperations.box(of: pending.points)
            guard LayerOperations.box(of: [transform(Point(x: box.minX, y: box.minY)), transform(Point(x: box.maxX, y: box.maxY))])
                .intersects(near) else { continue }
            // The label's length: its text's guessed (the placer measures it: an em for an ideograph, half one
            // for a letter), or its icon's when wider, measured as MapLibre does in the scale of the text (width × size / 24).
            let iconLength = pending.look.icon.flatMap { iconWidths[$0] }.map { $0 * pending.look.size / 24 } ?? 0
            let length = max(LayerOperations.ems(in: pending.text) * pending.look.size, iconLength) * scale
            for line in GeometryClipping.clipLine(pending.points.map(transform), to: labelBox) {
                let distances = pending.centred ? [LineGeometry.length(of: line) / 2]
                    : LineGeometry.anchors(along: line, spacing: spacing, labelLength: length, textSize: pending.look.size * scale,
                                           overscaling: overscaling, continued: LineGeometry.startsOnEdge(line, of: labelBox))
                for distance in distances {
                    let anchor = LineGeometry.point(along: line, at: distance).point
                    if !pending.text.isEmpty, !pending.centred {
                        guard !anchored[pending.text, default: []].contains(where: { ($0 - anchor).length < spacing / 2 }) else { continue }
                        anchored[pending.text, default: []].append(anchor)
                    }
                    guard tileUnits.contains(anchor) else { continue }
                    offerLabel(LabelCandidate(text: pending.text, tile: tile, styleZoom: zoom,
                                              placement: .line(path: line, anchorDistance: distance), layer: layer.id,
                                              look: pending.look, priority: pending.priority))
                }
            }
        }
        return lines
    }

    /// Lines of the same text where one ends exactly where the next starts,
    /// joined into one, in the order they came (those `mergeable`).
    static func joined(_ lines: [PendingLine]) -> [PendingLine] {
        struct End: Hashable { let text: String; let x: Double; let y: Double }
        func start(_ line: PendingLine) -> End { End(text: line.text, x: line.points[0].x, y: line.points[0].y) }
        func end(_ line: PendingLine) -> End { End(text: line.text, x: line.points[line.points.count - 1].x, y: line.points[line.points.count - 1].y) }
        var result: [PendingLine?] = []
        var endingAt: [End: Int] = [:], startingAt: [End: Int] = [:]
        for line in lines {
            guard line.mergeable, !line.text.isEmpty else { result.append(line); continue }
            let (head, tail) = (start(line), end(line))
            let before = endingAt[head], after = startingAt[tail]
            if let before, let after, before != after, let first = result[before], let last = result[after] {
                // A line between two others of its name: all three become one, where the first stood.
                result[before]!.points = first.points + line.points.dropFirst() + last.points.dropFirst()
                result[after] = nil
                endingAt[head] = nil
                startingAt[tail] = nil
                endingAt[end(result[before]!)] = before
            } else if let before, let first = result[before] {
                result[before]!.points = first.points + line.points.dropFirst()
                endingAt[head] = nil
                endingAt[tail] = before
            } else if let after, let last = result[after] {
                result[after]!.points = line.points + last.points.dropFirst()
                startingAt[tail] = nil
                startingAt[head] = after
            } else {
                result.append(line)
                endingAt[tail] = result.count - 1
                startingAt[head] = result.count - 1
            }
        }
        return result.compactMap { $0 }
    }

    /// About how many ems wide a line of text is: a wide character (an
    /// ideograph, kana, Hangul) one, any other about half of one. Shorter
    /// rather than longer, so a short road is not passed over: the placer
    /// measures the text and leaves out what does not fit.
    static func ems(in text: String) -> Double {
        text.unicodeScalars.reduce(0) { total, scalar in
            let wide = scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
            return total + (wide ? 1 : scalar.properties.generalCategory == .nonspacingMark ? 0 : 0.5)
        }
    }
}
