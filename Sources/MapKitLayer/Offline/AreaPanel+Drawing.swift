import Foundation
import MapEngine

extension AreaPanel {
    /// The outline of the area over the map (the rest of the view dimmed)
    /// and the card, with `pressed` drawn pressed.
    func commands(camera: Camera, scale: Double, pressed: Part?, metrics: TextMeasuring) -> [DrawCommand] {
        let viewport = camera.viewportSize
        let laid = layout(viewport: viewport, scale: scale)
        let plan = self.plan(camera: camera, scale: scale)
        var commands: [DrawCommand] = []
        if stage == .choosing || isDownloading {
            let box = Self.outline(viewport: viewport, scale: scale, card: laid.frame)
            let dim = Color(hex: 0x000000, alpha8: 56)
            commands += [
                .rect(Rect(x: 0, y: 0, width: viewport.width, height: box.minY), dim),
                .rect(Rect(x: 0, y: box.maxY, width: viewport.width, height: max(viewport.height - box.maxY, 0)), dim),
                .rect(Rect(x: 0, y: box.minY, width: box.minX, height: box.height), dim),
                .rect(Rect(x: box.maxX, y: box.minY, width: max(viewport.width - box.maxX, 0), height: box.height), dim),
            ]
            let width = max(2, (2 * scale).rounded())
            commands += [
                .rect(Rect(x: box.minX, y: box.minY, width: box.width, height: width), Self.accent),
                .rect(Rect(x: box.minX, y: box.maxY - width, width: box.width, height: width), Self.accent),
                .rect(Rect(x: box.minX, y: box.minY, width: width, height: box.height), Self.accent),
                .rect(Rect(x: box.maxX - width, y: box.minY, width: width, height: box.height), Self.accent),
            ]
        }
        let frame = laid.frame
        commands += ControlStyle.card(frame, radius: 10 * scale, role: "area-panel", scale: scale)
        let pad = Self.padding * scale, row = Self.rowHeight * scale
        func rowY(_ index: Int) -> Double { frame.minY + pad + Double(index) * row }
        func text(_ string: String, _ font: FontSpec, _ color: Color, x: Double, row index: Int, width: Double) {
            let scaled = FontSpec(size: font.size * scale, weight: font.weight)
            let fitted = metrics.truncated(string, font: scaled, maxWidth: max(width, 1))
            let y = rowY(index) + (row - fitted.size.height) / 2
            commands.append(.text(TextDraw(text: fitted.text, font: scaled, color: color,
                                           rect: Rect(origin: Point(x: x.rounded(), y: y.rounded()), size: fitted.size))))
        }
        func rect(_ part: Part) -> Rect { laid.rect(of: part) }
        func button(_ title: String, _ part: Part, filled: Bool, enabled: Bool = true, font: FontSpec = Self.buttonFont) {
            let box = rect(part)
            let isPressed = pressed == part && enabled
            let face = !enabled ? Color(hex: 0xDADCE0) : filled ? (isPressed ? Color(hex: 0x1558B0) : Self.accent)
                : (isPressed ? ControlStyle.pressedFace : Color(hex: 0xF1F3F4))
            let outline = CalloutDrawing.roundedRect(box, radius: box.height / 2)
            commands.append(.shape(ShapeDraw(outline: outline, center: box.center, color: face, feather: 1, rect: box, role: "area-panel-button",
                                             action: "area-\(title.lowercased())")))
            let scaled = FontSpec(size: font.size * scale, weight: font.weight)
            let size = metrics.size(of: title, font: scaled)
            let ink = !enabled ? ControlStyle.grey : filled ? Color(hex: 0xFFFFFF) : Self.accent
            commands.append(.text(TextDraw(text: title, font: scaled, color: ink,
                                           rect: Rect(x: (box.midX - size.width / 2).rounded(), y: (box.midY - size.height / 2).rounded(),
                                                      width: size.width, height: size.height))))
        }
        let left = frame.minX + pad, inner = frame.width - 2 * pad
        let title: String = switch stage {
        case .choosing, .failed: "Download this area for offline use"
        case .downloading(let name, _): "Downloading \(name)…"
        case .finished(let name, let progress): progress.done >= progress.total && progress.failed == 0 ? "Downloaded \(name)" : "Stopped \(name)"
        }
        text(title, Self.titleFont, ControlStyle.ink, x: left, row: 0, width: inner - 34 * scale)
        button("×", .close, filled: false, font: FontSpec(size: 16, weight: .bold))

        text("Zooms", Self.textFont, ControlStyle.grey, x: left, row: 1, width: 60 * scale)
        let choosing = !isDownloading
        button("−", .fromLess, filled: false, enabled: choosing && zooms.lowerBound > 0)
        text("\(zooms.lowerBound)", Self.buttonFont, ControlStyle.ink, x: rect(.fromLess).maxX + 10 * scale, row: 1, width: 24 * scale)
        button("+", .fromMore, filled: false, enabled: choosing && zooms.lowerBound < zooms.upperBound)
        text("to", Self.textFont, ControlStyle.grey, x: rect(.fromMore).maxX + 12 * scale, row: 1, width: 24 * scale)
        button("−", .toLess, filled: false, enabled: choosing && zooms.upperBound > zooms.lowerBound)
        text("\(zooms.upperBound)", Self.buttonFont, ControlStyle.ink, x: rect(.toLess).maxX + 10 * scale, row: 1, width: 24 * scale)
        button("+", .toMore, filled: false, enabled: choosing && zooms.upperBound < 16)

        var allowed = false
        switch (stage, plan) {
        case (.downloading(_, let progress), _), (.finished(_, let progress), _):
            let share = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 1
            let track = Rect(x: left, y: rowY(2) + row / 2 - 3 * scale, width: inner, height: 6 * scale)
            commands.append(.rect(track, Color(hex: 0xE8EAED)))
            commands.append(.rect(Rect(x: track.minX, y: track.minY, width: (track.width * min(max(share, 0), 1)).rounded(), height: track.height),
                                  Self.accent))
            var words = "\(grouped(progress.done)) of \(grouped(progress.total)) tiles · " + megabytes(progress.bytes)
            if isDownloading, let left = progress.secondsLeft { words += " · " + Self.timeLeft(left) }
            if let reason = progress.stopReason { words = reason + "; Download carries on" }
            else if !isDownloading && progress.failed > 0 { words += " · \(progress.failed) left: Download carries on" }
            else if !isDownloading && progress.done >= progress.total { words += " · ready offline" }
            let action = rect(isDownloading ? .stop : .download)
            text(words, Self.textFont, progress.stopReason == nil ? ControlStyle.ink : Self.warning,
                 x: action.maxX + 12 * scale, row: 3, width: frame.maxX - pad - action.maxX - 12 * scale)
            allowed = !isDownloading
        case (.failed(let reason), _):
            text(reason, Self.textFont, Self.warning, x: left, row: 2, width: inner)
            allowed = true
        case (.choosing, .success(let area)):
            let count = area.tileCount
            if count > mostTiles {
                text("\(grouped(count)) tiles: over the cap of \(grouped(mostTiles)); zoom in or lower the zooms", Self.textFont, Self.warning,
                     x: left, row: 2, width: inner)
            } else {
                text("\(grouped(count)) tiles · about \(megabytes(area.estimatedBytes))", Self.textFont, ControlStyle.ink, x: left, row: 2, width: inner)
                allowed = true
            }
        case (.choosing, .failure(let problem)):
            text("No area to download here: \(problem.description)", Self.textFont, Self.warning, x: left, row: 2, width: inner)
        }
        if isDownloading {
            button("Stop", .stop, filled: false)
        } else {
            button("Download", .download, filled: true, enabled: allowed && plan.isSuccess)
        }
        let listed = areas.prefix(Self.mostListed)
        if !listed.isEmpty {
            text("Your areas" + (areas.count > listed.count ? " (\(areas.count))" : ""), Self.buttonFont, ControlStyle.grey, x: left, row: 4, width: inner)
            for (index, area) in listed.enumerated() {
                let update = rect(.update(area.name))
                text(area.name, Self.buttonFont, ControlStyle.ink, x: left, row: 5 + index, width: min(120 * scale, update.minX - left - 8 * scale))
                let nameWidth = min(metrics.size(of: area.name, font: FontSpec(size: Self.buttonFont.size * scale, weight: .bold)).width, 120 * scale)
                text(area.detail, Self.textFont, ControlStyle.grey, x: left + nameWidth + 8 * scale, row: 5 + index,
                     width: update.minX - left - nameWidth - 16 * scale)
                button("Update", .update(area.name), filled: false, enabled: !isDownloading, font: Self.textFont)
                button("Delete", .delete(area.name), filled: false, enabled: !isDownloading, font: Self.textFont)
            }
        }
        return commands
    }

    /// "21 MB", "4.2 MB", "830 KB".
    func megabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(max(bytes / 1000, bytes > 0 ? 1 : 0)) KB" }
        let value = Double(bytes) / 1_000_000
        return value < 10 ? String(format: "%.1f MB", value) : "\(grouped(Int(value.rounded()))) MB"
    }

    /// "40 s left", "12 min left".
    static func timeLeft(_ seconds: Double) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s left" : "\(Int((seconds / 60).rounded())) min left"
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}
