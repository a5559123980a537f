import MapEngine

/// A key press: a canonical key name and the modifiers held.
///
/// Names are lower case: letters `a`…`z`, digits `0`…`9`, `plus`, `minus`,
/// `equals`, `escape`, `left`, `right`, `up`, `down`, `return`, `space`, `tab`,
/// `backspace`, `delete`, `home`, `end`, `pageup`, `pagedown`, `slash`, `f1`, `f2`,
/// `f10`, `f11`, `menu`.
///
///     try KeyPress.parse("ctrl+shift+z")   // name "z", modifiers [.control, .shift]
package struct KeyPress: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Modifier keys held with a key.
    package struct Modifiers: OptionSet, Hashable, Sendable {
        /// The modifier bits.
        package let rawValue: Int
        /// Modifiers from their bits.
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Control (or Command, where the platform uses it).
        package static let control = Modifiers(rawValue: 1)
        /// Shift.
        package static let shift = Modifiers(rawValue: 2)
        /// Alt (Option).
        package static let alt = Modifiers(rawValue: 4)
    }

    /// The key's canonical name (see above).
    package var name: String
    /// The modifier keys held.
    package var modifiers: Modifiers

    /// The key `name` with `modifiers` held.
    package init(_ name: String, modifiers: Modifiers = []) {
        self.name = name
        self.modifiers = modifiers
    }

    /// Every key name the core knows.
    package static let knownNames: Set<String> = {
        var names: Set<String> = ["plus", "minus", "equals", "escape", "left", "right", "up", "down",
                                  "return", "space", "tab", "backspace", "delete", "home", "end",
                                  "pageup", "pagedown", "slash", "f1", "f2", "f10", "f11", "menu"]
        for scalar in UnicodeScalar("a").value...UnicodeScalar("z").value {
            names.insert(String(UnicodeScalar(scalar)!))
        }
        for digit in 0...9 { names.insert(String(digit)) }
        return names
    }()

    /// Short spellings accepted in scripts.
    static let aliases = ["+": "plus", "-": "minus", "=": "equals", "esc": "escape", "enter": "return", "/": "slash"]

    /// Parses "escape", "ctrl+z", "ctrl+shift+z", "+"; nil for an unknown name.
    package static func parse(_ text: String) -> KeyPress? {
        var parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "+" alone and "ctrl++" name the plus key itself.
        if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let last = parts.popLast() else { return nil }
        var modifiers: Modifiers = []
        for part in parts {
            switch part {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            default: return nil
            }
        }
        let name = aliases[last] ?? last
        guard knownNames.contains(name) else { return nil }
        return KeyPress(name, modifiers: modifiers)
    }

    /// The key as `parse` reads it: "ctrl+shift+z".
    package var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.shift) { parts.append("shift") }
        if modifiers.contains(.alt) { parts.append("alt") }
        return (parts + [name]).joined(separator: "+")
    }
}
