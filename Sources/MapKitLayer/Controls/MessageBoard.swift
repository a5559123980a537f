import MapEngine

/// The message on the map, if any, and when it goes: shown for
/// `MessageOverlay.duration` seconds, or until cleared.
@MainActor
package final class MessageBoard {
    /// What the map says when the user deleted a pin: "Deleted “Paris”. Ctrl+Z brings it back."
    package static func deletion(of annotation: any Annotation) -> String {
        "Deleted \(annotation.title.map { "“\($0)”" } ?? "the pin"). Ctrl+Z brings it back."
    }

    private var shown: (text: String, until: Double, isError: Bool)?

    var isShowing: Bool { shown != nil }
    /// Told when the message changes, for the map to draw it.
    var changed: (() -> Void)?

    func show(_ text: String, at now: Double, isError: Bool) {
        shown = (text, now + MessageOverlay.duration, isError)
        changed?()
    }

    func clear() {
        shown = nil
        changed?()
    }

    /// Takes the message down once its time is up.
    func expire(at now: Double) {
        if let shown, now >= shown.until { self.shown = nil }
    }

    func commands(viewport: Size, scale: Double = 1, metrics: TextMeasuring, top: Double = 8) -> [DrawCommand] {
        guard let shown else { return [] }
        return MessageOverlay.commands(text: shown.text, viewport: viewport, scale: scale, metrics: metrics, isError: shown.isError, top: top)
    }
}
