import MapEngine

/// Finding a place by name on the map: the search field at the top, its
/// list of matches, and the temporary marker where the map flew. Ctrl+F,
/// `/` or the search button open it; typing lists up to 8 matches (see
/// `PlaceSearch`); Up/Down pick one; Enter or a click flies there and
/// marks it; Enter again turns the mark into a pin; Escape closes it all.
///
///     map.search.finder = PlaceSearch(gazetteer)   // built off the main thread
///     map.search.isOpen                            // a window starts text input while true
package final class SearchBox {
    /// How many matches the list shows.
    package static let listLength = 8

    /// The name index; nil until it is built (the field then says it is loading).
    package var finder: PlaceSearch? {
        didSet {
            refresh()
            changed?()
        }
    }
    /// Whether the search field shows.
    package private(set) var isOpen = false
    /// What has been typed.
    package private(set) var query = ""
    /// The places found for the query, best first.
    package private(set) var results: [Place] = []
    /// The match Up/Down picked, or nil before any (Enter takes the first).
    package private(set) var highlighted: Int?
    /// Where the map flew: marked until it becomes a pin or the field closes.
    package private(set) var marker: Place?
    /// Whether the field has the keyboard: from its opening until a place
    /// is picked, and again once the field is pressed (or `/` pressed).
    /// A window takes text only while it has (`SDL_StartTextInput`);
    /// otherwise keys move the map, with the pick still marked.
    package private(set) var isEditing = false
    var changed: (() -> Void)?

    /// Opens the field with the keyboard, or gives an open one the keyboard back.
    func open() {
        guard !isOpen || !isEditing else { return }
        (isOpen, isEditing) = (true, true)
        changed?()
    }

    func close() {
        guard isOpen else { return }
        (isOpen, isEditing, query, results, highlighted, marker) = (false, false, "", [], nil, nil)
        changed?()
    }

    func type(_ text: String) {
        // Line breaks and tabs an input method may send are not part of a name.
        let typed = text.filter { !$0.isNewline && $0 != "\t" }
        guard isOpen, isEditing, !typed.isEmpty else { return }
        query += typed
        refresh()
    }

    func deleteBackward() {
        guard isOpen, isEditing, !query.isEmpty else { return }
        query.removeLast()
        refresh()
    }

    /// Up (-1) or Down (+1) through the matches, stopping at the ends.
    func move(by step: Int) {
        guard !results.isEmpty else { return }
        highlighted = min(max((highlighted ?? -1) + step, 0), results.count - 1)
        marker = nil
        changed?()
    }

    /// The match to fly to (Enter, or a click on row `index`); it is marked.
    func choose(_ index: Int? = nil) -> Place? {
        let pick = index ?? highlighted ?? 0
        guard results.indices.contains(pick) else { return nil }
        highlighted = pick
        marker = results[pick]
        // The map flies there: its keys (zoom, pan) are the map's again.
        isEditing = false
        changed?()
        return marker
    }

    private func refresh() {
        results = finder?.matches(for: query, limit: SearchBox.listLength) ?? []
        highlighted = nil
        marker = nil
        changed?()
    }
}
