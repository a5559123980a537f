import MapEngine

/// A pin a person may name and write a note on (the window's pin editor:
/// the callout's pencil, the details panel's Edit, Enter or F2 on a
/// selected pin).
///
/// The note is what the callout's second line says of the pin. A
/// placemark keeps its note apart from its looked-up place name, which the
/// map rewrites whenever it moves; any other pin's note is its subtitle.
///
///     pin.title = "Lunch"
///     pin.note = "Noodles on the second floor"
@MainActor
package protocol EditablePin: NameableAnnotation, AnyObject {
    var title: String? { get set }
    /// The pin's own words: a placemark's note, any other pin's subtitle.
    var note: String? { get set }
    /// Whether the person may change the name and note (a file's locked pins may not).
    var isEditable: Bool { get }
}

/// A pin's name and note together, as the editor reads and writes them.
struct PinText: Equatable {
    var title: String?
    var note: String?

    @MainActor
    init(of pin: any EditablePin) {
        title = pin.title
        note = pin.note
    }

    init(title: String?, note: String?) {
        self.title = title
        self.note = note
    }

    @MainActor
    func apply(to pin: any EditablePin) {
        pin.title = title
        pin.note = note
    }
}

extension Annotation {
    /// The callout's second line: a placemark's note when it has one (its
    /// place name otherwise), any other annotation's subtitle.
    @MainActor
    var calloutSubtitle: String? {
        if isPlacemark, let pin = self as? any EditablePin, let note = pin.note, !note.isEmpty { return note }
        return subtitle
    }
}

extension PointAnnotation: EditablePin {
    /// A placemark's note, kept apart from its looked-up name; another pin's subtitle.
    package var note: String? {
        get { isPlacemark ? placemarkNote : subtitle }
        set {
            if isPlacemark {
                guard newValue != placemarkNote else { return }
                placemarkNote = newValue
                changes.post(.calloutInfo)
            } else {
                subtitle = newValue
            }
        }
    }
}
